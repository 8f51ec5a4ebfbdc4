import { describe, expect, it } from 'vitest';
import { listQuery } from './envelope.ts';
import { id, ID_TOO_LARGE, MAX_ID } from './fields.ts';

describe('ids are positive decimal integers, nothing else', () => {
  const schema = id();
  it.each([
    ['1', 1],
    [' 42 ', 42],
    [7, 7],
    [String(MAX_ID), MAX_ID],
  ])('takes %j', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });
  it.each([true, false, null, '', ' ', '0x10', '1e3', '1.5', 1.5, '-1', -1, 0, '0', '+5', '١٢', '12abc', [1], {}])('refuses %j', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
  it('says which limit an id past the integer column breaks', () => {
    const result = schema.safeParse(String(MAX_ID + 1));
    expect(result.error?.issues[0]?.message).toBe(ID_TOO_LARGE);
  });
  it('answers in Chinese with the label for every refusal', () => {
    const labelled = id('会员');
    for (const input of [true, '0x10', '1e3', '', -3]) {
      expect(labelled.safeParse(input).error?.issues[0]?.message).toBe('请选择会员');
    }
  });
});

describe('paging numbers take digits only', () => {
  it('defaults and parses', () => {
    expect(listQuery.parse({})).toEqual({ current: 1, size: 20 });
    expect(listQuery.parse({ current: '3', size: '50', page: '0' })).toEqual({ current: 3, size: 50, page: 0 });
  });
  it.each([{ current: '1e3' }, { size: '0x10' }, { current: '0' }, { size: '10000' }, { page: '-1' }])('refuses %j', (q) => {
    expect(listQuery.safeParse(q).success).toBe(false);
  });
});
