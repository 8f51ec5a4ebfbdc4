import { fenToYuan, ticket } from '@venue/contract';
import type { Selectable } from 'kysely';
import type { TicketTimeoutOrderTable } from '../../db/ticket-tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { iso } from '../../lib/clock.ts';
import type { PayableKind, PayableLineDto, RefundableKind } from '../checkout/index.ts';
import type { TicketCheckRepository } from './ticket-check.repository.ts';
import type { TimeoutRepository } from './timeout.repository.ts';

type Line = Awaited<ReturnType<TimeoutRepository['lines']>>[number];
type TimeoutOrderRow = Selectable<TicketTimeoutOrderTable>;
export type TimeoutKind = PayableKind<TimeoutOrderRow, Line, PayableLineDto> & RefundableKind<TimeoutOrderRow>;

/**
 * An overstay (超时) as the checkout pays and refunds it: paid, the entry leaves (its exit is written in
 * the payment's transaction); refunded (the fee given back), the exit stands: the order is its own line.
 */
export function timeoutKind(repo: TimeoutRepository, checks: TicketCheckRepository, clock: Clock): TimeoutKind {
  return {
    orderType: ticket.TIMEOUT_ORDER_TYPE,
    label: '超时补费',
    orderName: '超时订单',
    tradePrefix: 'TO',
    table: 'ticket_timeout_order',
    lineTable: 'ticket_timeout_order',
    lineOrderColumn: 'id',
    paidOrderState: 'E',
    cardPayTypes: ['M'],
    cardRefusal: '计次卡、计时卡不能用于超时补费',
    notFoundMessage: '超时订单不存在',
    find: (tenantId, orderId, db) => repo.find(tenantId, orderId, db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, orderId, db),
    toLine: (l) => ({
      detailId: l.id,
      goodsName: `${l.type_name} 超时${l.minutes}分钟`,
      quantity: 1,
      price: fenToYuan(l.price_pay_fen),
      pricePay: fenToYuan(l.price_pay_fen),
    }),
    refundLines: async (tenantId, orderId, db) =>
      (await repo.lines(tenantId, orderId, db)).map((l) => ({
        id: l.id,
        item_id: l.id,
        name: `${l.type_name} 超时${l.minutes}分钟`,
        specs: '',
        unit: '次',
        quantity: 1,
        refunded_quantity: l.refunded_quantity,
        price_pay_fen: l.price_pay_fen,
      })),
    async fulfil(trx, { tenantId, order }) {
      await checks.exit(trx, tenantId, order.check_id, iso(clock.now()));
    },
    // The visitor has left: nothing comes back but the money.
    async restore() {},
  };
}
