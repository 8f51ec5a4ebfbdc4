import type { Kysely } from 'kysely';

import type { Database } from '../db/tables.ts';

/** Lease goods of the demo: [name, specs, unit, item, rent mode, rent, unit minutes, free minutes, daily cap, deposit, stock]. */
const LEASE_GOODS: [string, string, string, string, 'U' | 'T', number, number, number, number, number, number][] = [
  ['租赁羽毛球拍', '尤尼克斯 NR', '支', '羽毛球', 'T', 10, 60, 10, 50, 100, 30],
  ['租赁网球拍', '威尔胜 Burn', '支', '网球', 'T', 20, 60, 10, 80, 300, 12],
  ['租赁乒乓球拍', '红双喜 二星', '副', '乒乓球', 'U', 5, 60, 0, 0, 50, 20],
  ['储物柜钥匙', '', '把', '游泳', 'U', 2, 60, 0, 0, 20, 40],
];

/**
 * Demo rentals: a 租赁物品 class of goods off sale, each a lease goods with stock in every enabled venue
 * warehouse, and in the first venue one rental out for half an hour and one overdue (three hours, timed).
 */
export async function seedLease(db: Kysely<Database>, tenantId: number, venues: Map<string, number>, userId: number, nowIso: string): Promise<void> {
  const items = new Map((await db.selectFrom('sport_item').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()).map((i) => [i.name, i.id]));
  if (!items.size || !venues.size) return;
  const { id: classId } = await db
    .insertInto('goods_classification')
    .values({ tenant_id: tenantId, name: '租赁物品', state: 'A', sort: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warehouses = await db
    .selectFrom('warehouse_venue as wv')
    .innerJoin('warehouse as w', 'w.id', 'wv.warehouse_id')
    .select(['wv.venue_id', 'w.id'])
    .where('w.tenant_id', '=', tenantId)
    .where('w.state', '=', 'A')
    .orderBy('w.id')
    .execute();
  const venueWarehouse = new Map<number, number>();
  for (const w of warehouses) if (!venueWarehouse.has(w.venue_id)) venueWarehouse.set(w.venue_id, w.id);
  const leased: { id: number; goodsId: number; name: string; unit: string; specs: string; row: (typeof LEASE_GOODS)[number] }[] = [];
  for (const row of LEASE_GOODS) {
    const [name, specs, unit, item, mode, rent, unitMinutes, free, cap, deposit, stock] = row;
    const itemId = items.get(item) ?? [...items.values()][0];
    const { id: goodsId } = await db
      .insertInto('goods')
      .values({
        tenant_id: tenantId,
        name,
        specs,
        unit,
        price_fen: rent * 100,
        barcode: null,
        shorthand: '',
        classification_id: classId,
        item_id: itemId,
        is_on_sale: '0',
        state: 'A',
        created_at: nowIso,
        picture: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('lease_goods')
      .values({
        tenant_id: tenantId,
        goods_id: goodsId,
        item_id: itemId,
        rent_mode: mode,
        rent_fen: rent * 100,
        unit_minutes: unitMinutes,
        free_minutes: free,
        daily_cap_fen: cap * 100,
        deposit_fen: deposit * 100,
        state: 'A',
        created_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    leased.push({ id, goodsId, name, unit, specs, row });
    for (const warehouseId of new Set(venueWarehouse.values())) {
      await db.insertInto('goods_stock').values({ tenant_id: tenantId, goods_id: goodsId, warehouse_id: warehouseId, quantity: stock }).execute();
      await db
        .insertInto('stock_movement')
        .values({
          tenant_id: tenantId,
          goods_id: goodsId,
          warehouse_id: warehouseId,
          change: stock,
          balance: stock,
          reason: 'ADJUST',
          ref_id: null,
          remark: '租赁物品期初库存',
          created_at: nowIso,
          created_by: userId,
        })
        .execute();
    }
  }

  const [venueId] = venues.values();
  const warehouseId = venueWarehouse.get(venueId);
  const racket = leased[0];
  const itemId = items.get(racket.row[3]);
  const runs = await db
    .selectFrom('venue_item')
    .select('id')
    .where('venue_id', '=', venueId)
    .where('item_id', '=', itemId ?? 0)
    .executeTakeFirst();
  if (!warehouseId || !itemId || !runs) return;
  for (const [minutesAgo, quantity] of [
    [30, 1],
    [180, 2],
  ]) {
    // Three hours back is overdue (a racket kept past its paid time), even just after midnight.
    const at = new Date(Date.parse(nowIso) - minutesAgo * 60_000).toISOString();
    const [, , , , mode, rent, unitMinutes, free, cap, deposit] = racket.row;
    const rentFen = rent * 100 * quantity;
    const depositFen = deposit * 100 * quantity;
    const { id: orderId } = await db
      .insertInto('lease_order')
      .values({
        tenant_id: tenantId,
        venue_id: venueId,
        warehouse_id: warehouseId,
        item_id: itemId,
        member_id: null,
        order_state: 'A',
        pay_state: 'P',
        price_orig_fen: rentFen + depositFen,
        price_pay_fen: rentFen + depositFen,
        rent_fen: rentFen,
        deposit_fen: depositFen,
        pay_mode: 'cashpay',
        pay_attempt: 1,
        pay_lock: null,
        pay_lock_until: null,
        remark: '',
        paid_at: at,
        created_by: userId,
        username: 'admin',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lease_order_line')
      .values({
        tenant_id: tenantId,
        order_id: orderId,
        lease_goods_id: racket.id,
        goods_id: racket.goodsId,
        goods_name: racket.name,
        specs: racket.specs,
        unit: racket.unit,
        quantity,
        rent_mode: mode,
        rent_fen: rent * 100,
        unit_minutes: unitMinutes,
        free_minutes: free,
        daily_cap_fen: cap * 100,
        deposit_fen: deposit * 100,
        price_orig_fen: (rent + deposit) * 100,
        price_pay_fen: (rent + deposit) * 100,
        returned_at: null,
      })
      .execute();
    await db
      .insertInto('pay_record')
      .values({
        tenant_id: tenantId,
        order_type: 'GOODS_LEASE',
        order_id: orderId,
        attempt: 1,
        pay_mode: 'cashpay',
        pay_name: '现金',
        pay_type: null,
        card_id: null,
        consume_id: null,
        money_fen: rentFen + depositFen,
        out_trade_no: null,
        channel_trade_no: null,
        state: 'P',
        message: '',
        created_by: userId,
        created_at: at,
        paid_at: at,
      })
      .execute();
    const stock = await db
      .updateTable('goods_stock')
      .set((eb) => ({ quantity: eb('quantity', '-', quantity) }))
      .where('goods_id', '=', racket.goodsId)
      .where('warehouse_id', '=', warehouseId)
      .returning('quantity')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('stock_movement')
      .values({
        tenant_id: tenantId,
        goods_id: racket.goodsId,
        warehouse_id: warehouseId,
        change: -quantity,
        balance: stock.quantity,
        reason: 'LEASE',
        ref_id: orderId,
        remark: `租赁订单 ${orderId}`,
        created_at: at,
        created_by: userId,
      })
      .execute();
  }
}
