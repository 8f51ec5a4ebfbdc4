import type { Enrolment, RosterRow } from '@venue/contract';
import * as course from '@venue/contract/course';
import { addChinaDays } from '@venue/contract/common/china-time';

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'];

/** The weekdays of a term (1 Monday … 7 Sunday), in order: 周一、周三. */
export const weekdaysText = (days: readonly number[]) =>
  [...days]
    .sort((a, b) => a - b)
    .map((d) => `周${WEEKDAY_NAMES[d - 1] ?? '?'}`)
    .join('、');

/** A date's weekday, 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** A date with its weekday: 2026-12-05（周六）. */
export const dateWithWeekday = (date: string) => `${date}（周${WEEKDAY_NAMES[weekdayOf(date) - 1]}）`;

/** A course's age range: 不限, 6-12岁, 6岁以上, 12岁以下. */
export function ageRangeText(min: number | null, max: number | null): string {
  if (min === null && max === null) return '不限';
  if (min !== null && max !== null) return `${min}-${max}岁`;
  return min !== null ? `${min}岁以上` : `${max}岁以下`;
}

/**
 * The dates a term of `weeks` weeks from `startDate` has on `weekdays` (as the server schedules them:
 * every such date of the `weeks` × 7 days from the start), before the venue's closures are skipped.
 */
export function termDates(startDate: string, weeks: number, weekdays: readonly number[]): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || weeks < 1 || !weekdays.length) return [];
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  for (let d = 0; d < weeks * 7; d++) {
    const date = addChinaDays(startDate, d);
    if (wanted.has(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

/** What the new-class dialog says of a term before it is saved: 共 24 节（2026-12-01 至 2027-02-16），闭馆日将跳过. */
export function termText(startDate: string, weeks: number, weekdays: readonly number[]): string {
  const dates = termDates(startDate, weeks, weekdays);
  if (!dates.length) return '请选择开班日期、周数与上课星期';
  return `共 ${dates.length} 节（${dates[0]} 至 ${dates[dates.length - 1]}），闭馆日将跳过`;
}

/** 8/10 课时: what is left of what was bought. */
export const lessonsText = (left: number, total: number) => `${left}/${total} 课时`;

/** Who studies: the member, or 「小明」（张三的家庭成员）. */
export const studentText = (e: Pick<Enrolment, 'studentName' | 'memberName' | 'familyId'>) =>
  e.familyId === null ? e.studentName : `${e.studentName}（${e.memberName}的家庭成员）`;

export type EnrolmentAction = 'pay' | 'cancel' | 'transfer' | 'leave' | 'makeUp' | 'refund' | 'print';

/**
 * What can be done with an enrolment in its state: an unpaid one is paid or cancelled, a waiting one
 * cancelled; an active class enrolment transferred, on leave or made up; an active one with lessons
 * left refunded; an active one's slip printed.
 */
export function enrolmentActions(e: Pick<Enrolment, 'state' | 'classId' | 'lessonsLeft' | 'orderId'>): EnrolmentAction[] {
  if (e.state === 'P') return e.orderId ? ['pay', 'cancel'] : ['cancel'];
  if (e.state === 'W') return ['cancel'];
  if (e.state !== 'A') return [];
  const actions: EnrolmentAction[] = [];
  if (e.classId !== null) actions.push('transfer', 'leave', 'makeUp');
  if (e.lessonsLeft > 0) actions.push('refund');
  actions.push('print');
  return actions;
}

/** An enrolment's state as its tag shows it, with the waiting list's place: 候补第2位. */
export const enrolmentStateText = (e: Pick<Enrolment, 'state' | 'waitingNo'>) =>
  e.state === 'W' && e.waitingNo ? `候补第${e.waitingNo}位` : course.ENROLMENT_STATE_LABELS[e.state];

export const ENROLMENT_STATE_COLORS: Record<Enrolment['state'], string> = {
  P: 'orange',
  A: 'green',
  W: 'blue',
  T: 'default',
  R: 'default',
  E: 'red',
  C: 'default',
};

/** A student of a session can be signed in now: not signed, on leave or refused. */
export const signable = (row: Pick<RosterRow, 'attendance' | 'refusal'>) => row.attendance === null && row.refusal === null;

/** What a roster row says instead of a checkbox: 已签到, 请假, a refusal (课时不足, 已过期), or 待签到. */
export function rosterStateText(row: Pick<RosterRow, 'attendance' | 'refusal'>): string {
  if (row.attendance) return course.ATTENDANCE_STATE_LABELS[row.attendance];
  return row.refusal ?? '待签到';
}

/** A selection across several sessions: one key per student of a session. */
export const signKey = (sessionId: number, enrolmentId: number) => `${sessionId}:${enrolmentId}`;

/** The selection grouped by session, in the order chosen: one sign-in call each. */
export function signGroups(keys: readonly string[]): { sessionId: number; enrolmentIds: number[] }[] {
  const groups = new Map<number, number[]>();
  for (const key of keys) {
    const [sessionId, enrolmentId] = key.split(':').map(Number);
    if (!sessionId || !enrolmentId) continue;
    groups.set(sessionId, [...(groups.get(sessionId) ?? []), enrolmentId]);
  }
  return [...groups].map(([sessionId, enrolmentIds]) => ({ sessionId, enrolmentIds }));
}

/** What a sign-in answers, said in one line: 签到成功：张小明 剩余9课时、李小红 剩余3课时. */
export const signedText = (signed: readonly { studentName: string; lessonsLeft: number }[]) =>
  `签到成功：${signed.map((s) => `${s.studentName} 剩余${s.lessonsLeft}课时`).join('、')}`;

/** Sessions by their date, the dates in order: a class's calendar. */
export function byDate<T extends { useDate: string; beginTime: string }>(sessions: readonly T[]): [string, T[]][] {
  const days = new Map<string, T[]>();
  for (const s of [...sessions].sort((a, b) => (a.useDate + a.beginTime).localeCompare(b.useDate + b.beginTime)))
    days.set(s.useDate, [...(days.get(s.useDate) ?? []), s]);
  return [...days];
}
