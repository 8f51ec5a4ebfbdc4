import type { CardImportService } from './card-import.service.ts';
import type { CardService } from './card.service.ts';
import type { LedgerService } from './ledger.service.ts';

/** The member-card services the module's routes (JSON and file) are handed. */
export interface MemberCardServices {
  cards: CardService;
  ledger: LedgerService;
  imports: CardImportService;
}
