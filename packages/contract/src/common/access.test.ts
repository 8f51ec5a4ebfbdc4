import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../all-calls.ts';
import { ADMIN_PERMISSION, ALL_PERMISSIONS, codesOf, holdsRule, PERMISSIONS, type Access } from './access.ts';

const calls = ALL_CALLS;

describe('access in the contract', () => {
  it('finds the calls of every module, file calls included', () => {
    expect(calls.length).toBeGreaterThan(80);
    expect(calls.filter(({ call }) => 'kind' in call).map(({ name }) => name)).toEqual(
      expect.arrayContaining(['member.importCard', 'sale.exportOrders', 'goods.uploadPicture']),
    );
  });

  it('every call declares who may use it, with codes of the one table', () => {
    const valid = (access: Access) =>
      access === 'public' ||
      access === 'login' ||
      access === 'board' ||
      (typeof access === 'object' && codesOf(access).length > 0 && codesOf(access).every((code) => ALL_PERMISSIONS.includes(code)));
    expect(calls.filter(({ call }) => !valid(call.access)).map(({ name }) => name)).toEqual([]);
  });

  it('each method and path belongs to one call', () => {
    const routes = calls.map(({ call }) => `${call.method} ${call.path}`);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  it('the table names every code once, each code spelling its place in the table', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ALL_PERMISSIONS).toContain(PERMISSIONS.goods.saleOrder.editPrice);
    for (const code of ALL_PERMISSIONS) expect(code).toMatch(/^[a-z]+(:[a-zA-Z]+){1,2}$/);
    expect(ALL_PERMISSIONS).not.toContain(ADMIN_PERMISSION);
  });

  it('a rule passes a user holding one of its codes, or the admin', () => {
    const receipt = { anyOf: [PERMISSIONS.goods.saleOrder.add, PERMISSIONS.goods.saleOrder.list] } as const;
    expect(holdsRule(receipt, [PERMISSIONS.goods.saleOrder.list])).toBe(true);
    expect(holdsRule(receipt, [PERMISSIONS.goods.saleOrder.add])).toBe(true);
    expect(holdsRule(receipt, [PERMISSIONS.goods.saleOrder.editPrice])).toBe(false);
    expect(holdsRule({ permission: PERMISSIONS.member.card.refund }, [ADMIN_PERMISSION])).toBe(true);
    expect(holdsRule({ permission: PERMISSIONS.member.card.refund }, [])).toBe(false);
  });
});
