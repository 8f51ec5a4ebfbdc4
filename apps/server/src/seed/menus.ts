import type { Kysely } from 'kysely';
import { PERMISSIONS, type Permission, SCREENS, type ScreenKey } from '@venue/contract';
import type { Database, NewMenu } from '../db/tables.ts';
import { MenuType } from '../modules/menu/menu.repository.ts';

/** A menu entry as a capability declares it; `roles` lists the role codes (besides admin) that get it. */
export interface MenuSeed {
  title: string;
  path: string;
  icon?: string;
  component?: ScreenKey;
  permission?: Permission;
  hidden?: boolean;
  noCache?: boolean;
  external?: boolean;
  roles?: string[];
  /** Buttons under a screen: [title, permission, roles]. */
  buttons?: [string, Permission, string[]?][];
  children?: MenuSeed[];
}

/**
 * Where a module's menu goes: a top-level entry (a group, or a hidden screen) at its place in the
 * sidebar, or an entry added at the end of a group another module declares (named by its path).
 */
export type MenuPlacement = { sidebar: number; menu: MenuSeed } | { group: string; menu: MenuSeed };

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

/** The system group (the user module's), which other modules' settings screens join. */
export const SYSTEM_MENUS: MenuSeed = {
  title: '系统管理',
  path: 'system',
  icon: 'setting',
  children: [
    {
      title: '用户管理',
      path: 'user',
      component: SCREENS.systemUser,
      icon: 'user',
      permission: PERMISSIONS.system.user.list,
      buttons: [
        ['新增用户', PERMISSIONS.system.user.add],
        ['修改用户', PERMISSIONS.system.user.edit],
        ['启用停用用户', PERMISSIONS.system.user.state],
        ['重置密码', PERMISSIONS.system.user.resetPass],
      ],
    },
  ],
};
/** 字典管理, the dict module's screen in the system group. */
export const DICT_MENU: MenuSeed = {
  title: '字典管理',
  path: 'dict',
  component: SCREENS.systemDict,
  icon: 'book',
  permission: PERMISSIONS.system.dict.list,
  roles: ['cashier'],
  buttons: [
    ['新增字典', PERMISSIONS.system.dict.add],
    ['修改字典', PERMISSIONS.system.dict.edit],
    ['删除字典', PERMISSIONS.system.dict.del],
  ],
};

/** 角色管理, the role module's screen in the system group. */
export const ROLE_MENU: MenuSeed = {
  title: '角色管理',
  path: 'role',
  component: SCREENS.systemRole,
  icon: 'team',
  permission: PERMISSIONS.system.role.list,
  buttons: [
    ['新增角色', PERMISSIONS.system.role.add],
    ['修改角色', PERMISSIONS.system.role.edit],
    ['删除角色', PERMISSIONS.system.role.del],
  ],
};

/** 菜单管理, the menu module's screen in the system group. */
export const MENU_MENU: MenuSeed = {
  title: '菜单管理',
  path: 'menu',
  component: SCREENS.systemMenu,
  icon: 'menu',
  permission: PERMISSIONS.system.menu.list,
  buttons: [
    ['新增菜单', PERMISSIONS.system.menu.add],
    ['修改菜单', PERMISSIONS.system.menu.edit],
    ['删除菜单', PERMISSIONS.system.menu.del],
  ],
};

/** 操作日志, the audit module's screen in the system group. */
export const AUDIT_MENU: MenuSeed = {
  title: '操作日志',
  path: 'auditLog',
  component: SCREENS.systemAudit,
  icon: 'log',
  permission: PERMISSIONS.system.audit.list,
  buttons: [['导出操作日志', PERMISSIONS.system.audit.export]],
};

/** 租户信息, the tenant module's screen in the system group: name, logo, footer text and case number. */
export const TENANT_MENU: MenuSeed = {
  title: '租户信息',
  path: 'tenant',
  component: SCREENS.systemTenant,
  icon: 'setting',
  permission: PERMISSIONS.system.tenant.list,
  buttons: [['修改租户信息', PERMISSIONS.system.tenant.edit]],
};

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
    let buttonSort = 0;
    for (const [title, permission, buttonRoles] of seed.buttons ?? []) {
      const buttonId = await insertMenu(db, tenantId, {
        pid: id,
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
    if (seed.children) await insertMenus(db, tenantId, roleIds, seed.children, 0, id);
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
