import { AUTH_PATHS, SESSION_PATHS } from './auth-paths.ts';
import { z } from 'zod';
import { defineCall } from './common/call.ts';
import { idNumber, plainString } from './common/fields.ts';
import { newPassword } from './common/password.ts';
import { menuNode } from './menu-node.ts';

export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';
/** Failed logins (per user name or per client) after which a captcha is asked for. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const centerRef = z.object({ centerId: z.number(), centerName: z.string() });
export const venueRef = z.object({ venueId: z.number(), venueName: z.string(), centerId: z.number() });
export const tenantService = z.object({ serviceCode: z.string(), serviceName: z.string(), enabled: z.boolean() });

export const userInfo = z.object({
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  roleId: z.number().nullable(),
  roles: z.array(z.string()),
  /** The roles' names as 角色管理 shows them (超级管理员), in the order of `roles`. */
  roleNames: z.array(z.string()),
  permissions: z.array(z.string()),
  currentVenueId: z.number().nullable(),
  currentVenueName: z.string().nullable(),
  centers: z.array(centerRef),
  venues: z.array(venueRef),
  memberTypeFlag: z.string(),
  tenantId: z.number(),
  tenantServices: z.array(tenantService),
  /** An admin reset the password, or it was made up at install: the user changes it before anything else. */
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

const required = (label: string) =>
  plainString(label, { error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`);

export const loginBody = z.object({
  username: required('用户名').max(50, '用户名不能超过50个字符'),
  password: required('密码').max(100, '密码不能超过100个字符'),
  code: plainString('验证码').trim().max(10).optional(),
  uuid: plainString('验证码编号').max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const login = defineCall({
  method: 'POST',
  path: AUTH_PATHS.login,
  summary: '登录',
  access: 'public',
  body: loginBody,
  // The user's menu tree comes with the login (as user-all answers it): the first screen needs no second call.
  response: z.object({ token: z.string(), user: userInfo, menus: z.array(menuNode) }),
});

export const info = defineCall({ method: 'GET', path: SESSION_PATHS.info, summary: '当前用户信息', access: 'login', response: userInfo });

export const captcha = defineCall({
  method: 'GET',
  path: AUTH_PATHS.captcha,
  summary: '验证码图片',
  access: 'public',
  response: z.object({ uuid: z.string(), img: z.string() }),
});

export const logout = defineCall({ method: 'DELETE', path: AUTH_PATHS.logout, summary: '退出登录', access: 'board', response: z.null() });

export const checkNeedCaptcha = defineCall({
  method: 'GET',
  path: AUTH_PATHS.checkNeedCaptcha,
  summary: '登录是否需要验证码',
  access: 'public',
  query: z.object({ username: plainString('用户名').max(50).optional() }),
  response: z.object({ needCaptcha: z.boolean() }),
});

export const getAnonymous = defineCall({
  method: 'POST',
  path: 'system/auth/getAnonymous',
  summary: '获取看板匿名令牌',
  access: 'public',
  body: z.object({ venueId: idNumber('场馆') }),
  response: z.object({ token: z.string(), tenantId: z.number(), venueId: z.number(), expiresAt: z.string() }),
});

export const checkAnonymous = defineCall({
  method: 'POST',
  path: 'system/auth/checkAnonymous',
  summary: '校验看板匿名令牌',
  access: 'public',
  body: z.object({ token: plainString('令牌').min(1, '请提供令牌').max(200) }),
  response: z.object({ valid: z.boolean(), venueId: z.number().nullable(), expiresAt: z.string().nullable() }),
});

export const setCurrentVenue = defineCall({
  method: 'PUT',
  path: 'system/api/user/setCurrentVenue',
  summary: '切换当前场馆',
  access: 'login',
  body: z.object({ venueId: idNumber('场馆') }),
  response: z.object({ currentVenueId: z.number(), currentVenueName: z.string() }),
});

/**
 * The spec lists a GET with the password in the query; issue 12 moves it into a POST body at the same
 * path, so it never sits in a URL or an access log. Throttled like login.
 */
export const checkPassword = defineCall({
  method: 'POST',
  path: 'system/api/user/checkPassword',
  summary: '校验当前密码',
  access: 'login',
  body: z.object({ password: required('密码').max(100) }),
  response: z.object({ valid: z.boolean() }),
});

export const updatePassword = defineCall({
  method: 'PUT',
  path: 'system/api/user/updatePass',
  summary: '修改密码',
  access: 'login',
  body: z.object({
    oldPass: required('旧密码').max(100),
    newPass: newPassword(),
  }),
  response: z.null(),
});
