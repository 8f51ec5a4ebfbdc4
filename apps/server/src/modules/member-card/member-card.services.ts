import type { CardImportService } from './card-import.service.ts';
import type { CardLifeService } from './card-life.service.ts';
import type { MemberArchiveService } from './member-archive.service.ts';
import type { CardService } from './card.service.ts';
import type { LedgerService } from './ledger.service.ts';

/** The member-card services the module's routes (JSON and file) are handed. */
export interface MemberCardServices {
  cards: CardService;
  ledger: LedgerService;
  imports: CardImportService;
  /** 会员档案. */
  archive: MemberArchiveService;
  /** Issue, top up, 挂失…退卡 (card-order's payments call issue and recharge inside their transaction). */
  life: CardLifeService;
}
