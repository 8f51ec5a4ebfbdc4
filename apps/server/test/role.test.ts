import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, roles, sale, system, users, type CallBody } from '@venue/contract';
import type { Client } from './client.ts';
import { describeEachEngine, spawnServer, useServer } from './harness.ts';

const M = roles.ROLE_MESSAGES;
type RoleBody = CallBody<typeof roles.roleAdd>;

/** The ids of the tenant's menus carrying these permission codes (and, with `withParents`, their folders). */
async function menuIds(db: ReturnType<typeof useServer>['db'], permissions: string[], tenantId = 1) {
  const rows = await db.selectFrom('menu').select(['id', 'pid']).where('tenant_id', '=', tenantId).where('permission', 'in', permissions).execute();
  return [...new Set(rows.flatMap((r) => (r.pid ? [r.id, r.pid] : [r.id])))];
}

describeEachEngine('roles and permissions (角色管理) on %s', (server) => {
  const { api, admin, cashier, other } = server;
  const body = (b: Partial<RoleBody>): RoleBody => ({ roleCode: 'seller', roleName: '售货员', dataScope: 'OWN', menuIds: [], description: '', level: 3, ...b });

  it('adds a role with menus, buttons and a data scope; a user of it gets exactly those permissions', async () => {
    const granted = await menuIds(server.db, ['goods:saleOrder:list', 'goods:saleOrder:add']);
    const made = await admin.call(roles.roleAdd, { body: body({ menuIds: granted }) });
    expect(made.body.code).toBe(200);
    const list = (await admin.call(roles.roleList, { query: { blurry: 'seller' } })).body.data.records;
    expect(list).toEqual([expect.objectContaining({ roleCode: 'seller', roleName: '售货员', dataScope: 'OWN', builtIn: false, userCount: 0 })]);
    expect(list[0].menuIds.sort()).toEqual(granted.sort());
    const user = await admin.call(users.userAdd, {
      body: { username: 'seller1', password: 'Start-Secret-1', realName: '小卖', roleIds: [made.body.data.roleId], venueIds: [1] },
    });
    expect(user.body.code).toBe(200);
    let token = await api.login('seller1', 'Start-Secret-1');
    await api.call(auth.updatePassword, { token, body: { oldPass: 'Start-Secret-1', newPass: 'Seller-Secret-2' } });
    token = await api.login('seller1', 'Seller-Secret-2');
    const info = (await api.call(auth.info, { token })).body.data;
    expect(info.permissions).toEqual(expect.arrayContaining(['goods:saleOrder:list', 'goods:saleOrder:add']));
    expect(info.venues.map((v) => v.venueId)).toEqual([1]);
    const menus = (await api.call(system.userMenus, { token })).body.data;
    expect(JSON.stringify(menus)).toContain('销售订单');
    expect(JSON.stringify(menus)).not.toContain('用户管理');
    expect((await api.call(system.userList, { token })).status).toBe(403);

    // Data scope ALL: every venue of the tenant on the next request, no new login.
    const role = list[0];
    const edited = {
      roleId: role.roleId,
      roleName: role.roleName,
      description: role.description,
      level: role.level,
      dataScope: 'ALL' as const,
      menuIds: role.menuIds,
    };
    expect((await admin.call(roles.roleEdit, { body: edited })).body.code).toBe(200);
    const wider = (await api.call(auth.info, { token })).body.data;
    expect(wider.venues.length).toBeGreaterThan(1);
    expect((await api.call(auth.setCurrentVenue, { token, body: { venueId: 3 } })).body.code).toBe(200);
  });

  it('keeps the admin role built in, refuses duplicates, foreign menus and deleting a role in use', async () => {
    const adminRole = (await admin.call(roles.roleList, { query: { blurry: 'admin' } })).body.data.records.find((r) => r.roleCode === 'admin')!;
    expect(adminRole.builtIn).toBe(true);
    expect((await admin.call(roles.roleEdit, { body: { ...body({}), roleId: adminRole.roleId } })).body.msg).toBe(M.builtIn);
    expect((await admin.call(roles.roleDelete, { params: { id: adminRole.roleId } })).body.msg).toBe(M.builtIn);
    expect((await admin.call(roles.roleAdd, { body: body({ roleCode: 'admin', roleName: '假管理员' }) })).body.msg).toBe(M.codeTaken);
    expect((await admin.call(roles.roleAdd, { body: body({ roleName: '别名' }) })).body.msg).toBe(M.codeTaken);
    expect((await admin.call(roles.roleAdd, { body: body({ roleCode: 'seller2' }) })).body.msg).toBe(M.nameTaken);
    const foreign = await menuIds(server.db, ['user:list'], 2);
    expect((await admin.call(roles.roleAdd, { body: body({ roleCode: 'x1', roleName: '越界', menuIds: foreign }) })).body.msg).toBe(M.badMenu);
    expect((await admin.call(roles.roleAdd, { body: body({ roleCode: '1bad', roleName: '坏编码' }) })).status).toBe(400);
    const seller = (await admin.call(roles.roleList, { query: { blurry: 'seller' } })).body.data.records[0];
    expect((await admin.call(roles.roleDelete, { params: { id: seller.roleId } })).body.msg).toBe(M.inUse);
    const spare = await admin.call(roles.roleAdd, { body: body({ roleCode: 'spare', roleName: '备用' }) });
    expect((await admin.call(roles.roleDelete, { params: { id: spare.body.data.roleId } })).body.code).toBe(200);
    expect((await admin.call(roles.roleList, { query: { blurry: 'spare' } })).body.data.total).toBe(0);
    const actions = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'role.%').execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['role.add', 'role.edit', 'role.delete']));
  });

  it('gives the grant tree and the roles of the own tenant only; the cashier may not manage roles', async () => {
    const tree = (await admin.call(roles.menuGrantTree)).body.data;
    expect(JSON.stringify(tree)).toContain('goods:saleOrder:editPrice');
    const tenant2 = await server.db.selectFrom('role').select('id').where('tenant_id', '=', 2).execute();
    expect((await other.call(roles.roleList, { query: { size: 100 } })).body.data.records.map((r) => r.roleId).sort()).toEqual(tenant2.map((r) => r.id).sort());
    const menus2 = await server.db.selectFrom('menu').select('id').where('tenant_id', '=', 2).execute();
    const ids = (nodes: typeof tree): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
    expect(ids((await other.call(roles.menuGrantTree)).body.data).sort()).toEqual(menus2.map((m) => m.id).sort());
    expect((await cashier.call(roles.roleList, {})).status).toBe(403);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('a role change seen by a second server process', () => {
  const server = useServer('postgres');
  let second: Client & { close(): Promise<void> };
  beforeAll(async () => {
    second = await spawnServer(server.database);
  });
  afterAll(() => second?.close());

  it('takes a button away through the API on one process; the next request on the other is refused', async () => {
    const token = await server.api.login('cashier', 'cashier123');
    const list = () => second.call(sale.query, { token });
    expect((await list()).body.code).toBe(200);
    const role = (await server.admin.call(roles.roleList, { query: { blurry: 'cashier' } })).body.data.records.find((r) => r.roleCode === 'cashier')!;
    const listMenu = await server.db
      .selectFrom('menu')
      .select('id')
      .where('tenant_id', '=', 1)
      .where('permission', '=', 'goods:saleOrder:list')
      .executeTakeFirstOrThrow();
    const edited = await server.admin.call(roles.roleEdit, {
      body: {
        roleId: role.roleId,
        roleName: role.roleName,
        description: role.description,
        level: role.level,
        dataScope: 'OWN',
        menuIds: role.menuIds.filter((id) => id !== listMenu.id),
      },
    });
    expect(edited.body.code).toBe(200);
    expect((await list()).status).toBe(403);
  });
});
