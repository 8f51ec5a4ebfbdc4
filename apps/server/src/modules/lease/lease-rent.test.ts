import { describe, expect, it } from 'vitest';
import { isOverdue, overtimeFen, rentDueFen } from './lease-rent.ts';

const timed = { rent_mode: 'T' as const, rent_fen: 1000, unit_minutes: 60, free_minutes: 10, daily_cap_fen: 5000 };

describe('lease rent', () => {
  it('charges a use once', () => {
    expect(rentDueFen({ ...timed, rent_mode: 'U' }, 10_000)).toBe(1000);
  });
  it('charges every started unit past the free minutes, the first unit prepaid', () => {
    expect(overtimeFen(timed, 0)).toBe(0);
    expect(overtimeFen(timed, 70)).toBe(0);
    expect(overtimeFen(timed, 71)).toBe(1000);
    expect(overtimeFen(timed, 190)).toBe(2000);
    expect(isOverdue(timed, 70)).toBe(false);
    expect(isOverdue(timed, 71)).toBe(true);
  });
  it('caps each started day', () => {
    expect(rentDueFen(timed, 23 * 60)).toBe(5000);
    expect(rentDueFen(timed, 25 * 60)).toBe(10000);
    expect(rentDueFen({ ...timed, daily_cap_fen: 0 }, 23 * 60)).toBe(23000);
  });
});
