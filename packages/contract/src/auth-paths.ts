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
