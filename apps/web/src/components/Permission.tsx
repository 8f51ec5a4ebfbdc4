import type { ReactNode } from 'react';
import { useSession } from '@/app/session';
import { allows } from '@/lib/permission';

/** Whether the user may see elements guarded by `required` (spec 6). */
export function usePermission(required: string[]): boolean {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return allows(required, roles, permissions);
}

/** Renders its children only for a user holding one of `value`. */
export function Permission({ value, children }: { value: string[]; children: ReactNode }) {
  return usePermission(value) ? <>{children}</> : null;
}
