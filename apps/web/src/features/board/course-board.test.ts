import { describe, expect, it } from 'vitest';
import { courseTotals } from './course-board';

const session = (state: 'A' | 'D' | 'C', signed: number, enrolled: number) => ({
  sessionId: 1,
  beginTime: '09:00',
  endTime: '10:00',
  className: '初级班',
  courseName: '羽毛球',
  coachName: '王教练',
  fieldName: '1号场',
  state,
  signed,
  enrolled,
});

describe('course board totals', () => {
  it('counts the sessions held today and their students, leaving cancelled ones out', () => {
    expect(courseTotals([session('D', 7, 8), session('A', 2, 10), session('C', 0, 6)])).toEqual({ sessions: 2, signed: 9, enrolled: 18 });
  });
  it('is all zero on a day without sessions', () => {
    expect(courseTotals([])).toEqual({ sessions: 0, signed: 0, enrolled: 0 });
  });
});
