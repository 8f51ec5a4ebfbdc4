import { describe, expect, it } from 'vitest';
import { allows, holdsAny, PERMISSION_USAGE } from './permission';

describe('element permission (spec 6)', () => {
  it('passes a listed role or permission, and ROLE_admin passes everything', () => {
    expect(allows(['dict:add'], ['ROLE_cashier'], ['dict:add'])).toBe(true);
    expect(allows(['ROLE_cashier'], ['ROLE_cashier'], [])).toBe(true);
    expect(allows(['dict:add'], ['ROLE_cashier'], ['dict:list'])).toBe(false);
    expect(allows(['anything'], ['ROLE_admin'], ['ROLE_admin'])).toBe(true);
  });
  it('rejects a non-array listing with the usage message', () => {
    expect(() => allows('dict:add', [], [])).toThrow(PERMISSION_USAGE);
  });
  it('checks a code list: empty or missing gives false', () => {
    expect(holdsAny(['a', 'b'], ['b'])).toBe(true);
    expect(holdsAny([], ['b'])).toBe(false);
    expect(holdsAny(undefined, ['b'])).toBe(false);
  });
});
