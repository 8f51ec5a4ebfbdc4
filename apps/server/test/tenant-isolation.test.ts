import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

/** Names that exist only in tenant 1 of the demo seed. */
const TENANT_ONE = ['城东', '滨江', '阳光体育', '"cashier"', '收银员小李'];

/**
 * Every route of /api/docs/json must be listed here: reads are called as tenant 2's admin and must
 * show nothing of tenant 1; writes and id lookups get tenant 1's ids and must be refused. A new
 * route fails this test until it is classified.
 */
type Probe = { query?: Record<string, unknown>; body?: unknown; path?: string } | 'public' | 'self';
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
  'PUT /api/system/api/user/setCurrentVenue': { body: { venueId: 1 } },
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
  'PUT /api/api/dictDetail': { body: { id: 1, label: '被改', value: 'A', sort: 1 } },
  'DELETE /api/api/dictDetail/{id}': { path: 'api/dictDetail/1' },
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
      if (method !== 'GET' && answer.body?.code === 200 && !route.includes('dictDetail')) leaks.push(`${route} accepted: ${text.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
    const dictAfter = await database.db.kysely.selectFrom('dict_detail').selectAll().where('tenant_id', '=', 1).orderBy('id').execute();
    expect(dictAfter).toEqual(dictBefore);
    const venue = await database.db.kysely.selectFrom('users').select('current_venue_id').where('username', '=', 'admin2').executeTakeFirstOrThrow();
    expect(venue.current_venue_id).not.toBe(1);
  });
});
