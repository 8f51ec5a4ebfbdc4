import { fenToYuan, lease } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { badRefund, type PayableKind, type RefundableKind, type RefundableLine } from '../checkout/index.ts';
import type { StockService } from '../goods/stock.service.ts';
import { depositBackFen, minutesBetween, overtimeFen, type RentTerms } from './lease-rent.ts';
import { toLeaseLine } from './lease.mapper.ts';
import type { LeaseLineRow, LeasePayRow, LeaseRepository } from './lease.repository.ts';

export const LEASE_CARD_TYPES_ONLY = '计次卡、计时卡不能用于租赁支付';

/** A line as a return sees it: its units, the deposit and rent terms of one unit, and when the order lent them. */
type ReturnLine = RefundableLine & RentTerms & { deposit_fen: number; paid_at: string | null };

/**
 * A rental as the checkout pays and refunds it: rent plus deposit, M cards only and at list price (the
 * deposit comes back whole); paying lends the units out of the venue's warehouse (LEASE). A return (归还)
 * is a refund of the units' deposit less the overtime of timed goods and the damage the clerk records;
 * it puts the units back (LEASE_RETURN) and finishes the order (E) once every unit is back.
 */
export type LeaseKind = PayableKind<LeasePayRow, LeaseLineRow, ReturnType<typeof toLeaseLine>> & RefundableKind<LeasePayRow>;

export function leaseKind(repo: LeaseRepository, stock: Pick<StockService, 'applyStockChanges'>, clock: Clock): LeaseKind {
  return {
    orderType: lease.LEASE_ORDER_TYPE,
    label: '商品租赁',
    orderName: '租赁订单',
    tradePrefix: 'GL',
    table: 'lease_order',
    lineTable: 'lease_order_line',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: LEASE_CARD_TYPES_ONLY,
    cardDiscount: false,
    notFoundMessage: lease.leaseMsg.orderNotFound,
    find: (tenantId, orderId, db) => repo.findPayable(tenantId, orderId, db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, [orderId], db),
    toLine: toLeaseLine,
    refundLines: async (tenantId, orderId, db) =>
      (await repo.linesWithLendTime(tenantId, orderId, db)).map((l): ReturnLine => ({
        ...l,
        item_id: l.goods_id,
        name: l.goods_name,
        refunded_quantity: l.refunded_quantity,
      })),
    refundFen(line, quantity, asked, nowIso) {
      const l = line as ReturnLine;
      const depositFen = l.deposit_fen * quantity;
      const damageFen = Math.round((asked?.damage ?? 0) * 100);
      if (damageFen > depositFen) throw badRefund(lease.leaseMsg.damageTooLarge(l.name));
      return depositBackFen(l.deposit_fen, quantity, damageFen, overtimeFen(l, l.paid_at ? minutesBetween(l.paid_at, nowIso) : 0));
    },
    async precheck(tenantId, order, lines) {
      const goods = await repo.goods(tenantId, { warehouseId: order.warehouse_id, ids: [...new Set(lines.map((l) => l.lease_goods_id))] });
      for (const l of lines) {
        const g = goods.find((row) => row.id === l.lease_goods_id);
        if (!g || Number(g.qty) < l.quantity) throw refuse(`商品「${l.goods_name}」库存不足`);
      }
    },
    async fulfil(trx, { tenantId, userId, order }, lines) {
      const out = lines.map((l) => ({ goodsId: l.goods_id, change: -l.quantity }));
      const remark = `租赁订单 ${order.id}（押金 ${fenToYuan(order.deposit_fen).toFixed(2)} 元）`;
      await stock.applyStockChanges(trx, { tenantId, warehouseId: order.warehouse_id, reason: 'LEASE', refId: order.id, userId, remark, lines: out });
    },
    async restore(trx, { tenantId, userId, order }, lines, remark) {
      await repo.markReturned(trx, tenantId, order.id, lines, iso(clock.now()));
      const back = lines.map((l) => ({ goodsId: l.item_id, change: l.quantity }));
      await stock.applyStockChanges(trx, { tenantId, warehouseId: order.warehouse_id, reason: 'LEASE_RETURN', refId: order.id, userId, remark, lines: back });
    },
  };
}
