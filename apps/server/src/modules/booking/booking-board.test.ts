import { describe, expect, it } from 'vitest';
import type { Cell } from '@venue/contract';
import { boardField } from './booking-board.ts';
import { holdUntil } from './booking-grid.ts';

const F = { sale_mode: 'F' as const, capacity: 1 };
const C = { sale_mode: 'C' as const, capacity: 10 };
/** Hourly cells from 08:00: [state, order id, heads left]. */
const day = (...cells: [Cell['state'], number | null, number?][]): Cell[] =>
  cells.map(([state, orderId, left], i) => {
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    return {
      beginTime: hh(8 + i),
      endTime: hh(9 + i),
      state,
      price: 50,
      times: null,
      left: left ?? (state === 'free' || state === 'past' ? 1 : 0),
      orderId,
      orderType: orderId === null ? null : state === 'occupied' ? 'L' : 'R',
      note: '',
      holdUntil: null,
    };
  });

describe('the /fieldTX board of a field', () => {
  it('says the state of this moment and the next booking: a run of one order whole, the one under way skipped', () => {
    // 08 past, 09 used (order 1), 10 paid (order 1), 11 free, 12 held (order 2), 13 held (order 2), 14 occupied (order 3).
    const cells = day(['past', null], ['used', 1], ['paid', 1], ['free', null], ['held', 2], ['held', 2], ['occupied', 3]);
    expect(boardField(F, cells, [], '09:15')).toEqual({ now: 'used', headsNow: 0, next: { beginTime: '12:00', endTime: '14:00', state: 'booked', heads: 0 } });
    // Before it: free now (a slot under way is past booking, not closed), order 1's run next, both its hours.
    expect(boardField(F, cells, [], '08:59')).toMatchObject({ now: 'free', next: { beginTime: '09:00', endTime: '11:00', state: 'used' } });
    expect(boardField(F, cells, [], '12:30')).toMatchObject({ now: 'booked', next: { beginTime: '14:00', endTime: '15:00', state: 'occupied' } });
    expect(boardField(F, cells, [], '14:00')).toEqual({ now: 'occupied', headsNow: 0, next: null });
    // Outside the opening hours: no state; before them the first booking is next.
    expect(boardField(F, cells, [], '07:00')).toMatchObject({ now: null, next: { beginTime: '09:00' } });
    expect(boardField(F, cells, [], '22:00')).toEqual({ now: null, headsNow: 0, next: null });
    expect(boardField(F, day(['closed', null], ['closed', null]), [], '08:10')).toEqual({ now: 'closed', headsNow: 0, next: null });
  });

  it('counts heads of a field sold by heads at every moment: booked, in use once opened, free without any', () => {
    // 08: 4 heads booked (free on the grid: 6 left), one opened; 09: none; 10: 3 heads booked, none opened; 11: full, paid.
    const cells = day(['past', 5, 6], ['free', null, 10], ['free', 6, 7], ['paid', 7, 0]);
    const lines = [
      { begin_time: '08:00', state: 'U' },
      { begin_time: '08:00', state: 'A' },
      { begin_time: '10:00', state: 'A' },
      { begin_time: '11:00', state: 'A' },
    ];
    expect(boardField(C, cells, lines, '08:30')).toEqual({
      now: 'used',
      headsNow: 4,
      next: { beginTime: '10:00', endTime: '11:00', state: 'booked', heads: 3 },
    });
    expect(boardField(C, cells, lines, '09:30')).toEqual({
      now: 'free',
      headsNow: 0,
      next: { beginTime: '10:00', endTime: '11:00', state: 'booked', heads: 3 },
    });
    // Each slot its own: 11:00 is next after 10:00 even of another order.
    expect(boardField(C, cells, lines, '10:30')).toEqual({
      now: 'booked',
      headsNow: 3,
      next: { beginTime: '11:00', endTime: '12:00', state: 'booked', heads: 10 },
    });
  });

  it('says until when a held cell waits for its payment: the earliest unpaid order plus the minutes', () => {
    const made = (iso: string, state = 'P') => ({ state, created_at: iso });
    // 2026-12-01T02:05:30Z is 10:05:30 China time.
    expect(holdUntil([made('2026-12-01T02:05:30.000Z'), made('2026-12-01T02:01:00.000Z')], 30)).toBe('10:31');
    expect(holdUntil([made('2026-12-01T02:05:30.000Z')], 0)).toBeNull();
    expect(holdUntil([made('2026-12-01T02:05:30.000Z', 'A')], 30)).toBeNull();
    // Past midnight China time.
    expect(holdUntil([made('2026-12-01T15:50:00.000Z')], 30)).toBe('00:20');
  });
});
