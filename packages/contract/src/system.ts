import { SESSION_PATHS } from './auth-paths.ts';
import { menuNode } from './menu-node.ts';
import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, wholeNumber } from './common/fields.ts';
import { centerRef, tenantService, venueRef } from './auth.ts';

export { menuNode, type MenuNode } from './menu-node.ts';

export const userMenus = defineCall({
  method: 'GET',
  path: SESSION_PATHS.userMenus,
  summary: '当前用户的菜单树',
  access: 'login',
  response: z.array(menuNode),
});

export const menuRow = z.object({
  id: z.number(),
  pid: z.number().nullable(),
  type: z.number(),
  title: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  icon: z.string().nullable(),
  permission: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  iFrame: z.boolean(),
  hasChildren: z.boolean(),
  /** Issue 15 menus: kept alive when left (noCache false), and a group shown even with one child. */
  cache: z.boolean(),
  alwaysShow: z.boolean(),
});
export type MenuRow = z.infer<typeof menuRow>;
export const menuList = defineCall({
  method: 'GET',
  path: 'system/api/menus/lazy',
  summary: '菜单管理：按上级查询',
  access: { permission: PERMISSIONS.system.menu.list },
  query: z.object({ pid: wholeNumber(0).default(0) }),
  response: z.array(menuRow),
});

export const globalSetting = defineCall({
  method: 'GET',
  path: SESSION_PATHS.globalSetting,
  summary: '全局设置',
  access: 'board',
  response: z.record(z.string(), z.string()),
});

export const tenantInfo = defineCall({
  method: 'GET',
  path: SESSION_PATHS.tenantInfo,
  summary: '租户信息',
  access: 'board',
  response: z.object({ tenantId: z.number(), tenantName: z.string(), homePageLogo: z.string().nullable() }),
});

export const tenantServices = defineCall({
  method: 'GET',
  path: 'system/tenant/getTenantService',
  summary: '租户开通的服务',
  access: 'login',
  response: z.array(tenantService),
});

export const dictEntry = z.object({ id: z.number(), label: z.string(), value: z.string(), sort: z.number() });
/** An entry as 字典管理 lists it; `builtin`: seeded in a code table the product relies on, not deleted nor its value changed. */
export const dictDetailRow = dictEntry.extend({ builtin: z.boolean() });
export type DictDetailRow = z.infer<typeof dictDetailRow>;
export const DICT_BUILTIN = { del: '系统内置的字典项不能删除', value: '系统内置的字典项不能修改字典值' } as const;
export type DictEntry = z.infer<typeof dictEntry>;

export const dictByType = defineCall({
  method: 'GET',
  path: 'master/dict/getDetailByDictType',
  summary: '按字典类型查询字典项',
  access: 'board',
  query: z.object({ dictType: plainString('字典类型', { error: '请提供字典类型' }).min(1, '请提供字典类型').max(100) }),
  response: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const dictMap = defineCall({
  method: 'GET',
  path: 'api/dictDetail/map',
  summary: '按名称批量查询字典',
  access: 'board',
  query: z.object({
    dictName: plainString('字典名称').max(1000).default(''),
    page: wholeNumber(0).default(0),
    size: wholeNumber(1, 9999).default(9999),
  }),
  response: z.record(z.string(), z.array(dictEntry)),
});

export const dictRow = z.object({ id: z.number(), name: z.string(), description: z.string() });
export const dictList = defineCall({
  method: 'GET',
  path: 'api/dict',
  summary: '字典列表',
  access: { permission: PERMISSIONS.system.dict.list },
  query: listQuery.extend({ blurry: plainString('关键字').max(100).optional() }),
  response: pageOf(dictRow),
});

export const dictDetailList = defineCall({
  method: 'GET',
  path: 'api/dictDetail',
  summary: '字典项列表',
  access: { permission: PERMISSIONS.system.dict.list },
  query: listQuery.extend({ dictName: plainString('字典', { error: '请选择字典' }).min(1, '请选择字典').max(100) }),
  response: pageOf(dictDetailRow),
});

const dictDetailFields = {
  label: plainString('字典标签', { error: '请输入字典标签' }).trim().min(1, '请输入字典标签').max(100, '字典标签不能超过100个字符'),
  value: plainString('字典值', { error: '请输入字典值' }).trim().min(1, '请输入字典值').max(100, '字典值不能超过100个字符'),
  sort: z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(999),
};
export const dictDetailAdd = defineCall({
  method: 'POST',
  path: 'api/dictDetail',
  summary: '新增字典项',
  access: { permission: PERMISSIONS.system.dict.add },
  body: z.object({ dictName: plainString('字典', { error: '请选择字典' }).min(1, '请选择字典').max(100, '字典名称不能超过100个字符'), ...dictDetailFields }),
  response: dictDetailRow,
});
export const dictDetailEdit = defineCall({
  method: 'PUT',
  path: 'api/dictDetail',
  summary: '修改字典项',
  access: { permission: PERMISSIONS.system.dict.edit },
  body: z.object({ id: idNumber('字典项'), ...dictDetailFields }),
  response: dictDetailRow,
});
export const dictDetailDelete = defineCall({
  method: 'DELETE',
  path: 'api/dictDetail/{id}',
  summary: '删除字典项',
  access: { permission: PERMISSIONS.system.dict.del },
  params: z.object({ id: id() }),
  response: z.null(),
});

export const enableVenueInfo = defineCall({
  method: 'GET',
  path: 'system/venue/enableVenueInfo',
  summary: '当前用户可用的中心与场馆',
  access: 'login',
  response: z.array(centerRef.extend({ venues: z.array(venueRef) })),
});

export const userRow = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  state: z.string(),
  roleNames: z.array(z.string()),
  currentVenueName: z.string().nullable(),
  createTime: z.string(),
  roleIds: z.array(z.number()),
  venueIds: z.array(z.number()),
  defaultVenueId: z.number().nullable(),
});
export const userList = defineCall({
  method: 'GET',
  path: 'system/api/user/all',
  summary: '用户列表',
  access: { permission: PERMISSIONS.system.user.list },
  query: listQuery.extend({ blurry: plainString('关键字').max(50).optional(), state: z.enum(['A', 'S']).optional() }),
  response: pageOf(userRow),
});

export const sportItems = defineCall({
  method: 'GET',
  path: 'system/venue/sportItems',
  summary: '运动项目（可按场馆过滤）',
  access: 'login',
  query: z.object({ venueId: id().optional() }),
  response: z.array(z.object({ itemId: z.number(), itemName: z.string() })),
});
