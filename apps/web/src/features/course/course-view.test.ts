import { describe, expect, it } from 'vitest';
import {
  ageRangeText,
  byDate,
  dateWithWeekday,
  enrolmentActions,
  enrolmentStateText,
  rosterStateText,
  signable,
  signedText,
  signGroups,
  signKey,
  studentText,
  termDates,
  termText,
  weekdaysText,
} from './course-view';

describe('a term of a class', () => {
  it('names its weekdays in order', () => {
    expect(weekdaysText([6, 1, 3])).toBe('周一、周三、周六');
    expect(weekdaysText([7])).toBe('周日');
  });

  it('says a date with its weekday', () => {
    expect(dateWithWeekday('2026-12-05')).toBe('2026-12-05（周六）');
    expect(dateWithWeekday('2026-12-06')).toBe('2026-12-06（周日）');
  });

  it('takes every chosen weekday of the weeks × 7 days from the start, as the server does', () => {
    // 2026-12-02 is a Wednesday: a week from it runs to Tuesday the 8th.
    expect(termDates('2026-12-02', 1, [1, 3, 6])).toEqual(['2026-12-02', '2026-12-05', '2026-12-07']);
    expect(termDates('2026-12-02', 2, [3])).toEqual(['2026-12-02', '2026-12-09']);
    // A Sunday start: the whole next week is in its first.
    expect(termDates('2026-11-29', 1, [1, 2, 3, 4, 5, 6, 7])).toHaveLength(7);
  });

  it('crosses months and years', () => {
    expect(termDates('2026-12-28', 2, [5])).toEqual(['2027-01-01', '2027-01-08']);
  });

  it('has no dates without a start, weeks or weekdays, and says what is missing', () => {
    expect(termDates('', 4, [1])).toEqual([]);
    expect(termDates('2026-12-01', 0, [1])).toEqual([]);
    expect(termDates('2026-12-01', 4, [])).toEqual([]);
    expect(termText('2026-12-01', 4, [])).toBe('请选择开班日期、周数与上课星期');
  });

  it('previews how many sessions a term makes and from when to when', () => {
    expect(termText('2026-12-01', 12, [2, 4])).toBe('共 24 节（2026-12-01 至 2027-02-18），闭馆日将跳过');
  });

  it('puts sessions on their dates in time order', () => {
    const days = byDate([
      { useDate: '2026-12-05', beginTime: '14:00', id: 3 },
      { useDate: '2026-12-03', beginTime: '09:00', id: 1 },
      { useDate: '2026-12-05', beginTime: '09:00', id: 2 },
    ]);
    expect(days.map(([date, list]) => [date, list.map((s) => s.id)])).toEqual([
      ['2026-12-03', [1]],
      ['2026-12-05', [2, 3]],
    ]);
  });
});

describe('a course', () => {
  it('says its age range', () => {
    expect(ageRangeText(null, null)).toBe('不限');
    expect(ageRangeText(6, 12)).toBe('6-12岁');
    expect(ageRangeText(6, null)).toBe('6岁以上');
    expect(ageRangeText(null, 12)).toBe('12岁以下');
  });
});

describe('an enrolment', () => {
  const base = { state: 'A' as const, classId: 3, lessonsLeft: 5, orderId: 9 };

  it('names a family member with the member whose archive holds them', () => {
    expect(studentText({ studentName: '张小明', memberName: '张三', familyId: 4 })).toBe('张小明（张三的家庭成员）');
    expect(studentText({ studentName: '张三', memberName: '张三', familyId: null })).toBe('张三');
  });

  it('allows what its state allows', () => {
    expect(enrolmentActions({ ...base, state: 'P' })).toEqual(['pay', 'cancel']);
    expect(enrolmentActions({ ...base, state: 'W', orderId: null })).toEqual(['cancel']);
    expect(enrolmentActions(base)).toEqual(['transfer', 'leave', 'makeUp', 'refund', 'print']);
    // A private package has no class: no transfer, leave or make-up.
    expect(enrolmentActions({ ...base, classId: null })).toEqual(['refund', 'print']);
    // Nothing left: nothing to refund.
    expect(enrolmentActions({ ...base, lessonsLeft: 0 })).toEqual(['transfer', 'leave', 'makeUp', 'print']);
    for (const state of ['T', 'R', 'E', 'C'] as const) expect(enrolmentActions({ ...base, state })).toEqual([]);
  });

  it('says its place on the waiting list', () => {
    expect(enrolmentStateText({ state: 'W', waitingNo: 2 })).toBe('候补第2位');
    expect(enrolmentStateText({ state: 'A', waitingNo: null })).toBe('在读');
    expect(enrolmentStateText({ state: 'R', waitingNo: null })).toBe('已退课');
  });
});

describe('sign-in', () => {
  it('lets only a student not signed, not on leave and not refused be ticked, and says why not', () => {
    expect(signable({ attendance: null, refusal: null })).toBe(true);
    expect(signable({ attendance: 'S', refusal: null })).toBe(false);
    expect(signable({ attendance: null, refusal: '「张小明」课时不足' })).toBe(false);
    expect(rosterStateText({ attendance: 'S', refusal: '「张小明」已签到' })).toBe('已签到');
    expect(rosterStateText({ attendance: 'L', refusal: null })).toBe('请假');
    expect(rosterStateText({ attendance: null, refusal: '「张小明」报名已过期' })).toBe('「张小明」报名已过期');
    expect(rosterStateText({ attendance: null, refusal: null })).toBe('待签到');
  });

  it('signs a selection over several sessions in one call per session', () => {
    expect(signGroups([signKey(7, 1), signKey(8, 2), signKey(7, 3), 'junk'])).toEqual([
      { sessionId: 7, enrolmentIds: [1, 3] },
      { sessionId: 8, enrolmentIds: [2] },
    ]);
    expect(signGroups([])).toEqual([]);
  });

  it('says each student signed with the balance left', () => {
    expect(
      signedText([
        { studentName: '张小明', lessonsLeft: 9 },
        { studentName: '李小红', lessonsLeft: 0 },
      ]),
    ).toBe('签到成功：张小明 剩余9课时、李小红 剩余0课时');
  });
});
