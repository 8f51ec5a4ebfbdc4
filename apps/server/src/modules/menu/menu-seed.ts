import type { Kysely } from 'kysely';
import type { Database, NewMenu } from '../../db/tables.ts';
import type { MenuPlacement, MenuSeed } from '../module.ts';
import { MenuType } from './menu.repository.ts';

/** The menu tree from every module's placements: top-level entries by sidebar place, group additions in module order. */
export function sidebarMenus(placements: MenuPlacement[]): MenuSeed[] {
  const top = placements
    .flatMap((p) => ('sidebar' in p ? [p] : []))
    .sort((a, b) => a.sidebar - b.sidebar)
    .map((p) => ({ ...p.menu }));
  for (const placement of placements) {
    if (!('group' in placement)) continue;
    const group = top.find((menu) => menu.path === placement.group && menu.children);
    if (!group) throw new Error(`menu group "${placement.group}" is not declared by any module`);
    group.children = [...group.children!, placement.menu];
  }
  return top;
}

/** Inserts a menu group (and its buttons) for a tenant and grants it to the roles named. */
export async function insertMenus(
  db: Kysely<Database>,
  tenantId: number,
  roleIds: Record<string, number>,
  seeds: MenuSeed[],
  sortBase = 0,
  pid: number | null = null,
): Promise<void> {
  let sort = sortBase;
  for (const seed of seeds) {
    sort += 1;
    const type = seed.children ? MenuType.FOLDER : MenuType.SCREEN;
    const id = await insertMenu(db, tenantId, {
      pid,
      type,
      title: seed.title,
      path: seed.path,
      component: seed.component ?? null,
      icon: seed.icon ?? null,
      permission: seed.permission ?? null,
      sort,
      hidden: seed.hidden ? 1 : 0,
      no_cache: seed.noCache ? 1 : 0,
      i_frame: seed.external ? 1 : 0,
    });
    const roles = new Set(seed.roles ?? []);
    for (const child of seed.children ?? []) child.roles?.forEach((r) => roles.add(r));
    await grant(db, tenantId, roleIds, id, ['admin', ...roles]);
    await insertButtons(db, tenantId, roleIds, id, seed.buttons ?? []);
    if (seed.children) await insertMenus(db, tenantId, roleIds, seed.children, 0, id);
  }
}

/** Inserts buttons under a screen after its `sortBase`-th, each granted to the administrator and its roles. */
export async function insertButtons(
  db: Kysely<Database>,
  tenantId: number,
  roleIds: Record<string, number>,
  screenId: number,
  buttons: NonNullable<MenuSeed['buttons']>,
  sortBase = 0,
): Promise<void> {
  let buttonSort = sortBase;
  for (const [title, permission, buttonRoles] of buttons) {
    const buttonId = await insertMenu(db, tenantId, {
      pid: screenId,
      type: MenuType.BUTTON,
      title,
      path: '',
      component: null,
      icon: null,
      permission,
      sort: ++buttonSort,
      hidden: 0,
      no_cache: 0,
      i_frame: 0,
    });
    await grant(db, tenantId, roleIds, buttonId, ['admin', ...(buttonRoles ?? [])]);
  }
}

async function insertMenu(db: Kysely<Database>, tenantId: number, row: Omit<NewMenu, 'tenant_id' | 'name'>) {
  const inserted = await db
    .insertInto('menu')
    .values({ ...row, tenant_id: tenantId, name: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function grant(db: Kysely<Database>, tenantId: number, roleIds: Record<string, number>, menuId: number, codes: string[]) {
  const rows = [...new Set(codes)].filter((c) => roleIds[c]).map((c) => ({ tenant_id: tenantId, role_id: roleIds[c], menu_id: menuId }));
  if (rows.length) await db.insertInto('role_menu').values(rows).execute();
}
