import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { Msg } from './common/codes.ts';
import { idNumber, idParams, stateAS, text } from './common/fields.ts';
import { newPassword } from './common/password.ts';

/** The refusals of user administration (issue 15). */
export const USER_MESSAGES = {
  usernameTaken: '用户名已存在',
  notFound: '用户不存在',
  selfDisable: '不能停用自己的账号',
  selfDemote: '不能修改自己的角色',
  lastAdmin: '该用户是最后一个管理员，不能停用或取消其管理员角色',
  adminOnly: '只有管理员可以授予管理员角色',
  badRole: '所选角色不存在',
  badVenue: '所选场馆不存在',
  defaultVenue: '默认场馆必须是可用场馆之一',
  noVenue: '请选择可用场馆',
  mustChange: '请先修改密码',
} as const;

const username = text('用户名', 30).regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -');
/** Spec 5: a mobile number, 11 digits (empty allowed). */
const phone = z
  .string({ error: Msg.mobileInvalid })
  .trim()
  .regex(/^(|1[3-9]\d{9})$/, Msg.mobileInvalid)
  .transform((p) => p || null);
const ids = (label: string, max: number) => z.array(idNumber(label)).max(max, `最多选择${max}个${label}`);

const userFields = {
  realName: text('姓名', 30),
  phone: phone.optional().default(''),
  roleIds: ids('角色', 20).min(1, '请选择角色'),
  /** The venues the user works in; empty only for an admin (who works in every venue). */
  venueIds: ids('场馆', 500),
  defaultVenueId: idNumber('默认场馆').nullable().optional(),
};

export const userDetail = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  state: z.string(),
  roleIds: z.array(z.number()),
  venueIds: z.array(z.number()),
  defaultVenueId: z.number().nullable(),
  mustChangePassword: z.boolean(),
});

export const userById = defineCall({
  method: 'GET',
  path: 'system/api/user/{id}',
  summary: '用户详情',
  access: { permission: PERMISSIONS.system.user.list },
  params: idParams,
  response: userDetail,
});

export const userAdd = defineCall({
  method: 'POST',
  path: 'system/api/user/add',
  summary: '新增用户（首次登录须修改密码）',
  access: { permission: PERMISSIONS.system.user.add },
  body: z.object({ username, password: newPassword(), ...userFields }),
  response: z.object({ userId: z.number() }),
});

export const userEdit = defineCall({
  method: 'PUT',
  path: 'system/api/user/edit',
  summary: '修改用户',
  access: { permission: PERMISSIONS.system.user.edit },
  body: z.object({ userId: idNumber('用户'), ...userFields }),
  response: z.null(),
});

export const userSetState = defineCall({
  method: 'PUT',
  path: 'system/api/user/setState',
  summary: '启用或停用用户（停用立即结束其登录）',
  access: { permission: PERMISSIONS.system.user.state },
  body: z.object({ userId: idNumber('用户'), state: stateAS }),
  response: z.null(),
});

export const userResetPassword = defineCall({
  method: 'PUT',
  path: 'system/api/user/resetPass',
  summary: '重置用户密码（结束其登录，下次登录须修改密码）',
  access: { permission: PERMISSIONS.system.user.resetPass },
  body: z.object({ userId: idNumber('用户'), password: newPassword() }),
  response: z.null(),
});

export const salesPerson = z.object({ userId: z.number(), username: z.string(), realName: z.string() });
export const querySalesPerson = defineCall({
  method: 'GET',
  path: 'system/api/user/querySalesPerson',
  summary: '销售员（本租户启用的用户）',
  access: { anyOf: [PERMISSIONS.system.user.list, PERMISSIONS.goods.saleOrder.list] },
  response: z.array(salesPerson),
});

export const roleOption = z.object({ roleId: z.number(), roleName: z.string(), roleCode: z.string(), builtIn: z.boolean() });
export const roleOptions = defineCall({
  method: 'GET',
  path: 'system/api/roles/all',
  summary: '全部角色（选择用）',
  access: { anyOf: [PERMISSIONS.system.user.list, PERMISSIONS.system.role.list] },
  response: z.array(roleOption),
});
