import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@venue/contract';

const { TOKEN_LIFETIME_MS } = auth;
import { engines, freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

const EXPIRED = { code: -100, msg: '登录已过期，请重新登录', data: null };

describe.each(engines())('auth and session on %s', (engine) => {
  let database: TestDatabase;
  let api: Api;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    api = await startApi(database);
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  it('logs in and answers the user info of spec 3', async () => {
    const { status, body } = await api.call('POST', 'system/auth/login', { body: { username: 'admin', password: 'admin123' } });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    const user = body.data.user;
    expect(user).toMatchObject({ username: 'admin', realName: '系统管理员', roles: ['ROLE_admin'], currentVenueName: '城东羽毛球馆', memberTypeFlag: 'F' });
    expect(user.centers.map((c: { centerName: string }) => c.centerName)).toEqual(['城东体育中心', '滨江运动公园']);
    expect(user.venues).toHaveLength(4);
    expect(user.tenantServices.length).toBeGreaterThan(0);
    expect(typeof user.roleId).toBe('number');
  });

  it('refuses a wrong password with a Chinese message, and a missing one with 400', async () => {
    const wrong = await api.call('POST', 'system/auth/login', { body: { username: 'nobody', password: 'x' } });
    expect(wrong.body).toMatchObject({ code: -9000, msg: '用户名或密码错误' });
    const missing = await api.call('POST', 'system/auth/login', { body: { username: 'admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入密码');
  });

  it('asks for a captcha after three wrong passwords, and accepts the right code', async () => {
    for (let i = 0; i < 3; i += 1) await api.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'bad' } });
    const check = await api.call('GET', 'system/auth/checkNeedCaptchaAnonymous', { query: { username: 'cashier' } });
    expect(check.body.data).toEqual({ needCaptcha: true });
    const noCode = await api.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'cashier123' } });
    expect(noCode.body).toMatchObject({ code: -9000, msg: '请输入验证码' });

    const captcha = await api.call('GET', 'system/auth/code');
    expect(captcha.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongCode = await api.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'cashier123', code: 'zzzz', uuid: captcha.body.data.uuid } });
    expect(wrongCode.body.msg).toBe('验证码错误或已过期');

    const fresh = await api.call('GET', 'system/auth/code');
    const row = await database.db.kysely.selectFrom('captcha').select('answer').where('uuid', '=', fresh.body.data.uuid).executeTakeFirstOrThrow();
    const ok = await api.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'cashier123', code: row.answer, uuid: fresh.body.data.uuid } });
    expect(ok.body.code).toBe(200);
  });

  it('answers 401 -100 for no token, a revoked token and an expired token', async () => {
    expect(await api.call('GET', 'system/auth/info')).toMatchObject({ status: 401, body: EXPIRED });
    const token = await api.login('admin', 'admin123');
    expect((await api.call('GET', 'system/auth/info', { token })).status).toBe(200);
    await api.call('DELETE', 'system/auth/logout', { token });
    expect(await api.call('GET', 'system/auth/info', { token })).toMatchObject({ status: 401, body: EXPIRED });

    const later = await api.login('admin', 'admin123');
    api.clock.advance(TOKEN_LIFETIME_MS + 1);
    expect(await api.call('GET', 'system/auth/info', { token: later })).toMatchObject({ status: 401, body: EXPIRED });
    api.clock.advance(-(TOKEN_LIFETIME_MS + 1));
  });

  it('answers 403 with code 510 when a cashier calls an admin-only route', async () => {
    const token = await api.login('cashier', 'cashier123');
    const denied = await api.call('GET', 'system/api/user/all', { token });
    expect(denied).toMatchObject({ status: 403, body: { code: 510 } });
    const admin = await api.call('GET', 'system/api/user/all', { token: await api.login('admin', 'admin123') });
    expect(admin.body.data.total).toBe(2);
    const dicts = await api.call('GET', 'api/dictDetail/map', { token, query: { dictName: 'pay_state,card_pay_type' } });
    expect(dicts.body.data.pay_state.map((d: { value: string }) => d.value)).toEqual(['U', 'P', 'C', 'N', 'F', 'FR', 'PR']);
  });

  it('switches only to a venue of the user', async () => {
    const token = await api.login('cashier', 'cashier123');
    const before = (await api.call('GET', 'system/auth/info', { token })).body.data;
    const foreign = before.venues.length + 10;
    const refused = await api.call('PUT', 'system/api/user/setCurrentVenue', { token, body: { venueId: foreign } });
    expect(refused.body.code).not.toBe(200);
    const other = before.venues.find((v: { venueId: number }) => v.venueId !== before.currentVenueId);
    const moved = await api.call('PUT', 'system/api/user/setCurrentVenue', { token, body: { venueId: other.venueId } });
    expect(moved.body.data.currentVenueId).toBe(other.venueId);
    expect((await api.call('GET', 'system/auth/info', { token })).body.data.currentVenueId).toBe(other.venueId);
  });

  it('returns the menu tree in the shape of spec 2.3', async () => {
    const admin = (await api.call('GET', 'system/api/menus/user-all', { token: await api.login('admin', 'admin123') })).body.data;
    const system = admin.find((m: { path: string }) => m.path === '/system');
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noredirect', hidden: false, meta: { title: '系统管理' } });
    expect(system.children.map((c: { component: string }) => c.component)).toContain('system/dict/index');
    const cashier = (await api.call('GET', 'system/api/menus/user-all', { token: await api.login('cashier', 'cashier123') })).body.data;
    const cashierSystem = cashier.find((m: { path: string }) => m.path === '/system');
    expect(cashierSystem.children.map((c: { component: string }) => c.component)).toEqual(['system/dict/index']);
  });

  it('issues a read-only anonymous board token', async () => {
    const issued = await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: 1 } });
    const token = issued.body.data.token;
    expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token } })).body.data).toMatchObject({ valid: true, venueId: 1 });
    expect((await api.call('GET', 'system/tenant/info', { token })).body.data.tenantName).toBe('阳光体育运营集团');
    expect((await api.call('GET', 'system/auth/info', { token })).status).toBe(403);
  });

  it('sends security headers, hides stack traces and answers unknown API paths with JSON 404', async () => {
    const answer = await api.call('GET', 'no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: -1100 });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    const bad = await api.call('POST', 'system/auth/login', { body: { username: 'a'.repeat(500), password: 'x' } });
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
