import { describe, expect, it } from 'vitest';
import { canUse, overstay, venueClock } from './ticket-rules.ts';

const slots = [
  { beginWeek: 1, endWeek: 5, beginTime: '09:00', endTime: '12:00' },
  { beginWeek: 6, endWeek: 7, beginTime: '08:00', endTime: '20:00' },
];
const t = { detailState: 'A', useBeginDate: '2026-11-23', useEndDate: '2026-11-29', usesLeft: 1, useTimeList: slots };
// 2026-11-24 is a Tuesday; 01:00Z is 09:00 in Shanghai.
const at = (s: string) => new Date(s);

describe('ticket use rules (Asia/Shanghai)', () => {
  it('reads the venue clock', () => {
    expect(venueClock(at('2026-11-24T16:30:00Z'))).toEqual({ date: '2026-11-25', week: 3, time: '00:30' });
    expect(venueClock(at('2026-11-29T01:00:00Z')).week).toBe(7);
  });
  it('holds the slot edges: begin included, end excluded', () => {
    expect(canUse(t, at('2026-11-24T00:59:59Z')).ok).toBe(false);
    expect(canUse(t, at('2026-11-24T01:00:00Z'))).toEqual({ ok: true, slotEnd: at('2026-11-24T04:00:00Z') });
    expect(canUse(t, at('2026-11-24T03:59:59Z')).ok).toBe(true);
    expect(canUse(t, at('2026-11-24T04:00:00Z'))).toMatchObject({ ok: false, reason: '当前时间不在票据可用时段内：周一至周五 09:00-12:00' });
  });
  it('holds the date edges in the venue time zone', () => {
    expect(canUse(t, at('2026-11-22T15:59:00Z'))).toMatchObject({ ok: false, reason: '票据未到使用日期（2026-11-23起可用）' });
    expect(canUse(t, at('2026-11-29T11:59:00Z')).ok).toBe(true);
    expect(canUse(t, at('2026-11-29T16:00:00Z'))).toMatchObject({ ok: false, reason: '票据已过期（2026-11-29止）' });
  });
  it('refuses a weekday outside every slot and used tickets', () => {
    expect(canUse({ ...t, useTimeList: [slots[0]] }, at('2026-11-28T02:00:00Z'))).toMatchObject({
      ok: false,
      reason: '今天（周六）不在票据可用日内：周一至周五 09:00-12:00',
    });
    expect(canUse({ ...t, detailState: 'U' }, at('2026-11-24T02:00:00Z'))).toMatchObject({ ok: false, reason: '票据已使用' });
  });
  it('charges whole periods past the free minutes', () => {
    const end = at('2026-11-24T04:00:00Z');
    const rule = { freeMinutes: 15, periodMinutes: 30, periodFen: 1000 };
    expect(overstay(end, at('2026-11-24T04:15:00Z'), rule)).toEqual({ minutes: 15, fen: 0 });
    expect(overstay(end, at('2026-11-24T04:16:00Z'), rule)).toEqual({ minutes: 16, fen: 1000 });
    expect(overstay(end, at('2026-11-24T04:46:00Z'), rule)).toEqual({ minutes: 46, fen: 2000 });
  });
});
