import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { idNumber, idParams, optionalText, plainString, text } from './common/fields.ts';

/** A role's data scope: ALL every venue of the tenant, OWN the user's own venues (user_venue). */
export const DATA_SCOPES = { ALL: '全部场馆', OWN: '本人场馆' } as const;
export type DataScope = keyof typeof DATA_SCOPES;

export const ROLE_MESSAGES = {
  builtIn: '内置管理员角色不能修改或删除',
  codeTaken: '角色编码已存在',
  nameTaken: '角色名称已存在',
  inUse: '该角色已分配给用户，不能删除',
  ownRole: '不能修改自己所属的角色',
  badMenu: '所选菜单不存在',
  notFound: '角色不存在',
  notHeld: '不能授予自己没有的菜单或按钮权限',
} as const;

export const roleRow = z.object({
  roleId: z.number(),
  roleName: z.string(),
  roleCode: z.string(),
  description: z.string(),
  level: z.number(),
  dataScope: z.string(),
  /** The menus, screens and buttons the role grants. */
  menuIds: z.array(z.number()),
  builtIn: z.boolean(),
  userCount: z.number(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleList = defineCall({
  method: 'GET',
  path: 'system/api/roles',
  summary: '角色列表',
  access: { permission: PERMISSIONS.system.role.list },
  query: listQuery.extend({ blurry: plainString('关键字').trim().max(50).optional() }),
  response: pageOf(roleRow),
});

const roleFields = {
  roleName: text('角色名称', 30),
  description: optionalText('描述', 200).default(''),
  level: z.number({ error: '级别必须是数字' }).int('级别必须是整数').min(1, '级别不能小于1').max(99, '级别不能大于99').default(3),
  dataScope: z.enum(['ALL', 'OWN'], { error: '请选择数据范围' }),
  menuIds: z.array(idNumber('菜单')).max(2000, '菜单过多'),
};

export const roleAdd = defineCall({
  method: 'POST',
  path: 'system/api/roles',
  summary: '新增角色',
  access: { permission: PERMISSIONS.system.role.add },
  body: z.object({ roleCode: text('角色编码', 30).regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码只能包含字母、数字和下划线，且以字母开头'), ...roleFields }),
  response: z.object({ roleId: z.number() }),
});

export const roleEdit = defineCall({
  method: 'PUT',
  path: 'system/api/roles',
  summary: '修改角色（菜单与按钮权限、数据范围；下一次请求生效）',
  access: { permission: PERMISSIONS.system.role.edit },
  body: z.object({ roleId: idNumber('角色'), ...roleFields }),
  response: z.null(),
});

export const roleDelete = defineCall({
  method: 'DELETE',
  path: 'system/api/roles/{id}',
  summary: '删除角色（未分配给用户时）',
  access: { permission: PERMISSIONS.system.role.del },
  params: idParams,
  response: z.null(),
});

/** A node of the whole menu tree with its buttons, for granting. */
export interface MenuGrantNode {
  id: number;
  title: string;
  type: number;
  permission: string | null;
  children?: MenuGrantNode[];
}
export const menuGrantNode: z.ZodType<MenuGrantNode> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      title: z.string(),
      type: z.number(),
      permission: z.string().nullable(),
      children: z.array(menuGrantNode).optional(),
    }),
  )
  .register(z.globalRegistry, { id: 'MenuGrantNode' });

export const menuGrantTree = defineCall({
  method: 'GET',
  path: 'system/api/menus/tree',
  summary: '全部菜单与按钮（角色授权用）',
  access: { anyOf: [PERMISSIONS.system.role.list, PERMISSIONS.system.menu.list] },
  response: z.array(menuGrantNode),
});
