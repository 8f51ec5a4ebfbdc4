import { describe, expect, it } from 'vitest';
import { ADMIN_PERMISSION, PERMISSIONS } from '@venue/contract/common/access';
import { allows, holdsAny, PERMISSION_USAGE } from './permission';

describe('element permission (spec 6)', () => {
  it('passes a listed role or permission, and ROLE_admin passes everything', () => {
    const { add, list } = PERMISSIONS.system.dict;
    expect(allows([add], ['ROLE_cashier'], [add])).toBe(true);
    expect(allows(['ROLE_cashier'], ['ROLE_cashier'], [])).toBe(true);
    expect(allows([add], ['ROLE_cashier'], [list])).toBe(false);
    expect(allows(['anything'], [ADMIN_PERMISSION], [ADMIN_PERMISSION])).toBe(true);
  });
  it('rejects a non-array listing with the usage message', () => {
    expect(() => allows(PERMISSIONS.system.dict.add, [], [])).toThrow(PERMISSION_USAGE);
  });
  it('checks a code list: empty or missing gives false', () => {
    expect(holdsAny(['a', 'b'], ['b'])).toBe(true);
    expect(holdsAny([], ['b'])).toBe(false);
    expect(holdsAny(undefined, ['b'])).toBe(false);
  });
});
