import { expect, it } from 'vitest';
import { auth, sale, users, type CallBody } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import type { UserSession } from '../src/plugins/session.ts';
import { describeEachEngine } from './harness.ts';

const M = users.USER_MESSAGES;
type AddBody = CallBody<typeof users.userAdd>;

describeEachEngine('user administration (用户管理) on %s', (server) => {
  const { api, admin, cashier, other } = server;
  const roleId = async (code: string, tenantId = 1) =>
    (await server.db.selectFrom('role').select('id').where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirstOrThrow()).id;
  const userId = async (username: string) => (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const add = (body: Partial<AddBody> & { username: string }, as = admin) =>
    as.call(users.userAdd, { body: { password: 'Start-Secret-1', realName: '新员工', roleIds: [], venueIds: [1], ...body } as AddBody });
  const firstLogin = async (username: string, password = 'Start-Secret-1') => {
    const token = await api.login(username, password);
    expect((await api.call(auth.updatePassword, { token, body: { oldPass: password, newPass: 'Changed-Secret-2' } })).body.code).toBe(200);
    return api.login(username, 'Changed-Secret-2');
  };

  it('adds a user with real name, phone, roles, venues and a default venue, who changes the password at the first login', async () => {
    const cashierRole = await roleId('cashier');
    const made = await add({ username: 'clerk1', realName: '王五', phone: '13900000001', roleIds: [cashierRole], venueIds: [1, 2], defaultVenueId: 2 });
    expect(made.body.code).toBe(200);
    const detail = await admin.call(users.userById, { params: { id: made.body.data.userId } });
    expect(detail.body.data).toMatchObject({
      username: 'clerk1',
      realName: '王五',
      phone: '13900000001',
      state: 'A',
      roleIds: [cashierRole],
      venueIds: [1, 2],
      defaultVenueId: 2,
      mustChangePassword: true,
    });

    const token = await api.login('clerk1', 'Start-Secret-1');
    const info = await api.call(auth.info, { token });
    expect(info.body.data).toMatchObject({ mustChangePassword: true, currentVenueId: 2, roles: ['ROLE_cashier'] });
    // Until the password is changed, every permission-guarded call is refused.
    expect(await api.call(sale.query, { token })).toMatchObject({ status: 403, body: { msg: M.mustChange } });
    const fresh = await firstLogin('clerk1');
    expect((await api.call(auth.info, { token: fresh })).body.data.mustChangePassword).toBe(false);
    expect((await api.call(sale.query, { token: fresh })).body.code).toBe(200);
    const logged = await server.db.selectFrom('audit_log').select(['action', 'after_json']).where('target', '=', '用户 clerk1').orderBy('id').execute();
    // Added by the admin, then the user's own first password change (issue 30): never the password itself.
    expect(logged.map((l) => l.action)).toEqual(['user.add', 'user.password']);
    for (const l of logged) expect(l.after_json).not.toContain('Secret');
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const cashierRole = await roleId('cashier');
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await add({ username: 'p1', phone: '12345', roleIds: [cashierRole] })).body).toMatchObject({ code: 400, msg: '请输入正确的电话号码' });
    expect((await add({ username: 'p1', roleIds: [] })).body.msg).toBe('请选择角色');
    expect((await add({ username: 'admin', roleIds: [cashierRole] })).body).toMatchObject({ code: -1000, msg: M.usernameTaken });
    expect((await add({ username: 'p1', roleIds: [await roleId('cashier', 2)] })).body.msg).toBe(M.badRole);
    expect((await add({ username: 'p1', roleIds: [cashierRole], venueIds: [999] })).body.msg).toBe(M.badVenue);
    expect((await add({ username: 'p1', roleIds: [cashierRole], venueIds: [] })).body.msg).toBe(M.noVenue);
    expect((await add({ username: 'p1', roleIds: [cashierRole], venueIds: [1], defaultVenueId: 3 })).body.msg).toBe(M.defaultVenue);
    expect((await add({ username: 'p1', roleIds: [cashierRole], password: 'p1' })).status).toBe(400);
    expect((await add({ username: 'p1', roleIds: [cashierRole] }, cashier)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('edits a user; nobody changes their own roles or disables themself; only an admin grants the admin role', async () => {
    const adminRole = await roleId('admin');
    const cashierRole = await roleId('cashier');
    const me = await userId('admin');
    expect((await admin.call(users.userEdit, { body: { userId: me, realName: '管理员', roleIds: [cashierRole], venueIds: [1] } })).body.msg).toBe(M.selfDemote);
    expect((await admin.call(users.userSetState, { body: { userId: me, state: 'S' } })).body.msg).toBe(M.selfDisable);
    expect((await admin.call(users.userResetPassword, { body: { userId: me, password: 'Own-Secret-77' } })).body.msg).toBe(M.selfReset);
    const clerk = await userId('clerk1');
    const edit = await admin.call(users.userEdit, {
      body: { userId: clerk, realName: '王五五', phone: '', roleIds: [cashierRole], venueIds: [1], defaultVenueId: 1 },
    });
    expect(edit.body.code).toBe(200);
    expect((await admin.call(users.userById, { params: { id: clerk } })).body.data).toMatchObject({ realName: '王五五', phone: null, venueIds: [1] });
    // A user manager who is not an admin: grants no admin role and changes no admin's account.
    const manager = (
      await server.db.insertInto('role').values({ tenant_id: 1, name: '人事', code: 'hr', description: '', level: 2 }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const grant = async (permission: string) => {
      const menu = await server.db.selectFrom('menu').select('id').where('tenant_id', '=', 1).where('permission', '=', permission).executeTakeFirstOrThrow();
      await server.db.insertInto('role_menu').values({ tenant_id: 1, role_id: manager, menu_id: menu.id }).execute();
    };
    for (const p of ['user:list', 'user:add', 'user:edit', 'user:state', 'user:resetPass']) await grant(p);
    expect((await add({ username: 'hr1', roleIds: [manager] })).body.code).toBe(200);
    const hr = api.as(await firstLogin('hr1'));
    expect(
      (await hr.call(users.userAdd, { body: { username: 'boss', password: 'Start-Secret-1', realName: '老板', roleIds: [adminRole], venueIds: [] } })).status,
    ).toBe(403);
    expect((await hr.call(users.userSetState, { body: { userId: me, state: 'S' } })).status).toBe(403);
    expect((await hr.call(users.userResetPassword, { body: { userId: me, password: 'Taken-Over-9' } })).status).toBe(403);
    expect((await hr.call(users.userSetState, { body: { userId: clerk, state: 'S' } })).body.code).toBe(200);
    expect((await hr.call(users.userSetState, { body: { userId: clerk, state: 'A' } })).body.code).toBe(200);
  });

  it('disabling a user or resetting the password ends their sessions at once', async () => {
    const clerk = await userId('clerk1');
    const token = await api.login('clerk1', 'Changed-Secret-2');
    expect((await api.call(auth.info, { token })).status).toBe(200);
    expect((await admin.call(users.userSetState, { body: { userId: clerk, state: 'S' } })).body.code).toBe(200);
    expect((await api.call(auth.info, { token })).status).toBe(401);
    expect((await api.call(auth.login, { body: { username: 'clerk1', password: 'Changed-Secret-2' } })).body.code).not.toBe(200);
    expect((await admin.call(users.userSetState, { body: { userId: clerk, state: 'A' } })).body.code).toBe(200);

    const again = await api.login('clerk1', 'Changed-Secret-2');
    expect((await admin.call(users.userResetPassword, { body: { userId: clerk, password: 'Reset-Secret-3' } })).body.code).toBe(200);
    expect((await api.call(auth.info, { token: again })).status).toBe(401);
    const after = await api.login('clerk1', 'Reset-Secret-3');
    expect((await api.call(auth.info, { token: after })).body.data.mustChangePassword).toBe(true);
    const actions = await server.db.selectFrom('audit_log').select('action').where('target', '=', '用户 clerk1').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['user.state', 'user.resetPassword', 'user.edit']));
  });

  it('lists sales persons and roles of the own tenant only; another tenant reads and changes none of tenant 1 users', async () => {
    const persons = (await cashier.call(users.querySalesPerson)).body.data;
    expect(persons.map((p) => p.username)).toEqual(expect.arrayContaining(['admin', 'cashier']));
    expect(persons.some((p) => p.username === 'admin2')).toBe(false);
    expect((await admin.call(users.roleOptions)).body.data.find((r) => r.roleCode === 'admin')).toMatchObject({ builtIn: true });
    const tenant2Roles = await server.db.selectFrom('role').select('id').where('tenant_id', '=', 2).execute();
    expect((await other.call(users.roleOptions)).body.data.map((r) => r.roleId).sort()).toEqual(tenant2Roles.map((r) => r.id).sort());
    const clerk = await userId('clerk1');
    expect((await other.call(users.userById, { params: { id: clerk } })).body.code).toBe(-1100);
    expect((await other.call(users.userSetState, { body: { userId: clerk, state: 'S' } })).body.code).toBe(-1100);
    expect((await other.call(users.userResetPassword, { body: { userId: clerk, password: 'Taken-Over-9' } })).body.code).toBe(-1100);
  });
  it('keeps the last enabled admin of a tenant enabled and an admin', async () => {
    const admin2 = await userId('admin2');
    const services = createServices(server.database.db, server.clock, server.database.dataDir);
    const second = await other.call(users.userAdd, {
      body: { username: 'admin2b', password: 'Start-Secret-1', realName: '副管理员', roleIds: [await roleId('admin', 2)], venueIds: [] },
    });
    expect(second.body.code).toBe(200);
    expect((await other.call(users.userSetState, { body: { userId: second.body.data.userId, state: 'S' } })).body.code).toBe(200);
    // admin2b (disabled) acting on admin2, the last enabled admin (the self rules answer first for admin2 itself).
    const someone: UserSession = {
      kind: 'user',
      sessionId: 0,
      tenantId: 2,
      userId: second.body.data.userId,
      username: 'admin2b',
      roles: ['ROLE_admin'],
      permissions: ['ROLE_admin'],
      isAdmin: true,
    };
    await expect(services.userAdmin.setState(someone, { userId: admin2, state: 'S' })).rejects.toThrow(M.lastAdmin);
    const venue2 = await server.db.selectFrom('venue').select('id').where('tenant_id', '=', 2).executeTakeFirstOrThrow();
    await expect(
      services.userAdmin.edit(someone, {
        userId: admin2,
        realName: '星河',
        phone: null,
        roleIds: [await roleId('cashier', 2)],
        venueIds: [venue2.id],
        defaultVenueId: null,
      }),
    ).rejects.toThrow(M.lastAdmin);
    // With a second enabled admin, admin2 may be disabled.
    expect((await other.call(users.userSetState, { body: { userId: second.body.data.userId, state: 'A' } })).body.code).toBe(200);
    await services.userAdmin.setState(someone, { userId: admin2, state: 'S' });
    await services.userAdmin.setState(someone, { userId: admin2, state: 'A' });
  });

  it('answers the roles by name for 个人中心 (超级管理员, not the code admin)', async () => {
    const info = (await admin.call(auth.info)).body.data;
    expect(info.roles).toContain('ROLE_admin');
    expect(info.roleNames[info.roles.indexOf('ROLE_admin')]).toBe('超级管理员');
    expect(info.roleNames).toHaveLength(info.roles.length);
  });
});
