import { sql, type Kysely } from 'kysely';

/** The 场地预订 menus as issue 35 seeds them (booking.menus.ts), frozen here: [title, path, component, icon, permission, roles, buttons]. */
const SCREENS: [string, string, string, string, string, string[], [string, string, string[]][]][] = [
  [
    '场地预订',
    'grid',
    'booking/grid/index',
    'schedule',
    'booking:order:add',
    ['cashier'],
    [
      ['场地占用', 'booking:order:occupy', []],
      ['场地退订', 'booking:order:cancel', []],
    ],
  ],
  ['预订订单', 'order', 'booking/order/index', 'list', 'booking:order:list', ['cashier'], [['场地开场', 'booking:check:check', ['cashier']]]],
  [
    '场地设置',
    'field',
    'booking/field/index',
    'setting',
    'booking:field:list',
    [],
    [
      ['新增场地', 'booking:field:add', []],
      ['修改场地', 'booking:field:edit', []],
      ['场地价格', 'booking:price:list', []],
      ['修改场地价格', 'booking:price:edit', []],
      ['退订规则', 'booking:setting:edit', []],
    ],
  ],
];

/**
 * Issue 35: every tenant made before 场地预订 gets its menus (a new tenant gets them from the seed): the
 * folder at the end of the sidebar, its screens and buttons, granted to the tenant's admin role and,
 * where the seed grants them, to its cashier role. A tenant that has them already is left alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const tenants = await sql<{ id: number }>`select t.id from tenant t
    where exists (select 1 from menu m where m.tenant_id = t.id)
      and not exists (select 1 from menu m where m.tenant_id = t.id and m.permission = 'booking:order:add')`.execute(db);
  for (const { id: tenantId } of tenants.rows) {
    const roles = await sql<{ id: number; code: string }>`select id, code from role where tenant_id = ${tenantId} and code in ('admin', 'cashier')`.execute(db);
    const roleOf = (code: string) => roles.rows.find((r) => r.code === code)?.id;
    const grant = async (menuId: number, codes: string[]) => {
      for (const code of new Set(['admin', ...codes])) {
        const roleId = roleOf(code);
        if (roleId) await sql`insert into role_menu (tenant_id, role_id, menu_id) values (${tenantId}, ${roleId}, ${menuId})`.execute(db);
      }
    };
    const insert = async (
      pid: number | null,
      type: number,
      title: string,
      path: string,
      component: string | null,
      icon: string | null,
      permission: string | null,
      sort: number,
    ) =>
      (
        await sql<{ id: number }>`insert into menu (tenant_id, pid, type, title, name, path, component, icon, permission, sort, hidden, no_cache, i_frame)
          values (${tenantId}, ${pid}, ${type}, ${title}, null, ${path}, ${component}, ${icon}, ${permission}, ${sort}, 0, 0, 0) returning id`.execute(db)
      ).rows[0].id;
    const top = await sql<{ n: number | null }>`select max(sort) as n from menu where tenant_id = ${tenantId} and pid is null`.execute(db);
    const folder = await insert(null, 0, '场地预订', 'booking', null, 'calendar', null, Number(top.rows[0]?.n ?? 0) + 1);
    await grant(folder, ['cashier']);
    let sort = 0;
    for (const [title, path, component, icon, permission, screenRoles, buttons] of SCREENS) {
      const screen = await insert(folder, 1, title, path, component, icon, permission, ++sort);
      await grant(screen, screenRoles);
      let buttonSort = 0;
      for (const [buttonTitle, buttonPermission, buttonRoles] of buttons)
        await grant(await insert(screen, 2, buttonTitle, '', null, null, buttonPermission, ++buttonSort), buttonRoles);
    }
  }
}
