import type { ReactNode } from 'react';
import type { Permission as PermissionCode } from '@venue/contract';
import { useSession } from '@/lib/session';
import { allows } from '@/lib/permission';

/** Whether the user may see elements guarded by `required`: codes of the contract's PERMISSIONS (spec 6). */
export function usePermission(required: readonly PermissionCode[]): boolean {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return allows(required, roles, permissions);
}

/** Renders its children only for a user holding one of `value`. */
export function Permission({ value, children }: { value: readonly PermissionCode[]; children: ReactNode }) {
  return usePermission(value) ? <>{children}</> : null;
}
