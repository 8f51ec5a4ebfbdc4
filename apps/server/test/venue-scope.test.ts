import { expect, it } from 'vitest';
import { goods, member, payment, sale, system } from '@venue/contract';
import { describeEachEngine } from './harness.ts';
import { setStock } from './goods.helpers.ts';
import { orders } from './sale.helpers.ts';

const REFUSED = { status: 403, body: { code: 510, msg: '您没有该场馆的权限', data: null } };
const PERIOD = { beginTime: '2000-01-01', endTime: '2099-12-31' };

/**
 * Reads are scoped to the user's venues like writes: the demo cashier works in 城东羽毛球馆 and
 * 城东游泳馆 and reads nothing of 滨江网球中心 (its order, receipt, ledger, summaries, stock, cards).
 */
describeEachEngine('venue scope of reads on %s', (server) => {
  const { admin, cashier } = server;

  const venueId = async (name: string) => (await server.db.selectFrom('venue').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const warehouseId = async (name: string) => (await server.db.selectFrom('warehouse').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  /** A paid order of 滨江网球中心, sold by the admin from that venue's warehouse. */
  async function foreignOrder() {
    const venue = await venueId('滨江网球中心');
    const warehouse = await warehouseId('滨江网球中心仓库');
    const item = await server.db
      .selectFrom('goods')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('is_on_sale', '=', '1')
      .where('state', '=', 'A')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await setStock(server, item.id, 10, warehouse);
    const orderId = await orders.createId(admin, [{ goodsId: item.id, quantity: 1 }], { venueId: venue, warehouseId: warehouse });
    const { pricePay } = (await orders.get(admin, orderId)).body.data;
    expect((await orders.cash(admin, orderId, pricePay)).body.code).toBe(200);
    return { venue, warehouse, orderId };
  }

  it("refuses the cashier another venue's sale order, its receipt and its payment with 403 (510)", async () => {
    const { orderId } = await foreignOrder();
    const own = await orders.createId(cashier, [
      {
        goodsId: (
          await server.db.selectFrom('goods_stock').select('goods_id').where('warehouse_id', '=', 1).where('quantity', '>', 0).executeTakeFirstOrThrow()
        ).goods_id,
        quantity: 1,
      },
    ]);

    expect(await orders.get(cashier, orderId)).toMatchObject(REFUSED);
    expect(await cashier.call(sale.getPrint, { query: { orderIds: String(orderId) } })).toMatchObject(REFUSED);
    expect(await cashier.call(sale.getPrint, { query: { orderIds: `${own},${orderId}` } })).toMatchObject(REFUSED);
    expect(await orders.forPay(cashier, { orderId })).toMatchObject(REFUSED);
    expect(await orders.cash(cashier, orderId, 1)).toMatchObject(REFUSED);
    // Its own order still reads, and the admin reads both.
    expect((await orders.get(cashier, own)).body.data.orderId).toBe(own);
    expect((await cashier.call(sale.getPrint, { query: { orderIds: String(own) } })).body.data).toHaveLength(1);
    expect((await orders.get(admin, orderId)).body.data).toMatchObject({ orderId, payState: 'P' });
    expect((await admin.call(sale.getPrint, { query: { orderIds: `${own},${orderId}` } })).body.data).toHaveLength(2);

    const list = (await cashier.call(sale.query, { query: { size: 100 } })).body.data;
    expect(list.records.map((o: { orderId: number }) => o.orderId)).not.toContain(orderId);
    expect(list.records.map((o: { orderId: number }) => o.orderId)).toContain(own);
  });

  it("refuses the cashier another venue's stock and warehouses, and leaves them out of the stock list", async () => {
    const { warehouse } = await foreignOrder();
    expect(await cashier.call(goods.queryStock, { query: { warehouseId: warehouse } })).toMatchObject(REFUSED);
    const someGoods = (await admin.call(goods.queryStock, { query: { warehouseId: warehouse, size: 1 } })).body.data.records[0];
    expect(someGoods.warehouseId).toBe(warehouse);
    expect(await cashier.call(goods.stockMovements, { query: { goodsId: someGoods.goodsId, warehouseId: warehouse } })).toMatchObject(REFUSED);
    expect(await cashier.call(goods.allByClassification, { query: { warehouseIds: `1,${warehouse}` } })).toMatchObject(REFUSED);
    expect(await cashier.call(goods.warehouseAll, { query: { venueIds: String(await venueId('滨江网球中心')) } })).toMatchObject(REFUSED);

    const rows = (await cashier.call(goods.queryStock, { query: { size: 9999 } })).body.data.records as { warehouseId: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const visible = new Set(rows.map((r) => r.warehouseId));
    expect(visible.has(warehouse)).toBe(false);
    // The warehouses serving 城东 venues (its own and the central one) are there.
    expect(visible.has(await warehouseId('城东羽毛球馆仓库'))).toBe(true);
    const all = (await admin.call(goods.queryStock, { query: { size: 9999 } })).body.data.records as { warehouseId: number }[];
    expect(new Set(all.map((r) => r.warehouseId)).has(warehouse)).toBe(true);
  });

  it("lists a venue's low stock (首页's 库存不足): the rows of the warehouses serving it, at most the quantity asked, as SQL counts them", async () => {
    const venue = await venueId('城东羽毛球馆');
    const low = (await cashier.call(goods.queryStock, { query: { venueId: venue, maxQuantity: 10, size: 9999 } })).body.data;
    const { n } = await server.db
      .selectFrom('goods_stock as s')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('s.tenant_id', '=', 1)
      .where('s.quantity', '<=', 10)
      .where('s.warehouse_id', 'in', (eb) => eb.selectFrom('warehouse_venue').select('warehouse_id').where('venue_id', '=', venue))
      .executeTakeFirstOrThrow();
    expect(low.total).toBe(Number(n));
    expect(low.records.every((r: { quantity: number }) => r.quantity <= 10)).toBe(true);
    // One more item runs low: the count follows.
    const row = (await cashier.call(goods.queryStock, { query: { venueId: venue, size: 9999 } })).body.data.records.find(
      (r: { quantity: number }) => r.quantity > 10,
    )!;
    await setStock(server, row.goodsId, 3, row.warehouseId);
    expect((await cashier.call(goods.queryStock, { query: { venueId: venue, maxQuantity: 10, size: 1 } })).body.data.total).toBe(low.total + 1);
    expect(await cashier.call(goods.queryStock, { query: { venueId: await venueId('滨江网球中心'), maxQuantity: 10 } })).toMatchObject(REFUSED);
    expect((await cashier.call(goods.queryStock, { query: { maxQuantity: -1 } })).body.code).not.toBe(200);
  });

  it("refuses the cashier another venue's consume summaries, ledger rows, receipts and cards", async () => {
    const tennis = await venueId('滨江网球中心');
    const mine = [await venueId('城东羽毛球馆'), await venueId('城东游泳馆')];
    expect(await cashier.call(member.queryCardConsumeSummary, { body: { ...PERIOD, venueId: tennis } })).toMatchObject(REFUSED);
    expect(await cashier.call(member.getCardSummaryAll, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    expect(await cashier.call(member.queryOrderConsumeAll, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    expect(await cashier.call(member.all, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    const exported = await cashier.download(member.exportConsumeSummary.path, { body: { ...PERIOD, venueId: tennis } });
    expect([exported.status, JSON.parse(exported.bytes.toString()).code]).toEqual([403, 510]);

    const foreignConsume = await server.db
      .selectFrom('card_consume')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('venue_id', '=', tennis)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await cashier.call(member.getPrintCardConsume, { query: { consumeId: foreignConsume.id } })).toMatchObject(REFUSED);
    expect((await admin.call(member.getPrintCardConsume, { query: { consumeId: foreignConsume.id } })).body.data.venueName).toBe('滨江网球中心');

    // The summary without a venue sums the cashier's venues and the rows of no venue (opening, recharges), nothing else.
    const count = (rows: { count: number }[]) => rows.reduce((s, r) => s + r.count, 0);
    const summed = count((await cashier.call(member.queryCardConsumeSummary, { body: PERIOD })).body.data);
    const ledger = await server.db.selectFrom('card_consume').select(['venue_id']).where('tenant_id', '=', 1).execute();
    expect(summed).toBe(ledger.filter((r) => r.venue_id === null || mine.includes(r.venue_id)).length);
    expect(count((await admin.call(member.queryCardConsumeSummary, { body: PERIOD })).body.data)).toBe(ledger.length);

    // The ledger list never shows a row of another venue.
    const foreignIds = new Set(
      (await server.db.selectFrom('card_consume').select('id').where('tenant_id', '=', 1).where('venue_id', '=', tennis).execute()).map((r) => r.id),
    );
    const listed = (await cashier.call(member.queryOrderConsumeAll, { query: { size: 9999 } })).body.data;
    expect(listed.total).toBeGreaterThan(0);
    expect(listed.records.filter((r: { consumeId: number }) => foreignIds.has(r.consumeId))).toEqual([]);

    // Cards of another venue are not listed; cards of every venue (no venue) are.
    const cards = (await cashier.call(member.all, { query: { size: 9999 } })).body.data.records as { venueId: number | null }[];
    expect(cards.some((c) => c.venueId === null)).toBe(true);
    expect(cards.filter((c) => c.venueId !== null && !mine.includes(c.venueId))).toEqual([]);
    const everyCard = (await admin.call(member.all, { query: { size: 9999 } })).body.data.records as { venueId: number | null }[];
    expect(everyCard.some((c) => c.venueId === tennis)).toBe(true);
  });

  it("refuses the cashier another venue's payment methods, print config and sports items", async () => {
    const tennis = await venueId('滨江网球中心');
    expect(await cashier.call(payment.queryPayType, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    expect(await cashier.call(payment.getPrintConfig, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    expect(await cashier.call(system.sportItems, { query: { venueId: tennis } })).toMatchObject(REFUSED);
    expect((await cashier.call(payment.queryPayType, { query: { venueId: 1 } })).body.code).toBe(200);
    expect((await admin.call(payment.queryPayType, { query: { venueId: tennis } })).body.code).toBe(200);
    expect((await admin.call(system.sportItems, { query: { venueId: tennis } })).body.code).toBe(200);
    // Switching to a venue that is not the user's is the same refusal.
    expect(await cashier.call('PUT', 'system/api/user/setCurrentVenue', { body: { venueId: tennis } })).toMatchObject(REFUSED);
  });

  it('gives a user without venues no venue-scoped rows at all', async () => {
    await server.db
      .deleteFrom('user_venue')
      .where('user_id', '=', (await server.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id)
      .execute();
    try {
      // Cached grants follow the change on the next request (the database bumps their version).
      expect((await cashier.call(goods.queryStock, { query: { size: 10 } })).body.data.total).toBe(0);
      const cards = (await cashier.call(member.all, { query: { size: 9999 } })).body.data.records as { venueId: number | null }[];
      expect(cards.every((c) => c.venueId === null)).toBe(true);
    } finally {
      const id = (await server.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
      await server.db
        .insertInto('user_venue')
        .values([1, 2].map((venue_id) => ({ tenant_id: 1, user_id: id, venue_id })))
        .execute();
    }
  });
});
