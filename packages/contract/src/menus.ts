import { z } from 'zod';
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, text } from './common/fields.ts';
import { SCREENS } from './screens.ts';
import { menuRow, type MenuRow } from './system.ts';

/** Menu types (菜单类型): a directory holds entries, a screen shows a view, a button is a permission. */
export const MENU_TYPES = { 0: '目录', 1: '菜单', 2: '按钮' } as const;
export const MenuKind = { FOLDER: 0, SCREEN: 1, BUTTON: 2 } as const;

/** The wrappers of spec 2.3 besides the screens: a group (Layout) and a pass-through (ParentView). */
export const MENU_WRAPPERS = ['Layout', 'ParentView'] as const;
/** Every component a menu entry may name: a wrapper, or a screen the web app has (SCREENS). */
export const MENU_COMPONENTS = [...MENU_WRAPPERS, ...Object.values(SCREENS)] as [string, ...string[]];

/**
 * The icons a menu entry may carry (菜单图标), each an antd icon the web app ships under this name
 * (apps/web/src/components/MenuIcon.tsx maps them; its test checks every name here has one).
 */
export const MENU_ICONS = [
  'appstore',
  'audit',
  'book',
  'calendar',
  'card',
  'cart',
  'chart',
  'cloud',
  'cluster',
  'coffee',
  'control',
  'dashboard',
  'database',
  'documentation',
  'education',
  'environment',
  'file',
  'flag',
  'gift',
  'global',
  'home',
  'idcard',
  'link',
  'list',
  'lock',
  'log',
  'mail',
  'menu',
  'message',
  'mobile',
  'money',
  'notification',
  'phone',
  'picture',
  'printer',
  'profile',
  'qrcode',
  'safety',
  'scan',
  'schedule',
  'setting',
  'shop',
  'shopping',
  'star',
  'tag',
  'team',
  'tool',
  'trophy',
  'user',
  'wallet',
] as const;

export const MENU_MESSAGES = {
  notFound: '菜单不存在',
  badParent: '上级菜单不存在',
  ownParent: '上级菜单不能是自己或自己的下级',
  buttonParent: '按钮下不能再添加菜单或按钮',
  buttonAtTop: '按钮必须放在菜单或目录下',
  needPath: '请输入路由地址',
  badPath: '路由地址只能包含字母、数字和 / - _ .',
  externalPath: '外链地址必须以 http:// 或 https:// 开头',
  needComponent: '请选择组件',
  needPermission: '按钮必须选择权限标识',
  titleTaken: '同一上级下已有同名菜单',
  pathTaken: '同一上级下已有相同的路由地址',
  toButton: '有下级的菜单不能改为按钮',
  hasChildren: '存在下级菜单，不能删除，请先删除下级',
  keepSelf: '菜单管理本身不能删除',
} as const;

/** A menu entry as 菜单管理 writes it. `pid` 0 or null: top level. */
const menuFields = {
  pid: idNumber('上级菜单').nullable().default(null),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '请选择菜单类型' }),
  title: text('菜单标题', 30),
  path: plainString('路由地址').trim().max(255, '路由地址不能超过255个字符').default(''),
  component: z.enum(MENU_COMPONENTS, { error: '组件不存在' }).nullable().default(null),
  icon: z.enum(MENU_ICONS, { error: '图标不存在' }).nullable().default(null),
  permission: z
    .enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: '权限标识不存在' })
    .nullable()
    .default(null),
  sort: z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(999),
  hidden: z.boolean({ error: '是否隐藏必须是是或否' }).default(false),
  cache: z.boolean({ error: '是否缓存必须是是或否' }).default(true),
  alwaysShow: z.boolean({ error: '总是显示必须是是或否' }).default(true),
  iFrame: z.boolean({ error: '是否外链必须是是或否' }).default(false),
};

export const menuAdd = defineCall({
  method: 'POST',
  path: 'system/api/menus',
  summary: '新增菜单（目录、菜单或按钮）',
  access: { permission: PERMISSIONS.system.menu.add },
  body: z.object(menuFields),
  response: z.object({ id: z.number() }),
});

export const menuEdit = defineCall({
  method: 'PUT',
  path: 'system/api/menus',
  summary: '修改菜单（侧边栏在重新加载后跟随）',
  access: { permission: PERMISSIONS.system.menu.edit },
  body: z.object({ id: idNumber('菜单'), ...menuFields }),
  response: z.null(),
});

export const menuDelete = defineCall({
  method: 'DELETE',
  path: 'system/api/menus',
  summary: '删除菜单（有下级的不能删除）',
  access: { permission: PERMISSIONS.system.menu.del },
  body: z.array(idNumber('菜单'), { error: '请选择要删除的菜单' }).min(1, '请选择要删除的菜单').max(100, '一次最多删除100个菜单'),
  response: z.null(),
});

export const menuQuery = defineCall({
  method: 'GET',
  path: 'system/api/menus',
  summary: '菜单管理：按标题、路由、组件或权限标识查询',
  access: { permission: PERMISSIONS.system.menu.list },
  query: listQuery.extend({ blurry: plainString('关键字').trim().max(50).optional(), pid: id().optional() }),
  response: pageOf(menuRow),
});

/** A menu row with the rows below it that a superior query expanded. */
export type MenuTreeRow = MenuRow & { children?: MenuTreeRow[] };
export const menuTreeRow: z.ZodType<MenuTreeRow> = z
  .lazy(() => menuRow.extend({ children: z.array(menuTreeRow).optional() }))
  .register(z.globalRegistry, { id: 'MenuTreeRow' });

export const menuSuperior = defineCall({
  method: 'POST',
  path: 'system/api/menus/superior',
  summary: '菜单管理：从顶层到所给菜单的各级（含同级），编辑时选择上级用',
  access: { permission: PERMISSIONS.system.menu.list },
  body: z.array(idNumber('菜单'), { error: '请提供菜单编号' }).min(1, '请提供菜单编号').max(100, '一次最多查询100个菜单'),
  response: z.array(menuTreeRow),
});

export const menuChild = defineCall({
  method: 'GET',
  path: 'system/api/menus/child',
  summary: '菜单及其全部下级的编号',
  access: { permission: PERMISSIONS.system.menu.list },
  query: z.object({ id: id() }),
  response: z.array(z.number()),
});
