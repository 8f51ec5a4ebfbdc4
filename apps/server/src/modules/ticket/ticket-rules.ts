import { chinaClock, chinaInstant, ticket } from '@venue/contract';

/** The venue's calendar date, weekday (1 Monday … 7 Sunday) and HH:mm of an instant. */
export const venueClock = (now: Date) => chinaClock(now);

/** The instant of a venue date and HH:mm. */
export const venueInstant = (date: string, time: string) => chinaInstant(date, time);

interface Ticket {
  detailState: string;
  useBeginDate: string;
  useEndDate: string;
  usesLeft: number;
  useTimeList: ticket.TicketTime[];
}

/** Why a ticket cannot be used now, or the slot it is used in (its end: when an overstay begins). */
export type UseAnswer = { ok: true; slotEnd: Date } | { ok: false; reason: string };

const inWeek = (t: ticket.TicketTime, week: number) =>
  t.beginWeek <= t.endWeek ? week >= t.beginWeek && week <= t.endWeek : week >= t.beginWeek || week <= t.endWeek;

/**
 * Whether a ticket may be verified at `now` in the venue's time zone: usable state, within its dates
 * (both ends included), on a weekday of one of its slots, and within that slot's times (begin included,
 * end excluded).
 */
export function canUse(t: Ticket, now: Date): UseAnswer {
  if (t.detailState === 'U' || (t.detailState === 'A' && t.usesLeft <= 0)) return { ok: false, reason: '票据已使用' };
  if (t.detailState === 'P') return { ok: false, reason: '票据未支付，不能使用' };
  if (t.detailState !== 'A') return { ok: false, reason: '票据不可用（已作废或已过期）' };
  const c = venueClock(now);
  if (c.date < t.useBeginDate) return { ok: false, reason: `票据未到使用日期（${t.useBeginDate}起可用）` };
  if (c.date > t.useEndDate) return { ok: false, reason: `票据已过期（${t.useEndDate}止）` };
  const today = t.useTimeList.filter((s) => inWeek(s, c.week));
  if (!today.length) return { ok: false, reason: `今天（周${ticket.WEEK_LABELS[c.week]}）不在票据可用日内：${t.useTimeList.map(ticket.slotText).join('；')}` };
  const slot = today.find((s) => c.time >= s.beginTime && c.time < s.endTime);
  if (!slot) return { ok: false, reason: `当前时间不在票据可用时段内：${today.map(ticket.slotText).join('；')}` };
  return { ok: true, slotEnd: venueInstant(c.date, slot.endTime) };
}

/** Minutes past the slot end beyond the free minutes, and what they cost (whole periods, rounded up). */
export function overstay(slotEnd: Date, now: Date, rule: { freeMinutes: number; periodMinutes: number; periodFen: number }) {
  const over = Math.floor((now.getTime() - slotEnd.getTime()) / 60_000);
  if (over <= rule.freeMinutes || rule.periodFen <= 0) return { minutes: Math.max(over, 0), fen: 0 };
  return { minutes: over, fen: Math.ceil((over - rule.freeMinutes) / rule.periodMinutes) * rule.periodFen };
}
