import { sale } from '@venue/contract';
import { payableRevenue } from './payable-revenue.ts';
import type { BoardSource } from './source.ts';

/** 商品销售: the till's paid sales and their refunds, and the best-selling goods. */
export const goodsSaleSource: BoardSource = {
  capability: 'goods',
  revenue: payableRevenue('goods', sale.SALE_ORDER_TYPE, 'sale_order'),
  topGoods: (ctx, range) =>
    ctx.db
      .selectFrom('sale_order as o')
      .innerJoin('sale_order_line as l', 'l.order_id', 'o.id')
      .where('o.tenant_id', '=', ctx.tenantId)
      .where('o.pay_state', 'in', ['P', 'PR'])
      .where('o.paid_at', '>=', range.beginIso)
      .where('o.paid_at', '<=', range.endIso)
      .where(ctx.venues('o.venue_id'))
      .select([
        'l.goods_id',
        (eb) => eb.fn.max('l.goods_name').as('goods_name'),
        (eb) => eb.fn.sum<string>(eb('l.quantity', '-', eb.ref('l.refunded_quantity'))).as('quantity'),
        (eb) => eb.fn.sum<string>(eb('l.price_pay_fen', '*', eb('l.quantity', '-', eb.ref('l.refunded_quantity')))).as('fen'),
      ])
      .groupBy('l.goods_id')
      .orderBy('fen', 'desc')
      .limit(10)
      .execute(),
};
