import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatTime } from './format';

// A clerk's browser in New York: the stored instant of 2026-11-23 00:00 in Shanghai is still 2026-11-22 there.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('calendar dates are Shanghai days in every browser zone', () => {
  it('shows an imported validity start as the day typed in the file', () => {
    expect(new Date('2026-11-22T16:00:00.000Z').getDate()).toBe(22); // the zone is really in force
    expect(formatDate('2026-11-22T16:00:00.000Z')).toBe('2026-11-23');
    expect(formatDate('2026-11-23T15:59:59.999Z')).toBe('2026-11-23');
    expect(formatTime('2026-11-22T16:00:00.000Z')).toBe('2026-11-23 00:00:00');
  });
  it('shows nothing for no date', () => {
    expect(formatDate(null)).toBe('');
  });
});
