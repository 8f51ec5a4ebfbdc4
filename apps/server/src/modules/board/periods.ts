import { fenToYuan } from '@venue/contract';
import type { Capability, Revenue } from '@venue/contract/board';
import { CAPABILITIES } from '@venue/contract/board';
import { DAY_MS } from '../../lib/clock.ts';
import type { RevenueRows } from './sources/source.ts';

type Unit = Revenue['unit'];

/** The days of a range of China dates, both ends included ("YYYY-MM-DD"). */
export function daysOf(beginDate: string, endDate: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${beginDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The period a China date falls in: the day, the Monday that starts its week, or its month. */
export function periodOf(day: string, unit: Unit): string {
  if (unit === 'day') return day;
  if (unit === 'month') return day.slice(0, 7);
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * DAY_MS).toISOString().slice(0, 10);
}

type Period = Revenue['periods'][number];
const yuanOf = (fen: number) => fenToYuan(fen);

/**
 * The sources' rows as the boards show them: every period of the range (empty ones too), the net of
 * each channel per period, and the totals by channel, pay method and venue. Sums in fen, yuan at the end.
 */
export function mergeRevenue(
  parts: { capability: Capability; rows: RevenueRows }[],
  range: { beginDate: string; endDate: string; unit: Unit },
  venueNames: Map<number, string>,
): Omit<Revenue, 'landed'> {
  const periods = new Map<string, { income: number; refund: number; orders: number; byChannel: Map<string, number> }>();
  for (const day of daysOf(range.beginDate, range.endDate)) {
    const key = periodOf(day, range.unit);
    if (!periods.has(key)) periods.set(key, { income: 0, refund: 0, orders: 0, byChannel: new Map() });
  }
  const byChannel = new Map<string, number>();
  const byPayMode = new Map<string, { label: string; fen: number }>();
  const byVenue = new Map<number, number>();
  const add = <K>(map: Map<K, number>, key: K, fen: number) => map.set(key, (map.get(key) ?? 0) + fen);
  for (const { capability, rows } of parts) {
    const money = (list: RevenueRows['income'], sign: 1 | -1) => {
      for (const r of list) {
        const fen = Number(r.fen) * sign;
        const period = periods.get(periodOf(r.day, range.unit));
        if (period) {
          if (sign > 0) period.income += fen;
          else period.refund -= fen;
          add(period.byChannel, capability, fen);
        }
        add(byChannel, capability, fen);
        const mode = byPayMode.get(r.pay_mode) ?? { label: r.pay_name, fen: 0 };
        byPayMode.set(r.pay_mode, { label: mode.label, fen: mode.fen + fen });
        add(byVenue, r.venue_id, fen);
      }
    };
    money(rows.income, 1);
    money(rows.refunds, -1);
    for (const r of rows.dayTotals ?? []) {
      const fen = r.fen * r.sign;
      const period = periods.get(periodOf(r.day, range.unit));
      if (period) {
        if (r.sign > 0) period.income += fen;
        else period.refund -= fen;
        add(period.byChannel, capability, fen);
      }
      add(byChannel, capability, fen);
    }
    for (const r of rows.modeTotals ?? []) {
      const fen = r.fen * r.sign;
      const mode = byPayMode.get(r.pay_mode) ?? { label: r.pay_name, fen: 0 };
      byPayMode.set(r.pay_mode, { label: mode.label, fen: mode.fen + fen });
      add(byVenue, r.venue_id, fen);
    }
    for (const r of rows.orders) {
      const period = periods.get(periodOf(r.day, range.unit));
      if (period) period.orders += Number(r.orders);
    }
  }
  const list: Period[] = [...periods].map(([period, p]) => ({
    period,
    income: yuanOf(p.income),
    refund: yuanOf(p.refund),
    net: yuanOf(p.income - p.refund),
    orders: p.orders,
    byChannel: Object.fromEntries([...p.byChannel].map(([k, fen]) => [k, yuanOf(fen)])),
  }));
  const income = [...periods.values()].reduce((s, p) => s + p.income, 0);
  const refund = [...periods.values()].reduce((s, p) => s + p.refund, 0);
  const sorted = <T extends { amount: number }>(rows: T[]) => rows.sort((a, b) => b.amount - a.amount);
  return {
    beginDate: range.beginDate,
    endDate: range.endDate,
    unit: range.unit,
    total: { income: yuanOf(income), refund: yuanOf(refund), net: yuanOf(income - refund), orders: list.reduce((s, p) => s + p.orders, 0) },
    periods: list,
    byChannel: sorted([...byChannel].map(([key, fen]) => ({ key, label: CAPABILITIES[key as Capability], amount: yuanOf(fen) }))),
    byPayMode: sorted([...byPayMode].map(([key, m]) => ({ key, label: m.label, amount: yuanOf(m.fen) }))),
    byVenue: sorted([...byVenue].map(([venueId, fen]) => ({ key: String(venueId), label: venueNames.get(venueId) ?? `场馆${venueId}`, amount: yuanOf(fen) }))),
  };
}
