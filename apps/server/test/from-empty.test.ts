import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, goods, system, venue } from '@venue/contract';
import { seedIfEmpty, type SeedResult } from '../src/seed/index.ts';
import { engines, freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

/** The tables an install without demo data starts with rows in: the tenant, its admin, code tables and menus. */
const STARTS_FILLED = [
  'tenant',
  'tenant_setting',
  'tenant_service',
  'global_setting',
  'role',
  'menu',
  'role_menu',
  'users',
  'user_role',
  'dict',
  'dict_detail',
];

/** Issue 15 "Start from empty": DEMO_SEED=0 gives one admin (password printed once, changed first) and the code tables, nothing else. */
describe.each(engines())('an install without demo data on %s', (engine) => {
  let database: TestDatabase;
  let api: Api;
  let seed: SeedResult;

  beforeAll(async () => {
    database = await freshDatabase(engine, { seeded: false });
    seed = await seedIfEmpty(database.db, false);
    api = await startApi(database);
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('has one admin with a made-up password, and a second start seeds nothing', async () => {
    expect(seed.seeded).toBe(true);
    expect(seed.logins).toEqual([{ username: 'admin', password: expect.stringMatching(/^[\w-]{12}$/) }]);
    expect(await seedIfEmpty(database.db, false)).toEqual({ seeded: false, logins: [] });
  });

  it('holds the code tables and menus, and nothing else: no venue, goods, card, payment method or role besides admin', async () => {
    const tables =
      engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
            database.db.kysely,
          )
        : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(
            database.db.kysely,
          );
    // SQLite keeps a full-text index's own rows in shadow tables named after it (card_search_config).
    const virtual =
      engine === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where sql like 'CREATE VIRTUAL TABLE%'`.execute(database.db.kysely)).rows
        : [];
    const filled: string[] = [];
    for (const { name } of tables.rows) {
      if (virtual.some((v) => name.startsWith(`${v.name}_`))) continue;
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(database.db.kysely);
      if (Number(rows[0].n) > 0) filled.push(name);
    }
    // rules_version: the server's own counter of rule changes (a migration's row), not tenant data; app_install: this
    // installation's trade-number prefix (issue 31), drawn by its migration.
    expect(filled.filter((name) => !STARTS_FILLED.includes(name) && name !== 'rules_version' && name !== 'app_install')).toEqual([]);
    expect(STARTS_FILLED.filter((name) => !filled.includes(name))).toEqual([]);
    const roles = await database.db.kysely.selectFrom('role').select('code').execute();
    expect(roles).toEqual([{ code: 'admin' }]);
  });

  it('lets the admin in only to change the password first; then every screen answers on the empty tenant', async () => {
    const token = await api.login('admin', seed.logins[0].password);
    const info = (await api.call(auth.info, { token })).body.data;
    expect(info).toMatchObject({ mustChangePassword: true, venues: [], currentVenueId: null });
    expect((await api.call(venue.venueAll, { token })).body).toMatchObject({ code: 510, msg: '请先修改密码' });
    expect((await api.call(auth.updatePassword, { token, body: { oldPass: seed.logins[0].password, newPass: 'Admin-Secret-9' } })).body.code).toBe(200);

    const fresh = await api.login('admin', 'Admin-Secret-9');
    expect((await api.call(auth.info, { token: fresh })).body.data.mustChangePassword).toBe(false);
    expect((await api.call(venue.venueAll, { token: fresh })).body.data).toMatchObject({ records: [], total: 0 });
    expect((await api.call(system.enableVenueInfo, { token: fresh })).body.data).toEqual([]);
    expect((await api.call(goods.warehouseQuery, { token: fresh })).body.data).toMatchObject({ records: [], total: 0 });
    const menus = (await api.call(system.userMenus, { token: fresh })).body.data;
    expect(menus.map((m: { meta?: { title: string } }) => m.meta?.title)).toContain('系统管理');
    expect((await api.call(system.dictByType, { token: fresh, query: { dictType: 'pay_state' } })).body.data.length).toBeGreaterThan(0);
  });
});
