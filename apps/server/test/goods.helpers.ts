import type { Kysely } from 'kysely';
import { goods } from '@venue/contract';
import type { Database } from '../src/db/tables.ts';
import type { Server } from './harness.ts';

/** The demo's first warehouse, serving 城东羽毛球馆. */
export const WAREHOUSE = 1;

export const stockOf = async (db: Kysely<Database>, goodsId: number, warehouseId = WAREHOUSE) =>
  (await db.selectFrom('goods_stock').select('quantity').where('goods_id', '=', goodsId).where('warehouse_id', '=', warehouseId).executeTakeFirst())
    ?.quantity ?? 0;

/** Sets a goods item's stock by a stock adjustment (the goods module's own route, as the admin). */
export async function setStock(server: Server, goodsId: number, quantity: number, warehouseId = WAREHOUSE) {
  const change = quantity - (await stockOf(server.db, goodsId, warehouseId));
  if (change === 0) return;
  const { body } = await server.admin.call(goods.adjustStock, { body: { goodsId, warehouseId, change, remark: '测试盘点' } });
  if (body.code !== 200) throw new Error(`adjust: ${body.msg}`);
}
