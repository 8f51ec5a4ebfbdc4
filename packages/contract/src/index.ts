import "./common/locale.ts";
export * from './common/codes.ts';
export * from './common/envelope.ts';
export * from './common/call.ts';
export * as auth from './auth.ts';
export * as system from './system.ts';
export type { UserInfo } from './auth.ts';
export type { MenuNode, DictEntry } from './system.ts';
export { DEFAULT_ROLE, ADMIN_PERMISSION } from './auth.ts';
