import type { Kysely } from 'kysely';
import { sale, type CallBody, type CallQuery } from '@venue/contract';
import type { Database } from '../src/db/tables.ts';
import type { Client } from './client.ts';
import { WAREHOUSE } from './goods.helpers.ts';

/** The demo's first venue (城东羽毛球馆, where admin and cashier start; its warehouse is WAREHOUSE). */
export const VENUE = 1;
export type Line = { goodsId: number; quantity: number; pricePay?: number };
type OrderExtra = Partial<Omit<CallBody<typeof sale.createOrder>, 'details'>>;
type PayBody = CallBody<typeof sale.payOrder>;

/** An on-sale goods item of the warehouse with a plain price (not the lowest ids, which other tests use). */
export async function goodsWithPrice(db: Kysely<Database>, priceFen: number, skip = 0) {
  const row = await db
    .selectFrom('goods as g')
    .innerJoin('goods_stock as s', 's.goods_id', 'g.id')
    .select(['g.id', 'g.name'])
    .where('g.tenant_id', '=', 1)
    .where('s.warehouse_id', '=', WAREHOUSE)
    .where('g.is_on_sale', '=', '1')
    .where('g.state', '=', 'A')
    .orderBy('g.id', 'desc')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable('goods').set({ price_fen: priceFen }).where('id', '=', row.id).execute();
  return row;
}

/** Sale order calls of the contract, in the demo venue and warehouse unless `extra` says otherwise. */
export const orders = {
  create: (as: Client, details: Line[], extra: OrderExtra = {}) =>
    as.call(sale.createOrder, { body: { details, warehouseId: WAREHOUSE, venueId: VENUE, ...extra } }),
  async createId(as: Client, details: Line[], extra: OrderExtra = {}): Promise<number> {
    const { body } = await orders.create(as, details, extra);
    if (body.code !== 200) throw new Error(`createOrder: ${body.msg}`);
    return body.data.orderId;
  },
  pay: (as: Client, body: PayBody) => as.call(sale.payOrder, { body }),
  cash: (as: Client, orderId: number, money: number) => orders.pay(as, { orderId, payMode: 'cashpay', money }),
  forPay: (as: Client, query: CallQuery<typeof sale.queryOrderForPay>) => as.call(sale.queryOrderForPay, { query }),
  get: (as: Client, orderId: number) => as.call(sale.orderById, { params: { id: orderId } }),
};

/** What a paid or unpaid order left behind: its SALE stock movements, card ledger rows and pay records by state. */
export async function traces(db: Kysely<Database>, orderId: number) {
  const [moves, consumes, records] = await Promise.all([
    db.selectFrom('stock_movement').select(['goods_id', 'change']).where('reason', '=', 'SALE').where('ref_id', '=', orderId).execute(),
    db.selectFrom('card_consume').select(['card_id', 'amount']).where('order_type', '=', 'GOODS_SALE').where('order_id', '=', orderId).execute(),
    db
      .selectFrom('pay_record')
      .select(['pay_mode', 'state', 'money_fen', 'card_id'])
      .where('order_type', '=', 'GOODS_SALE')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
  ]);
  return { moves, consumes, records };
}
