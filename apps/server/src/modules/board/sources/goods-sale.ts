import { sql } from 'kysely';
import { sale } from '@venue/contract';
import { splitAtToday, sumFigureDays } from '../closed-days.ts';
import { localPart } from '../local-time.ts';
import type { BoardSource, Range, SourceContext } from './source.ts';

/** Units kept (sold less refunded) and their money per China day, venue and goods, from the paid sales' lines. */
const goodsByDay = async (ctx: SourceContext, range: Range) => {
  const day = localPart(ctx.engine, 'o.paid_at', 'day');
  const rows = await ctx.db
    .selectFrom('sale_order as o')
    .innerJoin('sale_order_line as l', 'l.order_id', 'o.id')
    .where('o.tenant_id', '=', ctx.tenantId)
    .where('o.pay_state', 'in', ['P', 'PR'])
    .where('o.paid_at', '>=', range.beginIso)
    .where('o.paid_at', '<=', range.endIso)
    .where(ctx.venues('o.venue_id'))
    .select([
      day.as('day'),
      'o.venue_id',
      'l.goods_id',
      (eb) => eb.fn.max('l.goods_name').as('goods_name'),
      (eb) => eb.fn.sum<string>(eb('l.quantity', '-', eb.ref('l.refunded_quantity'))).as('quantity'),
      // Kysely writes a nested binary expression without parentheses: the units kept are bracketed here.
      sql<string>`sum(l.price_pay_fen * (l.quantity - l.refunded_quantity))`.as('amount'),
    ])
    .groupBy([day, 'o.venue_id', 'l.goods_id'])
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), amount: Number(r.amount) }));
};

/** 商品销售: the till's paid sales and their refunds, and the best-selling goods. */
export const goodsSaleSource: BoardSource = {
  capability: 'goods',
  payable: { orderType: sale.SALE_ORDER_TYPE, table: 'sale_order' },
  /** The best sellers: closed days from board_goods_day (summed once, migration 1951), today from the rows. */
  async topGoods(ctx, range) {
    const { closed, open } = splitAtToday(ctx, range);
    if (closed) await sumFigureDays(ctx, 'goods', 'board_goods_day', closed, goodsByDay);
    const [summed, today] = await Promise.all([
      closed
        ? ctx.db
            .selectFrom('board_goods_day')
            .where('tenant_id', '=', ctx.tenantId)
            .where('day', '>=', closed[0])
            .where('day', '<=', closed[1])
            .where(ctx.venues('venue_id'))
            .select([
              'goods_id',
              (eb) => eb.fn.max('goods_name').as('goods_name'),
              (eb) => eb.fn.sum<string>('quantity').as('quantity'),
              (eb) => eb.fn.sum<string>('amount').as('amount'),
            ])
            .groupBy('goods_id')
            .execute()
        : [],
      open ? goodsByDay(ctx, open) : [],
    ]);
    const goods = new Map<number, { goods_id: number; goods_name: string; quantity: number; fen: number }>();
    for (const r of [...summed, ...today]) {
      const g = goods.get(r.goods_id) ?? { goods_id: r.goods_id, goods_name: r.goods_name, quantity: 0, fen: 0 };
      goods.set(r.goods_id, {
        ...g,
        goods_name: r.goods_name > g.goods_name ? r.goods_name : g.goods_name,
        quantity: g.quantity + Number(r.quantity),
        fen: g.fen + Number(r.amount),
      });
    }
    // Equal money: the lower goods id first, so the ten are the same on every read.
    return [...goods.values()].sort((a, b) => b.fen - a.fen || a.goods_id - b.goods_id).slice(0, 10);
  },
};
