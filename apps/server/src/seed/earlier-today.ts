import { chinaDate, chinaToIso } from '@venue/contract';

/**
 * `minutes` before now, but on today's China date: the live demo is today's trade, and the history seeder
 * writes the days before it (a demo started just after China midnight must not leave today's gate passes in
 * yesterday's books). What would fall before midnight is squeezed into the first half of
 * today so far, in the same order: the further back, the nearer midnight.
 */
export function earlierToday(nowIso: string, minutes: number): string {
  const now = Date.parse(nowIso);
  const sinceMidnight = now - Date.parse(chinaToIso(chinaDate(now)));
  const back = minutes * 60_000;
  const half = sinceMidnight / 2;
  if (back <= half) return new Date(now - back).toISOString();
  const over = back - half;
  return new Date(Math.round(now - half - (half * over) / (over + half))).toISOString();
}
