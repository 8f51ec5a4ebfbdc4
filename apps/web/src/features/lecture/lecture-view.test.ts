import { describe, expect, it } from 'vitest';
import type { LectureUser } from '@venue/contract';
import { lectureDatesText, lecturePreselected, lectureSelectable, lectureTimesText } from './lecture-view';

const user = (userId: number, state: string): LectureUser => ({
  userId,
  userName: `人${userId}`,
  phone: '13800001111',
  state,
  price: 20,
  ticketCode: `L${userId}`,
  useBeginDate: '2026-11-24',
  useEndDate: '2026-11-24',
  useBeginTime: '14:00',
  useEndTime: '16:00',
});

describe('lecture tab rows', () => {
  it('selects only state A, and never pre-selects a used participant', () => {
    expect(['A', 'U', 'P', 'C'].map((s) => lectureSelectable(user(1, s)))).toEqual([true, false, false, false]);
    expect(lecturePreselected([user(1, 'A'), user(2, 'U'), user(3, 'A')])).toEqual([1, 3]);
  });
  it('shows the date range and time range of the session', () => {
    expect(lectureDatesText(user(1, 'A'))).toBe('2026-11-24');
    expect(lectureDatesText({ useBeginDate: '2026-11-24', useEndDate: '2026-11-30' })).toBe('2026-11-24 至 2026-11-30');
    expect(lectureTimesText(user(1, 'A'))).toBe('14:00-16:00');
  });
});
