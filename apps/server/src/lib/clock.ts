/** The server's sense of now, replaceable in tests. Stored timestamps are ISO-8601 UTC. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (date: Date) => date.toISOString();
export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** "YYYY-MM-DD[ HH:mm:ss]" as the screens send it (Asia/Shanghai) to a stored UTC ISO string. */
export function shanghaiToIso(text: string, endOfDay = false): string {
  const [date, time] = text.split(' ');
  const clockTime = time ?? (endOfDay ? '23:59:59.999' : '00:00:00');
  return new Date(`${date}T${clockTime}+08:00`).toISOString();
}

/** A time as the screens show it in Asia/Shanghai (UTC+8, no daylight saving): "YYYY-MM-DD HH:mm:ss". */
export const shanghaiText = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
export const DAY_MS = 24 * 3600_000;
