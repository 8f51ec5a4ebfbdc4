import type { report } from '@venue/contract';

type Range = report.RangeQuery;
const pad = (n: number) => String(n).padStart(2, '0');
/** A China date ("YYYY-MM-DD") `daysBack` days before `now`. */
export function chinaDate(now: number, daysBack = 0): string {
  const d = new Date(now + 8 * 3600_000 - daysBack * 24 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The range a report opens on: the last 7 days up to today, in the current venue. */
export const defaultRange = (venueId: number | null | undefined, now = Date.now()): Range => ({
  beginDate: chinaDate(now, 6),
  endDate: chinaDate(now),
  ...(venueId ? { venueId } : {}),
});

/** Sums a column of money rows exactly (in fen) and answers yuan. */
export const sumYuan = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((fen, row) => fen + Math.round(pick(row) * 100), 0) / 100;
/** Sums a count column. */
export const sumOf = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((n, row) => n + pick(row), 0);
