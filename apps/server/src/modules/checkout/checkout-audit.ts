import { fenToYuan } from '@venue/contract';
import type { AuditChange } from '../audit/index.ts';
import type { PayableKind, PayableOrder } from './payable.ts';

interface PaidPart {
  pay_mode: string;
  pay_name: string;
  card_id?: number | null;
  money_fen: number;
}

const parts = (rows: PaidPart[]) => rows.map((r) => ({ payMode: r.pay_mode, payName: r.pay_name, cardId: r.card_id ?? null, money: fenToYuan(r.money_fen) }));

/** The audit entry of a paid order (recorded once, in the transaction that marks it paid). */
export function paidChange(kind: Pick<PayableKind, 'orderName'>, order: PayableOrder, priceFen: number, records: PaidPart[]): AuditChange {
  return {
    action: 'order.pay',
    target: `${kind.orderName} ${order.id}`,
    venueId: order.venue_id,
    before: { payState: order.pay_state },
    after: { payState: 'P', pricePay: fenToYuan(priceFen), parts: parts(records) },
  };
}

/** The audit entry of a completed refund (recorded once, in the transaction that gives the money back). */
export function refundChange(
  kind: Pick<PayableKind, 'orderName'>,
  order: PayableOrder,
  refund: { id: number; amount_fen: number; route: string; reason: string },
  records: PaidPart[],
  payStateAfter: string,
): AuditChange {
  return {
    action: 'order.refund',
    target: `${kind.orderName} ${order.id}`,
    venueId: order.venue_id,
    before: { payState: order.pay_state },
    after: {
      payState: payStateAfter,
      refundId: refund.id,
      amount: fenToYuan(refund.amount_fen),
      route: refund.route,
      reason: refund.reason,
      parts: parts(records),
    },
  };
}
