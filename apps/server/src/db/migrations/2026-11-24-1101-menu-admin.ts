import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 15, 菜单管理: whether a group stays a group with a single child (alwaysShow; the menus built so
 * far always did), and the 菜单管理 screen with its buttons for tenants seeded before it existed, granted
 * to their admin role (`menu` and `role_menu` are rule tables: the rules version moves by itself).
 */
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('menu')
    .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  const groups = await db.selectFrom('menu').select(['id', 'tenant_id']).where('pid', 'is', null).where('path', '=', 'system').where('type', '=', 0).execute();
  for (const group of groups) {
    const has = await db
      .selectFrom('menu')
      .select('id')
      .where('tenant_id', '=', group.tenant_id)
      .where('component', '=', 'system/menu/index')
      .executeTakeFirst();
    if (has) continue;
    const admin = await db.selectFrom('role').select('id').where('tenant_id', '=', group.tenant_id).where('code', '=', 'admin').executeTakeFirst();
    const row = { tenant_id: group.tenant_id, name: null, icon: null, hidden: 0, no_cache: 0, i_frame: 0, always_show: 1 };
    const { id } = await db
      .insertInto('menu')
      .values({
        ...row,
        pid: group.id,
        type: 1,
        title: '菜单管理',
        path: 'menu',
        component: 'system/menu/index',
        icon: 'menu',
        permission: 'menu:list',
        sort: 90,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = [id];
    for (const [sort, [title, permission]] of [
      ['新增菜单', 'menu:add'],
      ['修改菜单', 'menu:edit'],
      ['删除菜单', 'menu:del'],
    ].entries()) {
      const button = await db
        .insertInto('menu')
        .values({ ...row, pid: id, type: 2, title, path: '', component: null, permission, sort: sort + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(button.id);
    }
    if (admin)
      await db
        .insertInto('role_menu')
        .values(ids.map((menu_id) => ({ tenant_id: group.tenant_id, role_id: admin.id, menu_id })))
        .execute();
  }
}
