import { MEMBER_MENUS, READ_CARDS_MENU } from './member-card.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import type { GateAccess } from '../gate/index.ts';
import type { VenueService } from '../venue/index.ts';
import { CardImportService } from './card-import.service.ts';
import { CardRepository } from './card.repository.ts';
import { CardService } from './card.service.ts';
import { CardLifeRepository } from './card-life.repository.ts';
import { CardLifeService } from './card-life.service.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { MemberArchiveRepository } from './member-archive.repository.ts';
import { MemberArchiveService } from './member-archive.service.ts';
import { LedgerService } from './ledger.service.ts';
import { memberCardRoutes } from './member-card.routes.ts';
import type { MemberCardServices } from './member-card.services.ts';
import { MemberRepository } from './member.repository.ts';

export type { MemberCardServices };

/** Members and their cards, the consume ledger, blacklist and the xlsx import/export. */
export const memberCardModule = defineModule({
  key: 'memberCards',
  services: ({ db, clock }, { venues, gateAccess, audit }: { venues: VenueService; gateAccess: GateAccess; audit: AuditService }): MemberCardServices => {
    const k = db.kysely;
    const cardRepo = new CardRepository(k, db.engine);
    const memberRepo = new MemberRepository(k);
    const ledgerRepo = new LedgerRepository(k, db.engine);
    return {
      cards: new CardService(cardRepo, memberRepo, clock, gateAccess),
      /** The cashier charges and refunds cards through memberCards.ledger.chargeCard / refundConsume inside its payment transaction. */
      ledger: new LedgerService(ledgerRepo, cardRepo, memberRepo, venues, k, clock, audit),
      imports: new CardImportService(memberRepo, k, clock),
      archive: new MemberArchiveService(new MemberArchiveRepository(k), k, clock, audit),
      life: new CardLifeService(new CardLifeRepository(k), cardRepo, ledgerRepo, k, clock, gateAccess, audit),
    };
  },
  routes: (app, guard, memberCards) => memberCardRoutes(app, guard, memberCards),
  menus: [
    { sidebar: 2, menu: MEMBER_MENUS },
    { sidebar: 4, menu: READ_CARDS_MENU },
  ],
});
