import type { MemberCardServices } from '../member-card/index.ts';
import { defineModule } from '../module.ts';
import type { PaymentModuleServices } from '../payment/index.ts';
import { CardCharges } from './card-charges.ts';
import { CheckoutService } from './checkout.service.ts';
import { PayableRepository } from './payable.repository.ts';

export type { CheckoutService };
export type { PayableKind, PayableOrder, PayableLine, PayableLineDto, PayContext } from './payable.ts';
export { toPayRecord, shownRecord } from './pay-record.mapper.ts';
export { ask } from './channel-flow.ts';
export { listTotalFen } from './pay-plan.ts';
export type { RecordRow } from './payable.repository.ts';

/**
 * The 收款 of every payable order kind: a kind (goods sale, lease, ticket, card sale…) says where its
 * orders live and what a paid order changes; the checkout plans, claims, talks to the channels, charges
 * the cards and records the parts. It has no routes of its own: each kind's payOrder and
 * queryOrderForPay call it.
 */
export const checkoutModule = defineModule({
  key: 'checkout',
  services: ({ db, clock }, { memberCards, payment }: { memberCards: MemberCardServices; payment: PaymentModuleServices }) => {
    const k = db.kysely;
    const repo = new PayableRepository(k);
    return new CheckoutService({
      db: k,
      repo,
      cards: memberCards.cards,
      methods: payment.methods,
      channels: payment.channels,
      charges: new CardCharges(memberCards.ledger),
      clock,
    });
  },
});
