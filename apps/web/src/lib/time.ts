import dayjs, { type Dayjs } from 'dayjs';
import { DISPLAY_TZ } from './format';

export type Timestamp = number | string | Date;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Spec 9: getTime('start') lies 90 days (7,776,000,000 ms) back. */
export const START_OFFSET_MS = 90 * DAY;

/** Epoch milliseconds; a 10-digit timestamp is taken as seconds (spec 5). Other strings are parsed as dates. */
export function toMillis(ts: Timestamp): number {
  if (ts instanceof Date) return ts.getTime();
  const text = String(ts).trim();
  if (!/^\d+$/.test(text)) return dayjs(text).valueOf();
  return text.length === 10 ? Number(text) * SECOND : Number(text);
}

/** eladmin's formatTime: minutes and hours round up, older times show as a Shanghai date. */
export function relativeTime(ts: Timestamp, now: number = Date.now()): string {
  const time = toMillis(ts);
  const diff = now - time;
  if (diff < 30 * SECOND) return '刚刚';
  if (diff < HOUR) return `${Math.ceil(diff / MINUTE)}分钟前`;
  if (diff < DAY) return `${Math.ceil(diff / HOUR)}小时前`;
  if (diff < 2 * DAY) return '1天前';
  return dayjs(time).tz(DISPLAY_TZ).format('M月D日H时m分');
}

/** 'start' is 90 days before now; anything else is now (epoch ms). */
export const getTime = (type?: string, now: number = Date.now()): number => (type === 'start' ? now - START_OFFSET_MS : now);

type DateInput = Dayjs | string | null | undefined;
const dayOf = (value: Dayjs | string) => (typeof value === 'string' ? value.slice(0, 10) : value.format('YYYY-MM-DD'));

/** Query range for a date picker: whole days from start to end (spec 5); undefined unless both ends are set. */
export function dateRange(start: DateInput, end: DateInput): [string, string] | undefined {
  if (!start || !end) return undefined;
  return [`${dayOf(start)} 00:00:00`, `${dayOf(end)} 23:59:59`];
}
