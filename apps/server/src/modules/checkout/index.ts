import type { AuditService } from '../audit/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import type { PaymentModuleServices } from '../payment/index.ts';
import { CardCharges } from './card-charges.ts';
import { CheckoutService } from './checkout.service.ts';
import { PayableRepository } from './payable.repository.ts';
import { RefundRepository } from './refund.repository.ts';
import { RefundService } from './refund.service.ts';

export type { CheckoutService, RefundService };
export type {
  PayableKind,
  PayableOrder,
  PayableLine,
  PayableLineDto,
  PayableTable,
  OrderLineTable,
  PayContext,
  RefundableKind,
  RefundableOrder,
  RefundableLine,
} from './payable.ts';
export { badRefund } from './refund-plan.ts';
export type { AccountRoute, SettledBy } from './account-route.ts';

/** The checkout's services: the 收款 and the 退款 of every payable kind. */
export interface CheckoutServices {
  payments: CheckoutService;
  refunds: RefundService;
}
export { toPayRecord, shownRecord } from './pay-record.mapper.ts';
export { ask } from './channel-flow.ts';
export { listTotalFen } from './pay-plan.ts';
export type { RecordRow, OrderLineRow } from './payable.repository.ts';
export { readOrderLines } from './payable.repository.ts';

/**
 * The 收款 of every payable order kind: a kind (goods sale, lease, ticket, card sale…) says where its
 * orders live and what a paid order changes; the checkout plans, claims, talks to the channels, charges
 * the cards and records the parts; its refunds give the money back the way it came. It has no routes
 * of its own: each kind's payOrder, queryOrderForPay and refund calls use it.
 */
export const checkoutModule = defineModule({
  key: 'checkout',
  services: (
    { db, clock },
    { memberCards, payment, audit }: { memberCards: MemberCardServices; payment: PaymentModuleServices; audit: AuditService },
  ): CheckoutServices => {
    const k = db.kysely;
    const { methods, channels, prefix } = payment;
    return {
      payments: new CheckoutService({
        db: k,
        repo: new PayableRepository(k, db.engine),
        cards: memberCards.cards,
        methods,
        channels,
        charges: new CardCharges(memberCards.ledger),
        clock,
        audit,
        prefix,
      }),
      refunds: new RefundService({
        db: k,
        refunds: new RefundRepository(k, db.engine),
        methods,
        channels,
        ledger: memberCards.ledger,
        clock,
        audit,
        prefix,
      }),
    };
  },
});
