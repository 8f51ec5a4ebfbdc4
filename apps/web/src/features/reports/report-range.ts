import type { report } from '@venue/contract';
import { addChinaDays, chinaDate as chinaDateOf } from '@venue/contract/common/china-time';

type Range = report.RangeQuery;
/** A China date ("YYYY-MM-DD") `daysBack` days before `now`. */
export const chinaDate = (now: number, daysBack = 0): string => addChinaDays(chinaDateOf(now), -daysBack);

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
