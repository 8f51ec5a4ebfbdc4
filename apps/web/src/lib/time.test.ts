import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { dateRange, getTime, relativeTime, START_OFFSET_MS, toMillis } from './time';

const NOW = Date.UTC(2024, 4, 20, 4, 0, 0); // 2024-05-20 12:00:00 in Shanghai
const ago = (ms: number) => NOW - ms;

describe('toMillis (spec 5)', () => {
  it('takes a 10-digit timestamp as seconds', () => {
    expect(toMillis(1716177600)).toBe(1716177600000);
    expect(toMillis('1716177600')).toBe(1716177600000);
  });
  it('keeps milliseconds, dates and ISO strings', () => {
    expect(toMillis(1716177600000)).toBe(1716177600000);
    expect(toMillis(new Date(NOW))).toBe(NOW);
    expect(toMillis('2024-05-20T04:00:00Z')).toBe(NOW);
  });
});

describe('relativeTime (spec 9)', () => {
  it('under 30 s is 刚刚', () => {
    expect(relativeTime(NOW, NOW)).toBe('刚刚');
    expect(relativeTime(ago(29_999), NOW)).toBe('刚刚');
    expect(relativeTime(NOW + 5000, NOW)).toBe('刚刚');
  });
  it('under an hour counts minutes, rounded up', () => {
    expect(relativeTime(ago(30_000), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5分钟前');
    expect(relativeTime(ago(59 * 60_000 + 1), NOW)).toBe('60分钟前');
  });
  it('under a day counts hours, rounded up', () => {
    expect(relativeTime(ago(3_600_000), NOW)).toBe('1小时前');
    expect(relativeTime(ago(3 * 3_600_000), NOW)).toBe('3小时前');
    expect(relativeTime(ago(23.5 * 3_600_000), NOW)).toBe('24小时前');
  });
  it('under two days is 1天前', () => {
    expect(relativeTime(ago(24 * 3_600_000), NOW)).toBe('1天前');
    expect(relativeTime(ago(47 * 3_600_000), NOW)).toBe('1天前');
  });
  it('older shows M月D日H时m分 in Shanghai time, seconds timestamps included', () => {
    expect(relativeTime(ago(48 * 3_600_000), NOW)).toBe('5月18日12时0分');
    expect(relativeTime(Date.UTC(2024, 0, 2, 1, 5), NOW)).toBe('1月2日9时5分');
    expect(relativeTime(Math.floor(Date.UTC(2024, 0, 2, 1, 5) / 1000), NOW)).toBe('1月2日9时5分');
  });
});

describe('getTime (spec 9)', () => {
  it("'start' is 90 days before now, otherwise now", () => {
    expect(START_OFFSET_MS).toBe(7_776_000_000);
    expect(getTime('start', NOW)).toBe(NOW - 7_776_000_000);
    expect(getTime('end', NOW)).toBe(NOW);
    expect(Math.abs(getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('dateRange (spec 5)', () => {
  it('appends 00:00:00 to the start and 23:59:59 to the end', () => {
    expect(dateRange('2024-05-01', '2024-05-20')).toEqual(['2024-05-01 00:00:00', '2024-05-20 23:59:59']);
    expect(dateRange(dayjs('2024-05-01T15:30:00'), dayjs('2024-05-20T08:00:00'))).toEqual(['2024-05-01 00:00:00', '2024-05-20 23:59:59']);
  });
  it('is undefined when an end is empty', () => {
    expect(dateRange(undefined, undefined)).toBeUndefined();
    expect(dateRange(null, '2024-05-20')).toBeUndefined();
    expect(dateRange('2024-05-01', '')).toBeUndefined();
  });
});
