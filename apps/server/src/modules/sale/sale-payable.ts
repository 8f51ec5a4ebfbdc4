import { sale } from '@venue/contract';
import type { z } from 'zod';
import { refuse } from '../../lib/errors.ts';
import type { PayableKind, PayContext, RefundableKind } from '../checkout/index.ts';
import type { StockService } from '../goods/stock.service.ts';
import { toLine } from './sale.mapper.ts';
import type { LineRow, PayOrderRow, SaleRepository } from './sale.repository.ts';

export const GOODS_CARD_TYPES_ONLY = '计次卡、计时卡不能用于商品支付';

/**
 * A goods sale as the checkout pays and refunds it: M cards only; a paid sale takes its lines' stock
 * from the order's warehouse (the goods module refuses to go below zero), a refund puts the units back
 * there. The stock, the rows every till shares, is moved last and in one step (one statement on
 * PostgreSQL, locking the rows by goods id), so its locks are held the shortest and concurrent sales
 * cannot deadlock.
 */
export type SaleKind = PayableKind<PayOrderRow, LineRow, z.infer<typeof sale.saleLine>> & RefundableKind<PayOrderRow>;

/** What a paid sale takes from the order's warehouse: its lines' units. */
function taking({ tenantId, userId, order }: PayContext<PayOrderRow>, lines: LineRow[]) {
  const taken = lines.map((l) => ({ goodsId: l.goods_id, change: -l.quantity }));
  return { tenantId, warehouseId: order.warehouse_id, reason: 'SALE' as const, refId: order.id, userId, remark: `销售订单 ${order.id}`, lines: taken };
}

export function saleKind(repo: SaleRepository, stock: Pick<StockService, 'applyStockChanges' | 'takingPart'>): SaleKind {
  return {
    orderType: sale.SALE_ORDER_TYPE,
    label: '商品销售',
    orderName: '销售订单',
    tradePrefix: 'GS',
    table: 'sale_order',
    lineTable: 'sale_order_line',
    paidOrderState: 'E',
    cardPayTypes: ['M'],
    cardRefusal: GOODS_CARD_TYPES_ONLY,
    notFoundMessage: '销售订单不存在',
    find: (tenantId, orderId, db) => repo.findPayable(tenantId, orderId, db),
    lines: (tenantId, orderId, db) => repo.lines(tenantId, [orderId], db),
    findWithLines: (tenantId, orderId) => repo.findPayableWithLines(tenantId, orderId),
    toLine,
    refundLines: async (tenantId, orderId, db) =>
      (await repo.lines(tenantId, [orderId], db)).map((l) => ({
        id: l.id,
        item_id: l.goods_id,
        name: l.goods_name,
        specs: l.specs,
        unit: l.unit,
        quantity: l.quantity,
        refunded_quantity: l.refunded_quantity,
        price_pay_fen: l.price_pay_fen,
      })),
    async precheck(tenantId, order, lines) {
      const goods = await repo.goodsWithStock(
        tenantId,
        lines.map((l) => l.goods_id),
        order.warehouse_id,
      );
      for (const l of lines) {
        const g = goods.find((row) => row.id === l.goods_id);
        if (!g || Number(g.stock) < l.quantity) throw refuse(`商品「${l.goods_name}」库存不足`);
      }
    },
    async fulfil(trx, ctx, lines) {
      await stock.applyStockChanges(trx, taking(ctx, lines));
    },
    fulfilPart: (ctx, lines, after) => stock.takingPart(taking(ctx, lines), after),
    async restore(trx, { tenantId, userId, order }, lines, remark) {
      const back = lines.map((l) => ({ goodsId: l.item_id, change: l.quantity }));
      await stock.applyStockChanges(trx, { tenantId, warehouseId: order.warehouse_id, reason: 'REFUND', refId: order.id, userId, remark, lines: back });
    },
  };
}
