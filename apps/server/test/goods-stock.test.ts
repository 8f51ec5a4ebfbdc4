import { expect, it } from 'vitest';
import { BizError } from '../src/lib/errors.ts';
import { AuditRepository } from '../src/modules/audit/audit.repository.ts';
import { AuditService } from '../src/modules/audit/audit.service.ts';
import { StockRepository } from '../src/modules/goods/stock.repository.ts';
import { StockService } from '../src/modules/goods/stock.service.ts';
import { stockOf } from './goods.helpers.ts';
import { describeEachEngine } from './harness.ts';

const DAY_MS = 24 * 3600 * 1000;
type Tile = { goodsId: number; quantity: number };

describeEachEngine('goods stock and purchases on %s', (server) => {
  const { admin } = server;
  /** The service the cashier's sale will call inside its own transaction, at a chosen time. */
  const stockAt = (date: Date) =>
    new StockService(
      new StockRepository(server.db, server.database.db.engine),
      server.db,
      { now: () => date },
      new AuditService(new AuditRepository(server.db), { now: () => date }),
    );
  const sell = (goodsId: number, quantity: number, date = new Date()) =>
    server.db
      .transaction()
      .execute((trx) =>
        stockAt(date).applyStockChange(trx, { tenantId: 1, goodsId, warehouseId: 1, change: -quantity, reason: 'SALE', refId: 900, userId: 2 }),
      );
  const setVenue = (venueId: number) => admin.call('PUT', 'system/api/user/setCurrentVenue', { body: { venueId } });

  it('applyStockChange writes the ledger row, and an overdraw rolls back the whole transaction', async () => {
    const [a, b] = await server.db
      .selectFrom('goods_stock')
      .select(['goods_id', 'quantity'])
      .where('warehouse_id', '=', 1)
      .where('quantity', '>=', 10)
      .orderBy('goods_id')
      .limit(2)
      .execute();
    const attempt = server.db.transaction().execute(async (trx) => {
      const service = stockAt(new Date());
      await service.applyStockChange(trx, { tenantId: 1, goodsId: a.goods_id, warehouseId: 1, change: -1, reason: 'SALE', refId: 901, userId: 2 });
      await service.applyStockChange(trx, {
        tenantId: 1,
        goodsId: b.goods_id,
        warehouseId: 1,
        change: -(b.quantity + 1),
        reason: 'SALE',
        refId: 901,
        userId: 2,
      });
    });
    await expect(attempt).rejects.toSatisfy((e) => e instanceof BizError && /库存不足$/.test(e.message));
    expect([await stockOf(server.db, a.goods_id, 1), await stockOf(server.db, b.goods_id, 1)]).toEqual([a.quantity, b.quantity]);
    expect(await server.db.selectFrom('stock_movement').select('id').where('ref_id', '=', 901).execute()).toEqual([]);

    expect(await sell(a.goods_id, 3)).toBe(a.quantity - 3);
    const moves = await admin.call('GET', 'goods/stock/movements', { query: { goodsId: a.goods_id, warehouseId: 1 } });
    expect(moves.body.data.records[0]).toMatchObject({ change: -3, balance: a.quantity - 3, reason: 'SALE', refId: 900 });
    // The ledger sums to the balance.
    const { sum } = await server.db
      .selectFrom('stock_movement')
      .select((eb) => eb.fn.sum<number>('change').as('sum'))
      .where('goods_id', '=', a.goods_id)
      .where('warehouse_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(sum)).toBe(a.quantity - 3);
  });

  it('lists as hotSale the 8 goods sold most in the last 30 days, within the filters asked for', async () => {
    // Goods on sale (the demo's lease goods are off sale: lent, not sold).
    const stocked = await server.db
      .selectFrom('goods_stock')
      .innerJoin('goods', 'goods.id', 'goods_stock.goods_id')
      .select('goods_id')
      .where('warehouse_id', '=', 1)
      .where('quantity', '>=', 21)
      .where('goods.is_on_sale', '=', '1')
      .orderBy('goods_id', 'desc')
      .limit(11)
      .execute();
    const [old, ...recent] = stocked.map((s) => s.goods_id);
    for (const [i, goodsId] of recent.entries()) await sell(goodsId, 20 - i);
    await sell(old, 21, new Date(Date.now() - 31 * DAY_MS));
    const list = async (query: Record<string, unknown> = {}) =>
      (await admin.call('GET', 'goods/goodsArchive/allByClassification', { query: { warehouseIds: '1', ...query } })).body.data as Record<string, Tile[]>;
    const hot = (await list()).hotSale;
    expect(hot.map((g) => g.goodsId)).toEqual(recent.slice(0, 8));
    expect(hot[0].quantity).toBe(await stockOf(server.db, recent[0], 1));

    const top = await server.db.selectFrom('goods').select(['name', 'barcode']).where('id', '=', recent[0]).executeTakeFirstOrThrow();
    expect((await list({ goodsQuery: top.barcode })).hotSale.map((g) => g.goodsId)).toEqual([recent[0]]);
    await admin.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: recent[0], isOnSale: '0' } });
    expect((await list()).hotSale.map((g) => g.goodsId)).toEqual(recent.slice(1, 9));
  });

  it('scopes purchases to the current venue: list, lookup, review and the warehouses it may use', async () => {
    await setVenue(1);
    const mine = (await admin.call('GET', 'goods/stockIn/query', { query: { size: 50 } })).body.data;
    expect(mine.records.every((o: { venueId: number }) => o.venueId === 1)).toBe(true);
    expect(mine.records.map((o: { state: string }) => o.state)).toEqual(expect.arrayContaining(['A', 'D', 'P']));
    const otherVenues = await server.db
      .selectFrom('stock_in')
      .select(['id', 'venue_id'])
      .where('tenant_id', '=', 1)
      .where('venue_id', '!=', 1)
      .where('state', '=', 'P')
      .execute();
    expect(otherVenues.length).toBeGreaterThan(0);
    const foreign = otherVenues[0];
    expect((await admin.call('GET', `goods/stockIn/id/${foreign.id}`)).body.msg).toBe('进货单不存在');
    expect((await admin.call('PUT', 'goods/stockIn/review', { body: { stockInId: foreign.id, pass: true } })).body.code).toBe(-1100);
    expect(await server.db.selectFrom('stock_in').select('state').where('id', '=', foreign.id).executeTakeFirstOrThrow()).toEqual({ state: 'P' });

    await setVenue(foreign.venue_id);
    expect((await admin.call('GET', `goods/stockIn/id/${foreign.id}`)).body.data.state).toBe('P');
    // Warehouse 1 serves only venue 1; the central warehouse 5 serves both 城东 venues.
    const order = (warehouseId: number) =>
      admin.call('POST', 'goods/stockIn/add', { body: { warehouseId, supplierId: 2, supplyType: 'F', details: [{ goodsId: 1, quantity: 6, price: 1.1 }] } });
    expect((await order(1)).body.msg).toBe('该仓库不可用或不服务当前场馆');
    const created = (await order(5)).body.data;
    expect(created).toMatchObject({
      state: 'P',
      venueId: foreign.venue_id,
      supplyType: 'F',
      totalPrice: 6.6,
      details: [{ goodsId: 1, quantity: 6, price: 1.1 }],
    });
    await setVenue(4);
    expect((await order(4)).body.msg).toBe('该仓库不可用或不服务当前场馆');
    await setVenue(1);
  });

  it('completes only a passed order; a refused one changes no stock', async () => {
    const before = await stockOf(server.db, 1, 5);
    const create = async () =>
      (await admin.call('POST', 'goods/stockIn/add', { body: { warehouseId: 5, supplierId: 1, details: [{ goodsId: 1, quantity: 7, price: 1 }] } })).body.data
        .stockInId as number;
    const complete = (stockInId: number) => admin.call('PUT', 'goods/stockIn/complete', { body: { stockInId } });
    const review = (stockInId: number, pass: boolean) => admin.call('PUT', 'goods/stockIn/review', { body: { stockInId, pass, reviewRemark: '' } });

    const refused = await create();
    expect((await complete(refused)).body.msg).toBe('只能完结审核通过的进货单');
    expect((await review(refused, false)).body.data).toMatchObject({ state: 'D', reviewName: '系统管理员' });
    expect((await review(refused, true)).body.msg).toBe('只能审核待审核的进货单');
    expect((await complete(refused)).body.msg).toBe('只能完结审核通过的进货单');
    expect(await stockOf(server.db, 1, 5)).toBe(before);

    const passed = await create();
    await review(passed, true);
    expect(await stockOf(server.db, 1, 5)).toBe(before + 7);
    expect((await complete(passed)).body.data.state).toBe('E');
    expect((await complete(passed)).body.msg).toBe('只能完结审核通过的进货单');
    expect(await stockOf(server.db, 1, 5)).toBe(before + 7);
    const ledger = await server.db
      .selectFrom('stock_movement')
      .select(['reason', 'change'])
      .where('ref_id', '=', passed)
      .where('reason', '=', 'STOCK_IN')
      .execute();
    expect(ledger).toEqual([{ reason: 'STOCK_IN', change: 7 }]);
  });
});
