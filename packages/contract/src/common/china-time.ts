/**
 * The venues' time zone, Asia/Shanghai: UTC+8 all year (China keeps no daylight saving), so China time is
 * UTC moved by eight hours. Stored times are UTC ISO strings; screens and calendar days are China time.
 * Shared by the server and the browser: every China-time calculation goes through here.
 */
export const CHINA_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 24 * 3600_000;

const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

/** "YYYY-MM-DD HH:mm:ss" in China time. */
export const chinaText = (at: Date | number): string => new Date(ms(at) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** The China calendar day of an instant, "YYYY-MM-DD". */
export const chinaDate = (at: Date | number): string => chinaText(at).slice(0, 10);

/** A China calendar day `days` days later (earlier when negative). */
export const addChinaDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant of a China day and clock time ("HH:mm", "HH:mm:ss" or "HH:mm:ss.SSS"; midnight when absent). */
export const chinaInstant = (date: string, time = '00:00:00'): Date => new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+08:00`);

/** "YYYY-MM-DD[ HH:mm:ss]" as a screen sends it, to a stored UTC ISO string (the day's end with `endOfDay`). */
export function chinaToIso(text: string, endOfDay = false): string {
  const [date, time] = text.split(' ');
  return chinaInstant(date!, time ?? (endOfDay ? '23:59:59.999' : '00:00:00')).toISOString();
}

/** China date, weekday (1 Monday … 7 Sunday) and "HH:mm" of an instant. */
export function chinaClock(at: Date | number): { date: string; week: number; time: string } {
  const local = new Date(ms(at) + CHINA_OFFSET_MS);
  const day = local.getUTCDay();
  return { date: local.toISOString().slice(0, 10), week: day === 0 ? 7 : day, time: local.toISOString().slice(11, 16) };
}
