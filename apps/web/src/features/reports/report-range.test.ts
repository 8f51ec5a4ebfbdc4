import { describe, expect, it } from 'vitest';
import { chinaDate, defaultRange, sumOf, sumYuan } from './report-range';

describe('report ranges', () => {
  it('opens on the last 7 China days in the current venue', () => {
    // 2026-03-01 17:00 UTC is 2026-03-02 01:00 in China.
    const now = Date.UTC(2026, 2, 1, 17, 0);
    expect(chinaDate(now)).toBe('2026-03-02');
    expect(defaultRange(3, now)).toEqual({ beginDate: '2026-02-24', endDate: '2026-03-02', venueId: 3 });
    expect(defaultRange(null, now)).toEqual({ beginDate: '2026-02-24', endDate: '2026-03-02' });
  });
  it('sums money in fen, so 0.1 + 0.2 is 0.3', () => {
    expect(sumYuan([{ a: 0.1 }, { a: 0.2 }], (r) => r.a)).toBe(0.3);
    expect(sumOf([{ n: 2 }, { n: 3 }], (r) => r.n)).toBe(5);
  });
});
