import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS } from '../all-calls.ts';

/** Whether a JSON schema has a property named `phone` or `idNumber` anywhere. */
function carriesPersonal(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(carriesPersonal);
  if (!schema || typeof schema !== 'object') return false;
  const { properties } = schema as { properties?: Record<string, unknown> };
  if (properties && ('phone' in properties || 'idNumber' in properties)) return true;
  return Object.values(schema).some(carriesPersonal);
}

/** Calls answering phones that are not members': suppliers', venues' and staff users' contact numbers. */
const CONTACT_PHONES = [
  // 课程培训's coaches: staff and outside coaches' own numbers.
  'courseAdmin.coachAdd',
  'courseAdmin.coachEdit',
  'courseAdmin.coachQuery',
  'goods.querySupplier',
  'goods.querySupplierAndGoods',
  'goods.supplierAdd',
  'goods.supplierEdit',
  'system.userList',
  'users.userById',
  'venue.venueAdd',
  'venue.venueAll',
  'venue.venueEdit',
  'venue.venueGet',
  'venue.venueSetState',
];

describe("members' personal data in answers", () => {
  it('every call answering a phone or an ID number is personal (masked by the server), or answers only contact numbers', () => {
    const answering = ALL_CALLS.filter(({ call }) => 'response' in call && carriesPersonal(z.toJSONSchema(call.response, { unrepresentable: 'any' })));
    const undeclared = answering.filter(({ name, call }) => !('personal' in call && call.personal) && !CONTACT_PHONES.includes(name));
    expect(undeclared.map(({ name }) => name)).toEqual([]);
    expect(answering.length).toBeGreaterThan(CONTACT_PHONES.length + 20);
    // a personal call does answer them
    const declared = ALL_CALLS.filter(({ call }) => 'personal' in call && call.personal);
    expect(declared.filter(({ name }) => !answering.some((a) => a.name === name)).map(({ name }) => name)).toEqual([]);
  });
});
