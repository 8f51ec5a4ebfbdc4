import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SCREENS } from '@venue/contract';
import { syncMenus } from '../src/modules/menu/menu-sync.ts';
import { PRODUCT_MENUS } from '../src/product-menus.ts';
import { engines, freshDatabase, type TestDatabase } from './harness.ts';

const NOW = '2026-11-28T02:00:00.000Z';

/**
 * Issue 34: a newer version's menu entries reach existing tenants at start-up, once. The demo database
 * stands for one written by an older version: its menus were seeded, nothing was recorded as offered.
 */
describe.each(engines())('start-up menu sync on %s', (engine) => {
  let database: TestDatabase;
  let tenantId: number;
  const k = () => database.db.kysely;
  const menusOf = (where: { component?: string; permission?: string }) => {
    let q = k().selectFrom('menu').select(['id', 'pid', 'type', 'title']).where('tenant_id', '=', tenantId);
    if (where.component) q = q.where('component', '=', where.component);
    if (where.permission) q = q.where('permission', '=', where.permission);
    return q.execute();
  };
  const roleId = async (code: string) =>
    (await k().selectFrom('role').select('id').where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirstOrThrow()).id;
  const granted = async (menuId: number) =>
    (await k().selectFrom('role_menu').select('role_id').where('tenant_id', '=', tenantId).where('menu_id', '=', menuId).execute()).map((r) => r.role_id);
  /** What an older version lacked: the entry and its buttons, with their grants. */
  const remove = async (ids: number[]) => {
    const children = (await k().selectFrom('menu').select('id').where('pid', 'in', ids).execute()).map((r) => r.id);
    const all = [...ids, ...children];
    await k().deleteFrom('role_menu').where('menu_id', 'in', all).execute();
    await k().deleteFrom('menu').where('id', 'in', all).execute();
  };

  beforeAll(async () => {
    database = await freshDatabase(engine);
    tenantId = (await k().selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => database.drop());

  it('adds what the tenant lacks where a new tenant has it, granted as for a new tenant, and records the rest', async () => {
    const [reconcile] = await menusOf({ component: SCREENS.systemPayReconcile });
    const [payment] = await menusOf({ component: SCREENS.systemPayment });
    const [board] = await menusOf({ permission: PERMISSIONS.board.view });
    const [printSetting] = await menusOf({ permission: PERMISSIONS.system.print.edit });
    await remove([reconcile.id, board.id, printSetting.id]);
    const before = await k().selectFrom('menu').select(k().fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();

    const added = await syncMenus(k(), PRODUCT_MENUS, NOW);
    expect(added.get(tenantId)?.sort()).toEqual(['小票打印设置', '支付对账', '数据看板'].sort());
    // The other demo tenant had every entry: nothing added there.
    expect([...added.keys()]).toEqual([tenantId]);

    const [back] = await menusOf({ component: SCREENS.systemPayReconcile });
    expect(back.pid).toBe(reconcile.pid);
    expect(back.type).toBe(1);
    expect(await granted(back.id)).toEqual([await roleId('admin')]);
    const [boardBack] = await menusOf({ permission: PERMISSIONS.board.view });
    expect((await granted(boardBack.id)).sort()).toEqual([await roleId('admin'), await roleId('cashier')].sort());
    const [buttonBack] = await menusOf({ permission: PERMISSIONS.system.print.edit });
    expect(buttonBack).toMatchObject({ pid: payment.id, type: 2, title: '小票打印设置' });
    const after = await k().selectFrom('menu').select(k().fn.countAll<number>().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 3);
  });

  it('adds nothing the second time, and leaves deleted what an admin deletes afterwards', async () => {
    expect((await syncMenus(k(), PRODUCT_MENUS, NOW)).size).toBe(0);
    const [reconcile] = await menusOf({ component: SCREENS.systemPayReconcile });
    await remove([reconcile.id]);
    expect((await syncMenus(k(), PRODUCT_MENUS, NOW)).size).toBe(0);
    expect(await menusOf({ component: SCREENS.systemPayReconcile })).toEqual([]);
  });

  it('adds a whole group the tenant never had, with its screens and buttons', async () => {
    const [goods] = await k().selectFrom('menu').select('id').where('tenant_id', '=', tenantId).where('path', '=', 'goods').where('pid', 'is', null).execute();
    const screens = (await k().selectFrom('menu').select('id').where('pid', '=', goods.id).execute()).map((r) => r.id);
    await remove(screens);
    await remove([goods.id]);
    await k().deleteFrom('menu_offer').where('tenant_id', '=', tenantId).where('item_key', 'like', '%goods%').execute();
    await k().deleteFrom('menu_offer').where('tenant_id', '=', tenantId).where('item_key', '=', 'folder:goods').execute();
    const added = await syncMenus(k(), PRODUCT_MENUS, NOW);
    expect(added.get(tenantId)).toEqual(['商品管理']);
    const archive = await menusOf({ component: SCREENS.goodsArchive });
    expect(archive).toHaveLength(1);
    expect(await menusOf({ permission: PERMISSIONS.goods.archive.add })).toHaveLength(1);
    expect((await granted(archive[0].id)).sort()).toEqual([await roleId('admin'), await roleId('cashier')].sort());
  });
});
