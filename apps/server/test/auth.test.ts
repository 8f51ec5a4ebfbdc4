import { join } from 'node:path';
import { expect, it } from 'vitest';
import { auth } from '@venue/contract';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { client } from './client.ts';
import { describeEachEngine, freshDatabase, startApi } from './harness.ts';

const EXPIRED = { code: -100, msg: '登录已过期，请重新登录', data: null };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed logins count per user name and per client address; tests give each attempt its own address where that matters. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describeEachEngine('auth and session on %s', (server, engine) => {
  const { api } = server;

  const login = (username: string, password: string, extra: Record<string, unknown> = {}, ip = '10.0.0.1') =>
    api.call('POST', 'system/auth/login', { body: { username, password, ...extra }, headers: from(ip) });
  const needCaptcha = async (username: string, ip = '10.0.0.2') =>
    (await api.call('GET', 'system/auth/checkNeedCaptchaAnonymous', { query: { username }, headers: from(ip) })).body.data.needCaptcha;

  it('logs in and answers the token and the user info of spec 3', async () => {
    const { status, body } = await login('admin', 'admin123');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(body.data.token).toMatch(/^\S{32,}$/);
    const user = body.data.user;
    expect(user).toMatchObject({
      username: 'admin',
      realName: '系统管理员',
      roles: ['ROLE_admin'],
      currentVenueName: '城东羽毛球馆',
      memberTypeFlag: 'F',
      tenantId: 1,
    });
    expect(user.userId).toEqual(expect.any(Number));
    expect(user.roleId).toEqual(expect.any(Number));
    expect(user.permissions).toContain('ROLE_admin');
    expect(user.currentVenueId).toBe(user.venues[0].venueId);
    expect(user.centers.map((c: { centerName: string }) => c.centerName)).toEqual(['城东体育中心', '滨江运动公园']);
    expect(user.venues.map((v: { venueName: string }) => v.venueName)).toEqual(['城东羽毛球馆', '城东游泳馆', '滨江网球中心', '滨江健身馆']);
    expect(user.tenantServices).toContainEqual({ serviceCode: 'member', serviceName: '会员卡', enabled: true });
    const cashierLogin = (await login('cashier', 'cashier123')).body.data;
    const cashier = cashierLogin.user;
    expect(cashier).toMatchObject({ roles: ['ROLE_cashier'], permissions: expect.arrayContaining(['dict:list']) });
    expect(cashier.venues.map((v: { venueName: string }) => v.venueName)).toEqual(['城东羽毛球馆', '城东游泳馆']);
    // The menu tree comes with the login, the same user-all answers (the first screen asks for nothing more).
    for (const { token, menus } of [body.data, cashierLogin]) {
      expect(menus.length).toBeGreaterThan(0);
      expect(menus).toEqual((await api.call('GET', 'system/api/menus/user-all', { token })).body.data);
    }
    const titles = (nodes: { meta?: { title: string }; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.meta?.title ?? '', ...titles((n.children ?? []) as typeof nodes)]);
    expect(titles(body.data.menus)).toContain('角色管理');
    expect(titles(cashierLogin.menus)).not.toContain('角色管理');
  });

  it('refuses a wrong password or an unknown user alike, and a missing field with 400', async () => {
    const failed = { status: 200, body: { code: -9000, msg: '用户名或密码错误', data: null } };
    expect(await login('admin', 'wrong', {}, '10.1.0.1')).toMatchObject(failed);
    expect(await login('nobody', 'admin123', {}, '10.1.0.2')).toMatchObject(failed);
    expect(await api.call('POST', 'system/auth/login', { body: { username: 'admin' } })).toMatchObject({
      status: 400,
      body: { code: 400, msg: '请输入密码', data: null },
    });
    expect(await api.call('POST', 'system/auth/login', { body: { username: ' ', password: 'x' } })).toMatchObject({
      status: 400,
      body: { msg: '请输入用户名' },
    });
  });

  it('asks for a captcha after three wrong passwords, refuses a missing or wrong code and accepts the right one', async () => {
    expect(await needCaptcha('cashier')).toBe(false);
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) await login('cashier', 'bad', {}, ip);
    expect(await needCaptcha('cashier')).toBe(true);
    expect(await needCaptcha('admin')).toBe(false);
    expect((await login('cashier', 'cashier123')).body).toEqual({ code: -9000, msg: '请输入验证码', data: null });

    const drawn = (await api.call('GET', 'system/auth/code')).body.data;
    expect(drawn.img).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]{100,}$/);
    expect(drawn.uuid).toMatch(/^[\w-]{16,}$/);
    const { answer } = await server.db.selectFrom('captcha').select('answer').where('uuid', '=', drawn.uuid).executeTakeFirstOrThrow();
    const wrongCode = await login('cashier', 'cashier123', { code: answer === 'zzzz' ? 'yyyy' : 'zzzz', uuid: drawn.uuid });
    expect(wrongCode.body).toEqual({ code: -9000, msg: '验证码错误或已过期', data: null });
    // A captcha is good for one try only.
    expect((await login('cashier', 'cashier123', { code: answer, uuid: drawn.uuid })).body.msg).toBe('验证码错误或已过期');

    const fresh = (await api.call('GET', 'system/auth/code')).body.data;
    const row = await server.db.selectFrom('captcha').select('answer').where('uuid', '=', fresh.uuid).executeTakeFirstOrThrow();
    const ok = await login('cashier', 'cashier123', { code: row.answer.toUpperCase(), uuid: fresh.uuid });
    expect(ok.body.code).toBe(200);
    expect(await needCaptcha('cashier')).toBe(false);
  });

  it('asks for a captcha after three failures from one client, whatever the user names', async () => {
    for (const name of ['x1', 'x2', 'x3']) await login(name, 'bad', {}, '10.3.0.1');
    expect(await needCaptcha('admin', '10.3.0.1')).toBe(true);
    expect(await needCaptcha('admin', '10.3.0.2')).toBe(false);
  });

  it('lets several tills behind one address log in together without a captcha', async () => {
    const tills = [
      ['admin', 'admin123'],
      ['cashier', 'cashier123'],
      ['admin2', 'admin123'],
    ];
    const answers = await Promise.all([...tills, ...tills].map(([name, password]) => login(name, password, {}, '10.4.0.1')));
    expect(answers.map((a) => a.body.msg)).toEqual(Array(6).fill('操作成功'));
  });

  it('checks at most three passwords of a user before asking for a captcha, even when guesses arrive together', async () => {
    // Each attempt is counted in the database before its password is checked, so parallel guesses
    // (from different client addresses) cannot all pass the check before a failure is recorded.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('cashier', `guess${i}`, {}, `10.9.0.${i}`)));
    const checked = answers.filter((a) => a.body.msg === '用户名或密码错误').length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.body.msg === '请输入验证码')).toHaveLength(20 - checked);
    expect(await needCaptcha('cashier')).toBe(true);

    // The right password with a captcha still gets in, and resets the count.
    const drawn = (await api.call('GET', 'system/auth/code')).body.data;
    const { answer } = await server.db.selectFrom('captcha').select('answer').where('uuid', '=', drawn.uuid).executeTakeFirstOrThrow();
    expect((await login('cashier', 'cashier123', { code: answer, uuid: drawn.uuid }, '10.9.1.1')).body.code).toBe(200);
    expect(await needCaptcha('cashier')).toBe(false);
  });

  it('answers 401 -100 for no token, an unknown, a revoked and an expired token', async () => {
    expect(await api.call('GET', 'system/auth/info')).toMatchObject({ status: 401, body: EXPIRED });
    expect(await api.call('GET', 'system/auth/info', { token: 'not-a-token' })).toMatchObject({ status: 401, body: EXPIRED });
    const token = await api.login('admin', 'admin123');
    expect((await api.call('GET', 'system/auth/info', { token })).status).toBe(200);
    expect((await api.call('DELETE', 'system/auth/logout', { token })).body).toEqual({ code: 200, msg: '操作成功', data: null });
    expect(await api.call('GET', 'system/auth/info', { token })).toMatchObject({ status: 401, body: EXPIRED });
    expect(await api.call('DELETE', 'system/auth/logout', { token })).toMatchObject({ status: 401, body: EXPIRED });

    const later = await api.login('admin', 'admin123');
    try {
      server.clock.advance(DAY_MS - 1000);
      expect((await api.call('GET', 'system/auth/info', { token: later })).status).toBe(200);
      server.clock.advance(1001);
      expect(await api.call('GET', 'system/auth/info', { token: later })).toMatchObject({ status: 401, body: EXPIRED });
    } finally {
      server.clock.advance(-(DAY_MS + 1));
    }
  });

  it('answers 403 with code 510 when a cashier calls an admin-only route', async () => {
    const token = await api.login('cashier', 'cashier123');
    expect(await api.call('GET', 'system/api/user/all', { token })).toMatchObject({ status: 403, body: { code: 510, msg: '没有权限执行该操作', data: null } });
    const dicts = await api.call('GET', 'api/dictDetail/map', { token, query: { dictName: 'pay_state,card_pay_type' } });
    expect(dicts.body.data.pay_state.map((d: { value: string }) => d.value)).toEqual(['U', 'P', 'C', 'N', 'F', 'FR', 'PR']);
    expect(dicts.body.data.card_pay_type.map((d: { value: string }) => d.value)).toEqual(['T', 'D', 'M']);

    const users = await api.call('GET', 'system/api/user/all', { token: await api.login('admin', 'admin123'), query: { current: 1, size: 20 } });
    expect(users.body.data.total).toBe(2);
    expect(users.body.data.records.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'cashier']);
  });

  it("switches only to one of the user's venues", async () => {
    const token = await api.login('cashier', 'cashier123');
    const before = (await api.call('GET', 'system/auth/info', { token })).body.data;
    const venueId = async (name: string) => (await server.db.selectFrom('venue').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    for (const foreign of [await venueId('星河综合馆'), await venueId('滨江网球中心'), 99999]) {
      const refused = await api.call('PUT', 'system/api/user/setCurrentVenue', { token, body: { venueId: foreign } });
      expect(refused.body).toEqual({ code: 510, msg: '您没有该场馆的权限', data: null });
    }
    expect((await api.call('GET', 'system/auth/info', { token })).body.data.currentVenueId).toBe(before.currentVenueId);

    const swim = await venueId('城东游泳馆');
    const moved = await api.call('PUT', 'system/api/user/setCurrentVenue', { token, body: { venueId: swim } });
    expect(moved.body.data).toEqual({ currentVenueId: swim, currentVenueName: '城东游泳馆' });
    expect((await api.call('GET', 'system/auth/info', { token })).body.data).toMatchObject({ currentVenueId: swim, currentVenueName: '城东游泳馆' });
  });

  it('returns the menu tree in the shape of spec 2.3', async () => {
    type Menu = { path: string; component: string; children?: Menu[] };
    const tree = async (user: string, password: string) =>
      (await api.call('GET', 'system/api/menus/user-all', { token: await api.login(user, password) })).body.data as Menu[];
    const system = (await tree('admin', 'admin123')).find((m) => m.path === '/system')!;
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noredirect', hidden: false, meta: { title: '系统管理' } });
    expect(system.children).toContainEqual(
      expect.objectContaining({ path: 'dict', component: 'system/dict/index', meta: expect.objectContaining({ title: '字典管理' }) }),
    );
    expect(system.children!.length).toBeGreaterThan(1);
    const cashierSystem = (await tree('cashier', 'cashier123')).find((m) => m.path === '/system')!;
    expect(cashierSystem).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noredirect' });
    expect(cashierSystem.children!.map((c) => c.component)).toEqual(['system/dict/index']);
  });

  it('issues an anonymous board token that reads boards and nothing else', async () => {
    const issued = await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: 1 } });
    const token = issued.body.data.token;
    expect(issued.body.data).toMatchObject({ tenantId: 1, venueId: 1 });
    expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token } })).body.data).toMatchObject({ valid: true, venueId: 1 });
    expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token: await api.login('admin', 'admin123') } })).body.data.valid).toBe(false);
    expect((await api.call('GET', 'system/tenant/info', { token })).body.data.tenantName).toBe('阳光体育运营集团');
    expect((await api.call('GET', 'api/dictDetail/map', { token, query: { dictName: 'state' } })).body.data.state).toHaveLength(2);
    const readOnly = { status: 403, body: { code: 510, msg: '匿名访问仅可查看看板', data: null } };
    expect(await api.call('GET', 'system/auth/info', { token })).toMatchObject(readOnly);
    expect(await api.call('GET', 'system/api/user/all', { token })).toMatchObject(readOnly);
    expect(await api.call('GET', 'system/api/menus/user-all', { token })).toMatchObject(readOnly);
    expect((await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: 99999 } })).body.code).toBe(-1100);
  });

  it('refuses an id beyond 32 bits as input that fails the schema (400 naming the field), not a 500', async () => {
    // PostgreSQL integer columns stop at 2^31-1: the contract caps every id there, so the query never sees a larger one.
    expect(await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: 3_000_000_000 } })).toMatchObject({
      status: 400,
      body: { code: 400, msg: '场馆编号超出范围', data: null },
    });
    expect(await api.call('POST', 'system/auth/getAnonymous', { body: { venueId: 2_147_483_647 } })).toMatchObject({ status: 200, body: { code: -1100 } });
    const token = await api.login('admin', 'admin123');
    const tooLarge = { status: 400, body: { code: 400, data: null } };
    expect(await api.call('DELETE', 'api/dictDetail/3000000000', { token })).toMatchObject({
      ...tooLarge,
      body: { ...tooLarge.body, msg: '参数 id：无效编号：不能大于2147483647' },
    });
    expect(await api.call('GET', 'system/venue/sportItems', { token, query: { venueId: 3_000_000_000 } })).toMatchObject({
      ...tooLarge,
      body: { ...tooLarge.body, msg: '参数 venueId：无效编号：不能大于2147483647' },
    });
    expect(await api.call('GET', 'goods/warehouse/all', { token, query: { venueIds: '1,3000000000' } })).toMatchObject({
      ...tooLarge,
      body: { ...tooLarge.body, msg: '场馆格式错误' },
    });
  });

  it('sends security headers, hides stack traces and answers unknown API paths with JSON 404', async () => {
    const unknown = await api.call('GET', 'unknown');
    expect(unknown).toMatchObject({ status: 404, body: { code: -1100, msg: '数据不存在', data: null } });
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    const ok = await api.call('GET', 'system/auth/info', { token: await api.login('admin', 'admin123') });
    for (const answer of [unknown, ok]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    }

    const malformed = await fetch(new URL('/api/system/auth/login', api.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    const errors = [
      unknown.body,
      { status: malformed.status, ...(await malformed.json()) },
      (await api.call('POST', 'system/auth/login', { body: { username: 'a'.repeat(500), password: 'x' } })).body,
      (await api.call('GET', 'system/auth/info')).body,
      (await api.call('GET', 'system/api/user/all', { token: await api.login('cashier', 'cashier123') })).body,
      (await login('nobody', 'x', {}, '10.4.0.1')).body,
    ];
    expect(errors[1]).toMatchObject({ status: 400, code: 400, msg: '请求格式错误' });
    expect(errors[2].msg).toBe('用户名不能超过50个字符');
    for (const body of errors) {
      const { status: _status, ...envelope } = body as Record<string, unknown>;
      expect(Object.keys(envelope).sort()).toEqual(['code', 'data', 'msg']);
      expect(envelope.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(JSON.stringify(envelope)).not.toMatch(/stack|\.ts:\d+|node_modules|Error:/);
    }
  });
  /** A tenant-1 user with one venue and no role, made for a test that changes it. */
  async function makeUser(username: string, password: string) {
    const user = await server.db
      .insertInto('users')
      .values({
        tenant_id: 1,
        username,
        real_name: username,
        password_hash: await hashPassword(password),
        phone: null,
        state: 'A',
        current_venue_id: 1,
        member_type_flag: 'F',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('user_venue').values({ tenant_id: 1, user_id: user.id, venue_id: 1 }).execute();
    return user.id;
  }
  const TOO_MANY = { status: 429, body: { code: -2000, msg: '登录尝试过于频繁，请稍后再试', data: null } };

  it('checks the own password in a POST body, throttled in the database, never in a URL', async () => {
    await makeUser('checker-one', 'Checker-Secret-1');
    const token = await api.login('checker-one', 'Checker-Secret-1');
    const check = (password: string) => api.call(auth.checkPassword, { token, body: { password } });
    expect((await check('Checker-Secret-1')).body).toEqual({ code: 200, msg: '操作成功', data: { valid: true } });
    // The GET of the spec is gone: a password in a query string is not taken (the path is user/{id}'s, refused).
    const byGet = await api.call('GET', 'system/api/user/checkPassword', { token, query: { password: 'Checker-Secret-1' } });
    expect([400, 403, 404]).toContain(byGet.status);
    expect(byGet.body.data).toBeNull();
    for (let i = 0; i < 5; i++) expect((await check(`wrong-${i}`)).body.data).toEqual({ valid: false });
    expect(await check('Checker-Secret-1')).toMatchObject(TOO_MANY);
    // The old-password check of a change counts against the same limit.
    expect(await api.call(auth.updatePassword, { token, body: { oldPass: 'Checker-Secret-1', newPass: 'Fresh-Secret-9' } })).toMatchObject(TOO_MANY);
    try {
      server.clock.advance(16 * 60 * 1000);
      expect((await check('Checker-Secret-1')).body.data).toEqual({ valid: true });
    } finally {
      server.clock.advance(-16 * 60 * 1000);
    }
  });

  it('takes new passwords of 8 to 64 characters, not common and not the user name; a change ends the other sessions', async () => {
    await makeUser('changer-one', 'Changer-Secret-1');
    const mine = await api.login('changer-one', 'Changer-Secret-1');
    const elsewhere = await api.login('changer-one', 'Changer-Secret-1');
    const change = (newPass: string, oldPass = 'Changer-Secret-1') => api.call(auth.updatePassword, { token: mine, body: { oldPass, newPass } });
    const bad = (msg: string) => ({ status: 400, body: { code: 400, msg, data: null } });
    expect(await change('Ab3#xyz')).toMatchObject(bad('新密码长度为8到64个字符'));
    expect(await change('K'.repeat(65))).toMatchObject(bad('新密码长度为8到64个字符'));
    expect(await change('Password1')).toMatchObject(bad('新密码过于常见，请换一个更难猜的密码'));
    expect(await change('admin123')).toMatchObject(bad('新密码过于常见，请换一个更难猜的密码'));
    expect(await change('CHANGER-ONE')).toMatchObject(bad('新密码不能与用户名相同'));
    expect((await change('Fresh-Secret-9', 'not-it')).body).toEqual({ code: -9000, msg: '旧密码错误', data: null });
    // Nothing changed so far: both sessions live, the old password logs in.
    expect((await api.call('GET', 'system/auth/info', { token: elsewhere })).status).toBe(200);

    expect((await change('Fresh-Secret-9')).body).toEqual({ code: 200, msg: '操作成功', data: null });
    expect((await api.call('GET', 'system/auth/info', { token: mine })).status).toBe(200);
    expect(await api.call('GET', 'system/auth/info', { token: elsewhere })).toMatchObject({ status: 401, body: EXPIRED });
    expect((await login('changer-one', 'Changer-Secret-1', {}, '10.5.0.1')).body.msg).toBe('用户名或密码错误');
    expect((await login('changer-one', 'Fresh-Secret-9', {}, '10.5.0.2')).body.code).toBe(200);
    // The demo accounts keep their short passwords for login.
    expect((await login('admin', 'admin123', {}, '10.5.0.3')).body.code).toBe(200);
  });

  it("ends a disabled user's sessions for good", async () => {
    const userId = await makeUser('disabled-one', 'Disabled-Secret-1');
    const token = await api.login('disabled-one', 'Disabled-Secret-1');
    await server.db.updateTable('users').set({ state: 'S' }).where('id', '=', userId).execute();
    expect(await api.call('GET', 'system/auth/info', { token })).toMatchObject({ status: 401, body: EXPIRED });
    expect((await login('disabled-one', 'Disabled-Secret-1', {}, '10.6.0.1')).body.msg).toBe('账号已停用，请联系管理员');
    await server.db.updateTable('users').set({ state: 'A' }).where('id', '=', userId).execute();
    expect(await api.call('GET', 'system/auth/info', { token })).toMatchObject({ status: 401, body: EXPIRED });
    expect((await login('disabled-one', 'Disabled-Secret-1', {}, '10.6.0.2')).body.code).toBe(200);
  });

  it('throttles a user name in the database whatever the client address says: ten wrong passwords, then none is checked', async () => {
    await makeUser('walker-one', 'Walker-Secret-1');
    const withCaptcha = async () => {
      const drawn = (await api.call('GET', 'system/auth/code')).body.data;
      const { answer } = await server.db.selectFrom('captcha').select('answer').where('uuid', '=', drawn.uuid).executeTakeFirstOrThrow();
      return { code: answer, uuid: drawn.uuid };
    };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await login('walker-one', `guess-${i}`, i < 3 ? {} : await withCaptcha(), `10.7.${i}.1`));
    expect(answers.map((a) => a.body.msg)).toEqual(Array(10).fill('用户名或密码错误'));
    // Now every attempt is refused unchecked, with or without a captcha (attempts refused for want of a
    // captcha never count here: see the parallel guesses above, after which the right password gets in).
    expect(await login('walker-one', 'guess-x', {}, '10.7.10.1')).toMatchObject(TOO_MANY);
    expect(await login('walker-one', 'Walker-Secret-1', await withCaptcha(), '10.7.11.1')).toMatchObject(TOO_MANY);
    try {
      server.clock.advance(16 * 60 * 1000);
      expect((await login('walker-one', 'Walker-Secret-1', {}, '10.7.12.1')).body.code).toBe(200);
    } finally {
      server.clock.advance(-16 * 60 * 1000);
    }
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so: rotating it does not walk past the client limit', async () => {
    const app = await buildApp({
      db: server.database.db,
      config: { webDist: join(server.database.dataDir, 'no-web'), trustProxy: false },
      clock: server.clock,
    });
    const direct = client(() => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answers = [];
      for (let i = 0; i < 31; i++) {
        answers.push(await direct.call('POST', 'system/auth/login', { body: { username: `roamer${i}`, password: 'x' }, headers: from(`10.8.${i}.1`) }));
      }
      // One client (the socket's address): a captcha after three failures, then refused outright after 30 attempts.
      expect(answers.slice(0, 3).map((a) => a.body.msg)).toEqual(Array(3).fill('用户名或密码错误'));
      expect(answers[3]!.body.msg).toBe('请输入验证码');
      expect(answers[30]).toMatchObject(TOO_MANY);
      const keys = await server.db.selectFrom('login_failure').select('failure_key').where('failure_key', 'like', 'ip%').execute();
      expect(keys.some((k) => k.failure_key.includes('10.8.'))).toBe(false);
    } finally {
      await app.close();
      await server.db.deleteFrom('login_failure').where('failure_key', 'like', '%127.0.0.1').execute();
    }
  });

  it('keeps the sessions of two instances on one host apart: each keeps its own, and no answer sets a cookie', async () => {
    const database = await freshDatabase(engine);
    const second = await startApi(database);
    try {
      expect(new URL(second.url).port).not.toBe(new URL(api.url).port);
      const logins = [
        await login('admin', 'admin123', {}, '10.0.7.1'),
        await second.call('POST', 'system/auth/login', { body: { username: 'admin', password: 'admin123' } }),
      ];
      // the browser shares cookies between the ports of a host: the session travels only in the Authorization header
      expect(logins.map((l) => [l.body.code, l.headers.get('set-cookie')])).toEqual([
        [200, null],
        [200, null],
      ]);
      const [here, there] = logins.map((l) => l.body.data.token as string);
      await second.login('cashier', 'cashier123');
      expect((await api.call('GET', 'system/auth/info', { token: here })).body.data.username).toBe('admin');
      expect((await second.call('GET', 'system/auth/info', { token: there })).body.data.username).toBe('admin');
      // one instance's token means nothing to the other
      expect((await second.call('GET', 'system/auth/info', { token: here })).status).toBe(401);
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('issues board tokens only for venues whose boards are public, signed (no row per call) and limited per client', async () => {
    const sessions = async () =>
      Number(
        (
          await server.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const board = (venueId: number, ip: string) => api.call('POST', 'system/auth/getAnonymous', { body: { venueId }, headers: from(ip) });
    await server.db.updateTable('venue').set({ board_public: 'F' }).where('id', '=', 2).execute();
    expect(await board(2, '10.10.0.1')).toMatchObject({ status: 403, body: { code: 510, msg: '该场馆未开放公共看板', data: null } });

    const before = await sessions();
    const tokens = [];
    for (let i = 0; i < 5; i++) tokens.push((await board(1, '10.10.0.2')).body.data.token as string);
    expect(await sessions()).toBe(before);
    for (const token of tokens) {
      expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token } })).body.data).toMatchObject({ valid: true, venueId: 1 });
      expect((await api.call('GET', 'system/tenant/info', { token })).body.data.tenantName).toBe('阳光体育运营集团');
    }
    const [token] = tokens as [string];
    const forged = token.replace(/^b1\.1\.1\./, 'b1.1.2.');
    expect(forged).not.toBe(token);
    expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token: forged } })).body.data.valid).toBe(false);
    expect((await api.call('GET', 'system/tenant/info', { token: forged })).status).toBe(401);

    // Closing the venue's boards ends its tokens; opening them again brings them back until they expire.
    await server.db.updateTable('venue').set({ board_public: 'F' }).where('id', '=', 1).execute();
    expect((await api.call('GET', 'system/tenant/info', { token })).status).toBe(401);
    expect((await api.call('POST', 'system/auth/checkAnonymous', { body: { token } })).body.data.valid).toBe(false);
    await server.db.updateTable('venue').set({ board_public: 'T' }).where('id', 'in', [1, 2]).execute();
    expect((await api.call('GET', 'system/tenant/info', { token })).status).toBe(200);
    try {
      server.clock.advance(DAY_MS + 1000);
      expect((await api.call('GET', 'system/tenant/info', { token })).status).toBe(401);
    } finally {
      server.clock.advance(-(DAY_MS + 1000));
    }

    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await board(1, '10.10.0.3'));
    expect(answers.slice(0, 20).every((a) => a.body.code === 200)).toBe(true);
    expect(answers[20]).toMatchObject({ status: 429, body: { code: -2000, msg: '请求过于频繁，请稍后再试', data: null } });
    expect((await board(1, '10.10.0.4')).body.code).toBe(200);
  });
});
