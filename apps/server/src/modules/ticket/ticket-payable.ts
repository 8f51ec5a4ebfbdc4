import { fenToYuan, ticket } from '@venue/contract';
import { refuse } from '../../lib/errors.ts';
import type { OrderLineRow, PayableKind, PayableLineDto, RefundableKind } from '../checkout/index.ts';
import type { TicketOrderRepository, TicketOrderRow } from './ticket-order.repository.ts';

type TicketLine = OrderLineRow<'ticket_detail'>;
export type TicketKind = PayableKind<TicketOrderRow, TicketLine, PayableLineDto> & RefundableKind<TicketOrderRow>;

/**
 * A ticket sale as the checkout pays and refunds it: M cards only; a paid order's tickets become usable
 * (A); a refund takes back only unused tickets, which become void (C).
 */
export function ticketKind(repo: TicketOrderRepository): TicketKind {
  return {
    orderType: ticket.TICKET_ORDER_TYPE,
    label: '售票',
    orderName: '售票订单',
    tradePrefix: 'TK',
    table: 'ticket_order',
    lineTable: 'ticket_detail',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于购票',
    notFoundMessage: '售票订单不存在',
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, [orderId], db),
    toLine: (l) => ({ detailId: l.id, goodsName: l.type_name, quantity: 1, price: fenToYuan(l.price_fen), pricePay: fenToYuan(l.price_pay_fen) }),
    refundLines: async (tenantId, orderId, db) =>
      (await repo.details(tenantId, [orderId], db)).map((d) => ({
        id: d.id,
        item_id: d.type_id,
        name: `${d.type_name} ${d.qr_code.slice(-4)}`,
        specs: '',
        unit: '张',
        quantity: 1,
        refunded_quantity: d.refunded_quantity,
        price_pay_fen: d.price_pay_fen,
        // Used (or partly used) tickets are not refunded; void and unpaid ones have nothing left.
        kept: d.refunded_quantity === 0 && !(d.detail_state === 'A' && d.uses_left === d.uses_total),
      })),
    async fulfil(trx, { tenantId, order }) {
      await repo.makeUsable(trx, tenantId, order.id);
    },
    async restore(trx, { tenantId, order }, lines) {
      const ids = lines.map((l) => l.line_id);
      if ((await repo.voidUnused(trx, tenantId, order.id, ids)) !== ids.length) throw refuse('已使用的票不能退款');
    },
  };
}
