import { describe, expect, it } from 'vitest';
import { cellsOf, priceOf, ruleFor, slotsOf, timesOf, weekdayOf, type RuleRow } from './booking-grid.ts';
import { cancelFee, refundAfterFee, timesSplit } from './booking-payable.ts';

const rule = (over: Partial<RuleRow>): RuleRow => ({
  id: 1,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  dates: [],
  begin_time: '08:00',
  end_time: '22:00',
  price_fen: 100,
  fieldIds: [],
  members: [],
  ...over,
});

describe('booking grid rules', () => {
  it('cuts the opening hours into slots of the field', () => {
    expect(slotsOf({ slot_minutes: 60 }, '08:00', '10:30')).toEqual([
      { begin: '08:00', end: '09:00' },
      { begin: '09:00', end: '10:00' },
    ]);
    expect(slotsOf({ slot_minutes: 30 }, '06:00', '22:00')).toHaveLength(32);
    expect(slotsOf({ slot_minutes: 60 }, '21:00', '24:00').at(-1)).toEqual({ begin: '23:00', end: '24:00' });
  });

  it('prices by holiday before weekday, a field rule before an all-field one, then the newest', () => {
    // 2026-12-05 is a Saturday.
    expect(weekdayOf('2026-12-05')).toBe(6);
    expect(weekdayOf('2026-12-07')).toBe(1);
    const rules = [
      rule({ id: 1 }),
      rule({ id: 2, fieldIds: [7], price_fen: 200 }),
      rule({ id: 3, dates: ['2026-12-05'], price_fen: 300 }),
      rule({ id: 4, weekdays: [1], begin_time: '18:00', price_fen: 400 }),
    ];
    expect(ruleFor(rules, 7, '2026-12-05', '10:00', '11:00')?.id).toBe(3);
    expect(ruleFor(rules, 7, '2026-12-06', '10:00', '11:00')?.id).toBe(2);
    expect(ruleFor(rules, 8, '2026-12-06', '10:00', '11:00')?.id).toBe(1);
    expect(ruleFor(rules, 8, '2026-12-07', '18:00', '19:00')?.id).toBe(4);
    expect(ruleFor(rules, 8, '2026-12-07', '07:00', '08:00')).toBeUndefined();
  });

  it('prices each grid cell by the rule ruleFor picks, and closes a slot no rule covers', () => {
    const rules = [
      rule({ id: 1, end_time: '20:00' }),
      rule({ id: 2, fieldIds: [7], begin_time: '09:00', end_time: '12:00', price_fen: 200 }),
      rule({
        id: 5,
        fieldIds: [7],
        begin_time: '10:00',
        end_time: '11:00',
        price_fen: 500,
        members: [
          { card_type_id: 9, price_fen: 450, times: null },
          { card_type_id: 4, price_fen: 0, times: 2 },
        ],
      }),
      rule({ id: 3, dates: ['2026-12-05'], begin_time: '14:00', end_time: '16:00', price_fen: 300 }),
    ];
    const field = { id: 7, name: '7号场', state: 'A' as const, sale_mode: 'F' as const, capacity: 1, slot_minutes: 60 };
    for (const date of ['2026-12-05', '2026-12-06'])
      for (const [cardTypeId, timesCard] of [
        [undefined, false],
        [9, false],
        [4, true],
      ] as const) {
        const day = { date, openTime: '08:00', closeTime: '22:00', closedReason: null, now: new Date('2026-12-01T00:00:00Z'), cardTypeId, timesCard };
        const cells = cellsOf(field, day, rules, [], new Map());
        expect(cells).toHaveLength(14);
        for (const c of cells) {
          const r = ruleFor(rules, 7, date, c.beginTime, c.endTime);
          expect(c.price).toBe(r ? priceOf(r, cardTypeId) / 100 : null);
          expect(c.times).toBe(r && timesCard ? timesOf(r, cardTypeId) : null);
          expect(c.state).toBe(r ? 'free' : 'closed');
          expect(c.holdUntil).toBeNull();
        }
      }
    const day = { date: '2026-12-06', openTime: '08:00', closeTime: '22:00', closedReason: null, now: new Date('2026-12-01T00:00:00Z'), cardTypeId: 9 };
    expect(cellsOf(field, day, rules, [], new Map()).map((c) => c.price)).toEqual([1, 2, 4.5, 2, 1, 1, 1, 1, 1, 1, 1, 1, null, null]);
    const timesDay = { ...day, cardTypeId: 4, timesCard: true };
    expect(cellsOf(field, timesDay, rules, [], new Map()).map((c) => c.times)).toEqual([1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, null, null]);
  });

  it('charges the cancellation fee by the hours left, and refuses too late', () => {
    const r = { cancelBeforeHours: 2, feePercent: 20, freeBeforeHours: 24, gateEarlyMinutes: 30 };
    const start = Date.parse('2026-12-05T10:00:00Z');
    expect(cancelFee(r, start, start - 25 * 3600_000, 'x')).toBe(0);
    expect(cancelFee(r, start, start - 5 * 3600_000, 'x')).toBe(20);
    expect(() => cancelFee(r, start, start - 3600_000, 'x')).toThrow('开场前2小时内不能退订');
    expect(() => cancelFee(r, start, start, '「1号场」')).toThrow('「1号场」已开始，不能退订');
    expect(refundAfterFee(3333, 1, 1, 20)).toBe(2666);
    expect(refundAfterFee(9000, 3, 1, 0)).toBe(3000);
  });

  it('prices a times card type by the rule, never by its times entry, and reckons its times a cell (1 without an entry)', () => {
    const r = rule({
      price_fen: 5000,
      members: [
        { card_type_id: 1, price_fen: 4000, times: null },
        { card_type_id: 2, price_fen: 0, times: 3 },
      ],
    });
    expect([priceOf(r, 1), priceOf(r, 2), priceOf(r, 9), priceOf(r)]).toEqual([4000, 5000, 5000, 5000]);
    expect([timesOf(r, 2), timesOf(r, 9), timesOf(r, 1), timesOf(undefined, 2)]).toEqual([3, 1, 1, 1]);
  });

  it('keeps the fee in whole times per cell, rounded up, so the card never gets back more than the cell took less the fee', () => {
    expect(timesSplit(1, 1, 20)).toEqual({ paid: 1, fee: 1, refund: 0 });
    expect(timesSplit(2, 2, 20)).toEqual({ paid: 4, fee: 1, refund: 3 });
    expect(timesSplit(5, 1, 20)).toEqual({ paid: 5, fee: 1, refund: 4 });
    expect(timesSplit(3, 1, 0)).toEqual({ paid: 3, fee: 0, refund: 3 });
    expect(timesSplit(3, 2, 100)).toEqual({ paid: 6, fee: 6, refund: 0 });
  });
});
