import type { Kysely } from 'kysely';
import type { Database } from '../src/db/tables.ts';
import type { Api, Answer } from './harness.ts';

/** The demo's first venue and its warehouse (城东羽毛球馆, where admin and cashier start). */
export const VENUE = 1;
export const WAREHOUSE = 1;
export type Line = { goodsId: number; quantity: number; pricePay?: number };

export const stockOf = async (db: Kysely<Database>, goodsId: number, warehouseId = WAREHOUSE) =>
  (await db.selectFrom('goods_stock').select('quantity').where('goods_id', '=', goodsId).where('warehouse_id', '=', warehouseId).executeTakeFirst())?.quantity ?? 0;

/** Sets a goods item's stock by a stock adjustment (the goods module's own route). */
export async function setStock(api: Api, admin: string, db: Kysely<Database>, goodsId: number, quantity: number, warehouseId = WAREHOUSE) {
  const change = quantity - (await stockOf(db, goodsId, warehouseId));
  if (change === 0) return;
  const { body } = await api.call('POST', 'goods/stock/adjust', { token: admin, body: { goodsId, warehouseId, change, remark: '测试盘点' } });
  if (body.code !== 200) throw new Error(`adjust: ${body.msg}`);
}

/** An on-sale goods item of the warehouse with a plain price (not the lowest ids, which other tests use). */
export async function goodsWithPrice(db: Kysely<Database>, priceFen: number, skip = 0) {
  const row = await db.selectFrom('goods as g').innerJoin('goods_stock as s', 's.goods_id', 'g.id')
    .select(['g.id', 'g.name']).where('g.tenant_id', '=', 1).where('s.warehouse_id', '=', WAREHOUSE).where('g.is_on_sale', '=', '1').where('g.state', '=', 'A')
    .orderBy('g.id', 'desc').offset(skip).limit(1).executeTakeFirstOrThrow();
  await db.updateTable('goods').set({ price_fen: priceFen }).where('id', '=', row.id).execute();
  return row;
}

export function sales(api: Api) {
  const self = {
    create: (token: string, details: Line[], extra: Record<string, unknown> = {}) =>
      api.call('POST', 'goods/goodsSaleOrder/createOrder', { token, body: { details, warehouseId: WAREHOUSE, venueId: VENUE, ...extra } }),
    async createId(token: string, details: Line[], extra: Record<string, unknown> = {}): Promise<number> {
      const { body } = await self.create(token, details, extra);
      if (body.code !== 200) throw new Error(`createOrder: ${body.msg}`);
      return body.data.orderId;
    },
    pay: (token: string, body: Record<string, unknown>) => api.call('POST', 'goods/goodsSaleOrder/payOrder', { token, body }),
    cash: (token: string, orderId: number, money: number) => self.pay(token, { orderId, payMode: 'cashpay', money }),
    forPay: (token: string, query: Record<string, unknown>) => api.call('GET', 'goods/goodsSaleOrder/queryOrderForPay', { token, query }),
    get: (token: string, orderId: number) => api.call('GET', `goods/goodsSaleOrder/id/${orderId}`, { token }),
  };
  return self;
}

export const codeOf = (a: Answer) => a.body.code;

/** What a paid or unpaid order left behind: its SALE stock movements, card ledger rows and pay records by state. */
export async function traces(db: Kysely<Database>, orderId: number) {
  const [moves, consumes, records] = await Promise.all([
    db.selectFrom('stock_movement').select(['goods_id', 'change']).where('reason', '=', 'SALE').where('ref_id', '=', orderId).execute(),
    db.selectFrom('card_consume').select(['card_id', 'amount']).where('order_type', '=', 'GOODS_SALE').where('order_id', '=', orderId).execute(),
    db.selectFrom('pay_record').select(['pay_mode', 'state', 'money_fen', 'card_id']).where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  return { moves, consumes, records };
}
