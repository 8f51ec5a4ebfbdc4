import { member } from '@venue/contract';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * An answer with every `phone` and `idNumber` masked at any depth (13800000001 -> 138****0001), for a
 * viewer who may not see members' personal data whole. Masking twice changes nothing.
 */
export function maskPersonal<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskPersonal) as T;
  if (!isPlainObject(value)) return value;
  const masked: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'phone' && typeof field === 'string') masked[key] = member.maskMobile(field);
    else if (key === 'idNumber' && typeof field === 'string') masked[key] = member.maskIdNumber(field);
    else masked[key] = maskPersonal(field);
  }
  return masked as T;
}
