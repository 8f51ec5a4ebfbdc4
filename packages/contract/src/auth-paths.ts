/**
 * The login screen's calls by path, in a module without zod: the web app's login route loads no schema
 * library (it must stay small); auth.ts defines the same calls with their schemas from these paths.
 */
export const AUTH_PATHS = {
  login: 'system/auth/login',
  captcha: 'system/auth/code',
  logout: 'system/auth/logout',
  checkNeedCaptcha: 'system/auth/checkNeedCaptchaAnonymous',
} as const;

/**
 * The calls that open a session (the user, the menus, the logo, the global settings), sent by the web app's
 * entry the moment it runs with a token, before the schemas load; auth.ts and system.ts define them from these.
 */
export const SESSION_PATHS = {
  info: 'system/auth/info',
  userMenus: 'system/api/menus/user-all',
  tenantInfo: 'system/tenant/info',
  globalSetting: 'system/setting/getGlobalSetting',
} as const;
