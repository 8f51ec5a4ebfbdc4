import sharp from 'sharp';
import { expect, it } from 'vitest';
import { goods, Msg } from '@venue/contract';
import { stockOf } from './goods.helpers.ts';
import { describeEachEngine } from './harness.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describeEachEngine('goods on %s', (server) => {
  const { api, admin, cashier, other } = server;

  it('creates and edits classifications, refusing duplicates and bad input in Chinese', async () => {
    const added = await admin.call('POST', 'goods/goodsClassification/add', { body: { classificationName: '测试分类', sort: 5 } });
    expect(added.body.data).toMatchObject({ classificationName: '测试分类', state: 'A', sort: 5 });
    const dup = await admin.call('POST', 'goods/goodsClassification/add', { body: { classificationName: '测试分类' } });
    expect(dup.body).toMatchObject({ code: -1000, msg: '该商品分类名称已存在' });
    const empty = await admin.call('POST', 'goods/goodsClassification/add', { body: { classificationName: ' ' } });
    expect(empty).toMatchObject({ status: 400, body: { msg: '请输入分类名称' } });
    const edited = await admin.call('PUT', 'goods/goodsClassification/edit', {
      body: { classificationId: added.body.data.classificationId, classificationName: '测试分类二', state: 'S', sort: 6 },
    });
    expect(edited.body.data.state).toBe('S');
    const enabled = await admin.call('GET', 'goods/goodsClassification/all', { query: { state: 'A' } });
    expect(enabled.body.data.map((c: { classificationName: string }) => c.classificationName)).not.toContain('测试分类二');
    // Saved at once, one name: one wins, the others hear that it exists (the unique index, not a 500).
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => admin.call('POST', 'goods/goodsClassification/add', { body: { classificationName: '并发分类' } })),
    );
    expect(racing.map((r) => r.body.code).sort()).toEqual([-1000, -1000, -1000, 200]);
  });

  it("refuses a warehouse serving another tenant's venue, and edits a seeded goods item as the screen sends it back", async () => {
    const foreignVenue = (await server.db.selectFrom('venue').select('id').where('tenant_id', '=', 2).executeTakeFirstOrThrow()).id;
    const warehouse = await admin.call('POST', 'goods/warehouse/add', { body: { warehouseName: '越界仓库', venueIds: [1, foreignVenue] } });
    expect(warehouse.body).toMatchObject({ code: -1100, msg: '所选场馆不存在' });
    expect((await admin.call('POST', 'goods/warehouse/add', { body: { warehouseName: '无场馆仓库', venueIds: [] } })).body.msg).toBe('请选择服务场馆');
    const seeded = (await admin.call('GET', 'goods/goodsArchive/id/1')).body.data;
    expect(seeded.picture).toMatch(/^data:image\/svg\+xml,/);
    const { classificationName, itemName, ...values } = seeded;
    const edited = await admin.call('PUT', 'goods/goodsArchive/edit', { body: { ...values, barcode: values.barcode ?? undefined, price: 2.5 } });
    expect(edited.body).toMatchObject({ code: 200, data: { price: 2.5, picture: seeded.picture, classificationName } });
  });

  it('validates goods: price with two decimals at most, a class of the tenant, a unique barcode', async () => {
    const base = { goodsName: '测试水', unit: '瓶', price: 2.5, classificationId: 1, barcode: '6900000000017', shorthand: 'CSS' };
    const added = await admin.call('POST', 'goods/goodsArchive/add', { body: base });
    expect(added.body.data).toMatchObject({ goodsName: '测试水', price: 2.5, shorthand: 'css', isOnSale: '1' });
    expect((await admin.call('POST', 'goods/goodsArchive/add', { body: { ...base, price: 1.234 } })).body.msg).toBe('售价最多两位小数');
    expect((await admin.call('POST', 'goods/goodsArchive/add', { body: { ...base, goodsName: '别的', barcode: '6900000000017' } })).body.msg).toBe(
      '该条码已被其他商品使用',
    );
    const otherClass = (await server.db.selectFrom('goods_classification').select('id').where('tenant_id', '=', 2).executeTakeFirstOrThrow()).id;
    expect((await admin.call('POST', 'goods/goodsArchive/add', { body: { ...base, barcode: undefined, classificationId: otherClass } })).body.msg).toBe(
      '商品分类不存在',
    );
  });

  it('filters allByClassification by barcode, name and shorthand, skips off-sale goods and sums stock', async () => {
    const water = await server.db.selectFrom('goods').selectAll().where('tenant_id', '=', 1).where('name', '=', '农夫山泉').executeTakeFirstOrThrow();
    const query = (goodsQuery?: string) => cashier.call('GET', 'goods/goodsArchive/allByClassification', { query: { warehouseIds: '1,5', goodsQuery } });
    const flat = (data: Record<string, { goodsId: number; quantity: number }[]>) =>
      Object.entries(data)
        .filter(([k]) => k !== 'hotSale')
        .flatMap(([, v]) => v);
    for (const q of [water.barcode!, '农夫', 'NFS']) {
      expect(flat((await query(q)).body.data).map((g) => g.goodsId)).toContain(water.id);
    }
    const all = (await query()).body.data;
    expect(all.hotSale).toEqual([]);
    expect(flat(all).find((g) => g.goodsId === water.id)?.quantity).toBe((await stockOf(server.db, water.id, 1)) + (await stockOf(server.db, water.id, 5)));
    // A search follows the stock at once (the catalogue is kept in memory, the stock is read every time).
    const searched = async () => flat((await query('农夫')).body.data).find((g) => g.goodsId === water.id)?.quantity;
    const before = await searched();
    await admin.call('POST', 'goods/stock/adjust', { body: { goodsId: water.id, warehouseId: 1, change: 3, remark: '盘盈' } });
    expect(await searched()).toBe(before! + 3);
    await admin.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: water.id, isOnSale: '0' } });
    expect(flat((await query('农夫')).body.data).map((g) => g.goodsId)).not.toContain(water.id);
    await admin.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: water.id, isOnSale: '1' } });
  });

  it('商品档案 finds goods by barcode, shorthand (any case) and name in one box', async () => {
    const water = await server.db.selectFrom('goods').selectAll().where('tenant_id', '=', 1).where('name', '=', '农夫山泉').executeTakeFirstOrThrow();
    const names = async (goodsQuery: string) =>
      ((await admin.call('GET', 'goods/goodsArchive/query', { query: { goodsQuery, size: 100 } })).body.data.records as { goodsName: string }[]).map(
        (g) => g.goodsName,
      );
    for (const q of [water.barcode!, water.barcode!.slice(0, 10), 'nfs', 'NFS', '农夫']) expect(await names(q)).toContain('农夫山泉');
    expect(await names(water.barcode!)).toEqual(['农夫山泉']);
    expect(await names('无此商品zz')).toEqual([]);
    // The other tenant's search finds its own goods only.
    const theirs = (await other.call('GET', 'goods/goodsArchive/query', { query: { goodsQuery: water.barcode! } })).body.data.records as { goodsId: number }[];
    expect(theirs.map((g) => g.goodsId)).not.toContain(water.id);
  });

  it('raises stock only when a stock-in passes; a reviewed order cannot be reviewed again', async () => {
    const goodsId = (await admin.call('POST', 'goods/goodsArchive/add', { body: { goodsName: '进货测试', unit: '个', price: 1, classificationId: 1 } })).body
      .data.goodsId;
    const create = () => admin.call('POST', 'goods/stockIn/add', { body: { warehouseId: 1, supplierId: 1, details: [{ goodsId, quantity: 12, price: 0.5 }] } });
    const rejected = (await create()).body.data;
    expect(rejected.state).toBe('P');
    expect(await stockOf(server.db, goodsId, 1)).toBe(0);
    await admin.call('PUT', 'goods/stockIn/review', { body: { stockInId: rejected.stockInId, pass: false, reviewRemark: '不要' } });
    expect(await stockOf(server.db, goodsId, 1)).toBe(0);
    const passed = (await create()).body.data;
    const review = await admin.call('PUT', 'goods/stockIn/review', { body: { stockInId: passed.stockInId, pass: true } });
    expect(review.body.data.state).toBe('A');
    expect(await stockOf(server.db, goodsId, 1)).toBe(12);
    const again = await admin.call('PUT', 'goods/stockIn/review', { body: { stockInId: passed.stockInId, pass: true } });
    expect(again.body.msg).toBe('只能审核待审核的进货单');
    expect(await stockOf(server.db, goodsId, 1)).toBe(12);
    const foreignWarehouse = await admin.call('POST', 'goods/stockIn/add', {
      body: { warehouseId: 2, supplierId: 1, details: [{ goodsId, quantity: 1, price: 1 }] },
    });
    expect(foreignWarehouse.body.msg).toBe('该仓库不可用或不服务当前场馆');
  });

  it('never takes stock below zero, even under concurrent adjustments', async () => {
    const goodsId = (await admin.call('POST', 'goods/goodsArchive/add', { body: { goodsName: '调整测试', unit: '个', price: 1, classificationId: 1 } })).body
      .data.goodsId;
    await admin.call('POST', 'goods/stock/adjust', { body: { goodsId, warehouseId: 1, change: 5, remark: '盘盈' } });
    const beyond = await admin.call('POST', 'goods/stock/adjust', { body: { goodsId, warehouseId: 1, change: -6, remark: '盘亏' } });
    expect(beyond.body.msg).toBe('商品「调整测试」库存不足');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => admin.call('POST', 'goods/stock/adjust', { body: { goodsId, warehouseId: 1, change: -1, remark: '并发' } })),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
    expect(await stockOf(server.db, goodsId, 1)).toBe(0);
    const moves = await admin.call('GET', 'goods/stock/movements', { query: { goodsId, warehouseId: 1 } });
    expect(moves.body.data.total).toBe(6);
  });

  it("keeps tenants apart and refuses a cashier's edits with 403 510", async () => {
    const mine = await other.call('GET', 'goods/goodsArchive/query', { query: { size: 200 } });
    const tenantOneIds = new Set((await server.db.selectFrom('goods').select('id').where('tenant_id', '=', 1).execute()).map((g) => g.id));
    expect(mine.body.data.records.some((g: { goodsId: number }) => tenantOneIds.has(g.goodsId))).toBe(false);
    expect((await other.call('GET', 'goods/goodsArchive/id/1')).body.msg).toBe(Msg.goodsNotFound);
    expect((await other.call('PUT', 'goods/goodsArchive/state', { body: { goodsId: 1, state: 'S' } })).body.code).toBe(-1100);
    const stock = await other.call('GET', 'goods/goodsArchive/allByClassification', { query: { warehouseIds: '1' } });
    expect(
      Object.values(stock.body.data)
        .flat()
        .every((g) => (g as { quantity: number }).quantity === 0),
    ).toBe(true);
    const denied = await cashier.call('POST', 'goods/goodsArchive/add', { body: { goodsName: 'x', unit: '个', price: 1, classificationId: 1 } });
    expect(denied).toMatchObject({ status: 403, body: { code: 510 } });
    const edit = { goodsId: 1, goodsName: '改名', unit: '瓶', price: 1, classificationId: 1 };
    for (const [method, path, body] of [
      ['PUT', 'goods/goodsArchive/edit', edit],
      ['PUT', 'goods/goodsArchive/state', { goodsId: 1, isOnSale: '0' }],
      ['POST', 'goods/goodsClassification/add', { classificationName: '收银员分类' }],
      ['POST', 'goods/stock/adjust', { goodsId: 1, warehouseId: 1, change: 1, remark: '盘盈' }],
      ['PUT', 'goods/stockIn/review', { stockInId: 6, pass: true }],
    ] as const) {
      expect(await cashier.call(method, path, { body })).toMatchObject({ status: 403, body: { code: 510 } });
    }
    expect((await admin.call('GET', 'goods/goodsArchive/id/1')).body.data.goodsName).toBe('农夫山泉');
    expect((await cashier.call('GET', 'goods/goodsArchive/queryStock')).status).toBe(200);
    expect((await cashier.call('GET', 'goods/goodsArchive/query')).status).toBe(200);
  });

  it('stores a PNG picture, refuses a text file named .png and a picture over 2MB', async () => {
    const upload = async (bytes: Buffer, name: string, type: string) =>
      (await admin.upload<{ url: string } | null>(goods.uploadPicture.path, { bytes, name, type })).body;
    const picture = await sharp({ create: { width: 3, height: 2, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const ok = await upload(picture, 'a.png', 'image/png');
    expect(ok.code).toBe(200);
    const served = await fetch(new URL(ok.data!.url, api.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    // stored as decoded and encoded again: the same picture
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 3, height: 2 });
    expect((await upload(PNG, 'broken.png', 'image/png')).msg).toBe(Msg.pictureType);
    expect((await upload(Buffer.from('hello'), 'b.png', 'image/png')).msg).toBe(Msg.pictureType);
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'c.png', 'image/png')).msg).toBe('图片不能超过 2MB');
    expect((await fetch(new URL('/uploads/1/../../etc/passwd', api.url))).status).toBe(404);
  });
});
