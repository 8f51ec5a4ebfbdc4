import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

/** Names that exist only in tenant 1 of the demo seed. */
const TENANT_ONE = ['城东', '滨江', '阳光体育', '"cashier"', '收银员小李'];

/**
 * Every route of /api/docs/json must be listed here: reads are called as tenant 2's admin and must
 * show nothing of tenant 1; writes and id lookups get tenant 1's ids and must be refused. A new
 * route fails this test until it is classified.
 */
/** `refuse`: tenant 1's ids are used, so any success is a leak. */
type Probe = { query?: Record<string, unknown>; body?: unknown; path?: string; refuse?: boolean } | 'public' | 'self';
const PROBES: Record<string, Probe> = {
  'POST /api/system/auth/login': 'public',
  'GET /api/system/auth/code': 'public',
  'GET /api/system/auth/checkNeedCaptchaAnonymous': 'public',
  'POST /api/system/auth/getAnonymous': 'public',
  'POST /api/system/auth/checkAnonymous': 'public',
  'DELETE /api/system/auth/logout': 'self',
  'GET /api/system/api/user/checkPassword': 'self',
  'PUT /api/system/api/user/updatePass': 'self',
  'GET /api/system/auth/info': {},
  'PUT /api/system/api/user/setCurrentVenue': { body: { venueId: 1 }, refuse: true },
  'GET /api/system/api/user/all': {},
  'GET /api/system/venue/enableVenueInfo': {},
  'GET /api/system/venue/sportItems': { query: { venueId: 1 } },
  'GET /api/system/tenant/info': {},
  'GET /api/system/tenant/getTenantService': {},
  'GET /api/system/setting/getGlobalSetting': {},
  'GET /api/system/api/menus/user-all': {},
  'GET /api/system/api/menus/lazy': {},
  'GET /api/master/dict/getDetailByDictType': { query: { dictType: 'state' } },
  'GET /api/api/dictDetail/map': { query: { dictName: 'state' } },
  'GET /api/api/dict': {},
  'GET /api/api/dictDetail': { query: { dictName: 'state' } },
  'POST /api/api/dictDetail': { body: { dictName: 'state', label: 'x', value: 'X', sort: 1 } },
  'PUT /api/api/dictDetail': { body: { id: 1, label: '被改', value: 'A', sort: 1 }, refuse: true },
  'DELETE /api/api/dictDetail/{id}': { path: 'api/dictDetail/1', refuse: true },
  'GET /api/goods/goodsClassification/all': {},
  'GET /api/goods/goodsClassification/id/{id}': { path: 'goods/goodsClassification/id/1', refuse: true },
  'GET /api/goods/goodsClassification/allWithGoodsCount': {},
  'POST /api/goods/goodsClassification/add': 'self',
  'PUT /api/goods/goodsClassification/edit': { body: { classificationId: 1, classificationName: '被改', state: 'S', sort: 1 }, refuse: true },
  'GET /api/goods/warehouse/query': {},
  'GET /api/goods/warehouse/all': { query: { venueIds: '1,2,3,4' } },
  'GET /api/goods/warehouse/id/{id}': { path: 'goods/warehouse/id/1', refuse: true },
  'POST /api/goods/warehouse/add': { body: { warehouseName: '越权仓库', venueIds: [1] }, refuse: true },
  'PUT /api/goods/warehouse/edit': { body: { warehouseId: 1, warehouseName: '被改', state: 'S', venueIds: [1] }, refuse: true },
  'GET /api/goods/goodsArchive/query': {},
  'GET /api/goods/goodsArchive/id/{id}': { path: 'goods/goodsArchive/id/1', refuse: true },
  'POST /api/goods/goodsArchive/add': { body: { goodsName: '越权', unit: '个', price: 1, classificationId: 1 }, refuse: true },
  'PUT /api/goods/goodsArchive/edit': { body: { goodsId: 1, goodsName: '被改', unit: '个', price: 1, classificationId: 1 }, refuse: true },
  'PUT /api/goods/goodsArchive/state': { body: { goodsId: 1, state: 'S' }, refuse: true },
  'GET /api/goods/goodsArchive/allByClassification': { query: { warehouseIds: '1,2,3' } },
  'GET /api/goods/goodsArchive/queryStock': {},
  'GET /api/goods/stock/movements': { query: { goodsId: 1, warehouseId: 1 } },
  'POST /api/goods/stock/adjust': { body: { goodsId: 1, warehouseId: 1, change: 1, remark: '越权' }, refuse: true },
  'GET /api/goods/goodsArchive/querySupplier': {},
  'GET /api/goods/goodsArchive/querySupplierAndGoods': {},
  'POST /api/goods/supplier/add': 'self',
  'PUT /api/goods/supplier/edit': { body: { supplierId: 1, supplierName: '被改' }, refuse: true },
  'POST /api/goods/stockIn/add': { body: { warehouseId: 1, supplierId: 1, details: [{ goodsId: 1, quantity: 1, price: 1 }] }, refuse: true },
  'PUT /api/goods/stockIn/review': { body: { stockInId: 1, pass: true }, refuse: true },
  'PUT /api/goods/stockIn/complete': { body: { stockInId: 1 }, refuse: true },
  'GET /api/goods/stockIn/query': {},
  'GET /api/goods/stockIn/id/{id}': { path: 'goods/stockIn/id/1', refuse: true },
};
export function registerProbes(probes: Record<string, Probe>) {
  Object.assign(PROBES, probes);
}

describe.each(engines())('tenant isolation on %s', (engine) => {
  let database: TestDatabase;
  let api: Api;
  let other: string;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    api = await startApi(database);
    other = await api.login('admin2', 'admin123');
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('classifies every route of the API document', async () => {
    const doc = (await (await fetch(new URL('/api/docs/json', api.url))).json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).filter((m) => m !== 'head').map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.filter((r) => !(r in PROBES))).toEqual([]);
  });

  it("shows tenant 2 nothing of tenant 1 and lets it change nothing of tenant 1's", async () => {
    const dictBefore = await database.db.kysely.selectFrom('dict_detail').selectAll().where('tenant_id', '=', 1).orderBy('id').execute();
    const leaks: string[] = [];
    for (const [route, probe] of Object.entries(PROBES)) {
      if (probe === 'public' || probe === 'self') continue;
      const [method, path] = route.split(' ');
      const target = probe.path ?? path.replace(/^\/api\//, '');
      const answer = await api.call(method, target, { token: other, query: probe.query, body: probe.body });
      const text = JSON.stringify(answer.body);
      if (TENANT_ONE.some((marker) => text.includes(marker))) leaks.push(`${route}: ${text.slice(0, 120)}`);
      if (probe.refuse && answer.body?.code === 200) leaks.push(`${route} accepted: ${text.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
    const dictAfter = await database.db.kysely.selectFrom('dict_detail').selectAll().where('tenant_id', '=', 1).orderBy('id').execute();
    expect(dictAfter).toEqual(dictBefore);
    const venue = await database.db.kysely.selectFrom('users').select('current_venue_id').where('username', '=', 'admin2').executeTakeFirstOrThrow();
    expect(venue.current_venue_id).not.toBe(1);
  });
});
