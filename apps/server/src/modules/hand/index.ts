import { hand, lease, sale, ticket } from '@venue/contract';
import { HAND_MENU } from './hand.menus.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { LeaseServices } from '../lease/index.ts';
import { defineModule } from '../module.ts';
import type { SaleServices } from '../sale/index.ts';
import type { TicketServices } from '../ticket/index.ts';
import type { UserService } from '../user/index.ts';
import { handAccountRoute, handDepositKind, handSettleKind } from './hand-payable.ts';
import { HandRepository } from './hand.repository.ts';
import { handRoutes, type HandServices } from './hand.routes.ts';
import { HandService } from './hand.service.ts';

export type { HandServices };

interface HandNeeds {
  audit: AuditService;
  users: UserService;
  checkout: CheckoutServices;
  sale: SaleServices;
  lease: LeaseServices;
  tickets: TicketServices;
}

/** Wristbands (手牌): lent with a deposit, goods sales, rentals and overstay charged to them, settled and the deposit back on return. */
export const handModule = defineModule({
  key: 'hands',
  services: ({ db, clock }, { audit, users, checkout, sale: sales, lease: leases, tickets }: HandNeeds): HandServices => {
    const repo = new HandRepository(db.kysely, db.engine);
    const deposit = handDepositKind(repo, clock);
    const settle = handSettleKind(repo);
    checkout.refunds.registerAccount(hand.HAND_PAY, handAccountRoute(repo));
    const chargeable = {
      [sale.SALE_ORDER_TYPE]: sales.kind,
      [lease.LEASE_ORDER_TYPE]: leases.kind,
      [ticket.TIMEOUT_ORDER_TYPE]: tickets.timeoutKind,
    };
    return {
      hands: new HandService({
        repo,
        audit,
        users,
        clock,
        checkout,
        deposit,
        settle,
        chargeable: () => chargeable,
        exit: (s, qrCode) => tickets.checks.exit(s, qrCode),
        check: (s, detailIds, hands) => tickets.checks.check(s, detailIds, hands),
      }),
      deposit,
      settle,
      checkout,
    };
  },
  routes: (app, guard, hands) => handRoutes(app, guard, hands),
  menus: [{ group: 'lease', menu: HAND_MENU }],
});
