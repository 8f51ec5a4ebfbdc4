import { fenToYuan, payment, type OrderRefund } from '@venue/contract';
import type { RefundableLine } from './payable.ts';
import type { RefundLineRow, RefundPartRow, RefundRow } from './refund.repository.ts';

/** A refund as the screens show and print it (退款单): its lines (named by the order's lines), and its parts with where the money went. */
export function toOrderRefund(
  r: Pick<RefundRow, 'id' | 'order_id' | 'venue_name' | 'route' | 'state' | 'amount_fen' | 'reason' | 'message' | 'create_name' | 'created_at' | 'finished_at'>,
  lines: Pick<RefundLineRow, 'refund_id' | 'line_id' | 'item_id' | 'quantity' | 'amount_fen'>[],
  parts: Pick<RefundPartRow, 'refund_id' | 'pay_mode' | 'pay_name' | 'card_id' | 'card_no' | 'balance_after' | 'money_fen' | 'times' | 'state'>[],
  orderLines: RefundableLine[],
): OrderRefund {
  return {
    refundId: r.id,
    orderId: r.order_id,
    venueName: r.venue_name,
    route: r.route,
    state: r.state,
    amount: fenToYuan(r.amount_fen),
    reason: r.reason,
    message: r.message,
    createName: r.create_name,
    createTime: r.created_at,
    finishTime: r.finished_at,
    lines: lines
      .filter((l) => l.refund_id === r.id)
      .map((l) => {
        const line = orderLines.find((o) => o.id === l.line_id);
        return {
          detailId: l.line_id,
          goodsId: l.item_id,
          goodsName: line?.name ?? '',
          specs: line?.specs ?? '',
          unit: line?.unit ?? '',
          quantity: l.quantity,
          pricePay: fenToYuan(line?.price_pay_fen ?? 0),
          amount: fenToYuan(l.amount_fen),
        };
      }),
    parts: parts
      .filter((p) => p.refund_id === r.id)
      .map((p) => ({
        payMode: p.pay_mode,
        payName: payment.payRecordName({ payName: p.pay_name, payMode: p.pay_mode }),
        cardId: p.card_id,
        cardNo: p.card_no,
        // A times card's part (times set): its balance is times.
        cardBalance: p.balance_after === null ? null : p.times !== null ? p.balance_after : fenToYuan(p.balance_after),
        money: fenToYuan(p.money_fen),
        times: p.times,
        state: p.state,
      })),
  };
}
