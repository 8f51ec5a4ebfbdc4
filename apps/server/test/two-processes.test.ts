import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from './client.ts';
import { spawnServer, useServer } from './harness.ts';

/**
 * Two servers over one PostgreSQL act as one (design 3: nothing that matters lives in one process).
 * The second is main.ts in its own process, so no module state can be shared by accident.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two server processes on one PostgreSQL', () => {
  const server = useServer('postgres');
  const { api: first } = server;
  let second: Client & { close(): Promise<void> };
  // Registered after the suite server's hooks: starts over its database, and stops before that is dropped.
  beforeAll(async () => {
    second = await spawnServer(server.database);
  });
  afterAll(() => second?.close());

  // First: the failed logins below make the cashier's next login ask for a captcha.
  it("applies a role's permission taken away on one database to the next request of both processes", async () => {
    const token = await first.login('cashier', 'cashier123');
    const list = (server: Client) => server.call('GET', 'goods/goodsSaleOrder/query', { token });
    // Both processes hold the cashier's grants in memory now.
    expect([(await list(first)).body.code, (await list(second)).body.code]).toEqual([200, 200]);
    const taken = await server.db
      .deleteFrom('role_menu')
      .where('menu_id', 'in', (eb) => eb.selectFrom('menu').select('id').where('tenant_id', '=', 1).where('permission', '=', 'goods:saleOrder:list'))
      .where('role_id', 'in', (eb) => eb.selectFrom('role').select('id').where('tenant_id', '=', 1).where('code', '=', 'cashier'))
      .returningAll()
      .execute();
    expect(taken.length).toBeGreaterThan(0);
    try {
      expect([(await list(first)).status, (await list(second)).status]).toEqual([403, 403]);
    } finally {
      await server.db.insertInto('role_menu').values(taken).execute();
    }
    expect([(await list(first)).body.code, (await list(second)).body.code]).toEqual([200, 200]);
  });

  it('accepts a token of one on the other, and a logout on one revokes on both', async () => {
    const token = await first.login('admin', 'admin123');
    expect((await second.call('GET', 'system/auth/info', { token })).body.data.username).toBe('admin');
    expect((await second.call('DELETE', 'system/auth/logout', { token })).body.code).toBe(200);
    for (const server of [first, second]) {
      expect(await server.call('GET', 'system/auth/info', { token })).toMatchObject({ status: 401, body: { code: -100, msg: '登录已过期，请重新登录' } });
    }
  });

  it('shares failed-login counts: three failures split over both ask for a captcha on both', async () => {
    // A different client address for each failure, so only the per-user count can reach three.
    const fail = (server: Client, ip: string) =>
      server.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'bad' }, headers: { 'x-forwarded-for': ip } });
    const need = async (server: Client) =>
      (await server.call('GET', 'system/auth/checkNeedCaptchaAnonymous', { query: { username: 'cashier' }, headers: { 'x-forwarded-for': '10.0.0.9' } })).body
        .data.needCaptcha;
    await fail(first, '10.0.0.1');
    await fail(second, '10.0.0.2');
    expect([await need(first), await need(second)]).toEqual([false, false]);
    await fail(first, '10.0.0.3');
    expect([await need(first), await need(second)]).toEqual([true, true]);
  });

  it('accepts on one server the captcha drawn by the other', async () => {
    const drawn = await first.call('GET', 'system/auth/code');
    const { answer } = await server.db.selectFrom('captcha').select('answer').where('uuid', '=', drawn.body.data.uuid).executeTakeFirstOrThrow();
    const ok = await second.call('POST', 'system/auth/login', {
      body: { username: 'cashier', password: 'cashier123', code: answer, uuid: drawn.body.data.uuid },
    });
    expect(ok.body.code).toBe(200);
  });
});
