import { holdsAdmin } from '@venue/contract/common/access';

export const PERMISSION_USAGE = "使用方式： v-permission=\"['admin','editor']\"";

/**
 * Spec 6: an element stays when the user's roles or permissions hold one of `required`,
 * or the permissions hold ROLE_admin. `required` must be an array.
 */
export function allows(required: unknown, roles: string[], permissions: string[]): boolean {
  if (!Array.isArray(required)) throw new Error(PERMISSION_USAGE);
  if (holdsAdmin(permissions)) return true;
  return required.length > 0 && required.some((value) => roles.includes(value) || permissions.includes(value));
}

/** Spec 6 "permission check on a code list": true when the permission list holds at least one code. */
export function holdsAny(codes: string[] | undefined | null, permissions: string[]): boolean {
  if (!codes?.length) return false;
  return codes.some((code) => permissions.includes(code));
}
