import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { id, plainString } from './common/fields.ts';
import { day } from './booking-admin.ts';
import { CATEGORIES, COACH_KINDS, SESSION_STATES } from './course-admin.ts';

/**
 * 课程培训's figures (issue 36): coach hours for payroll by month (sessions done × their hours, private
 * lessons × the course's lesson length, × the coach's hourly rate), lessons sold, taken and
 * outstanding (owed, like stored value) by course, attendance by class, each with its .xlsx; and the
 * /courseData board's figures.
 */
const P = PERMISSIONS.course.report;
/** The longest date range of the lessons and attendance reports. */
export const MAX_REPORT_DAYS = 366;
export const REPORT_MSG = {
  order: '开始日期不能晚于结束日期',
  tooLong: `统计范围不能超过${MAX_REPORT_DAYS}天`,
  month: '月份格式应为yyyy-MM',
} as const;
const month = plainString('月份', { error: '请选择月份' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, REPORT_MSG.month);

// ---- 教练课时 ----
const coachHoursQuery = z.object({ venueId: id('场馆').optional(), month });
export const coachHoursRow = z.object({
  coachId: z.number(),
  coachName: z.string(),
  kind: z.enum(COACH_KINDS),
  /** Class sessions done in the month (their end passed, not cancelled) and their hours. */
  sessions: z.number(),
  sessionHours: z.number(),
  /** Private lessons signed in the month and their hours. */
  privateLessons: z.number(),
  privateHours: z.number(),
  hours: z.number(),
  /** Yuan an hour, and hours × rate (yuan, two decimals). */
  hourlyRate: z.number(),
  pay: z.number(),
});
export type CoachHoursRow = z.infer<typeof coachHoursRow>;
export const coachHours = defineCall({
  method: 'GET',
  path: 'course/report/coachHours',
  summary: '教练课时（按月：已上课节与私教课时 × 课时费）',
  access: { permission: P.coachHours },
  query: coachHoursQuery,
  response: z.object({ month: z.string(), rows: z.array(coachHoursRow), totalHours: z.number(), totalPay: z.number() }),
});
export const exportCoachHours = defineDownload({
  method: 'GET',
  path: 'course/report/exportCoachHours',
  summary: '导出教练课时（.xlsx）',
  access: { permission: P.coachHours },
  query: coachHoursQuery,
  fileName: '教练课时.xlsx',
});

// ---- 课时统计 ----
const rangeQuery = z.object({ venueId: id('场馆').optional(), beginDate: day('开始日期'), endDate: day('结束日期') });
export const lessonsRow = z.object({
  courseId: z.number(),
  courseName: z.string(),
  category: z.enum(CATEGORIES),
  itemName: z.string(),
  /** Enrolments paid in the range. */
  enrolments: z.number(),
  /** Lessons bought in the range (BUY), and their money (yuan, what was paid). */
  sold: z.number(),
  soldAmount: z.number(),
  /** Lessons taken in the range (signed in, made up, private lessons). */
  taken: z.number(),
  /** Lessons refunded in the range. */
  refunded: z.number(),
  /** Lessons owed now: the balance of active enrolments, and their paid value (yuan: paid × left ÷ bought). */
  outstanding: z.number(),
  outstandingAmount: z.number(),
});
export type LessonsRow = z.infer<typeof lessonsRow>;
export const lessons = defineCall({
  method: 'GET',
  path: 'course/report/lessons',
  summary: '课时统计（按课程：售出、消课、退课、未消课时及其金额）',
  access: { permission: P.lessons },
  query: rangeQuery,
  response: z.object({ rows: z.array(lessonsRow), total: lessonsRow.omit({ courseId: true, courseName: true, category: true, itemName: true }) }),
});
export const exportLessons = defineDownload({
  method: 'GET',
  path: 'course/report/exportLessons',
  summary: '导出课时统计（.xlsx）',
  access: { permission: P.lessons },
  query: rangeQuery,
  fileName: '课时统计.xlsx',
});

// ---- 出勤统计 ----
const attendanceQuery = rangeQuery.extend({ courseId: id('课程').optional() });
export const attendanceRow = z.object({
  classId: z.number(),
  className: z.string(),
  courseName: z.string(),
  coachName: z.string(),
  /** Sessions done in the range. */
  sessions: z.number(),
  /** Student-sessions expected: signed, on leave and absent. */
  expected: z.number(),
  signed: z.number(),
  leave: z.number(),
  absent: z.number(),
  /** Students of other classes made up in its sessions. */
  makeUp: z.number(),
  /** signed ÷ expected in percent, one decimal (0 when none expected). */
  rate: z.number(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;
export const attendance = defineCall({
  method: 'GET',
  path: 'course/report/attendance',
  summary: '出勤统计（按班级：签到、请假、缺勤、补课、出勤率）',
  access: { permission: P.attendance },
  query: attendanceQuery,
  response: z.object({ rows: z.array(attendanceRow) }),
});
export const exportAttendance = defineDownload({
  method: 'GET',
  path: 'course/report/exportAttendance',
  summary: '导出出勤统计（.xlsx）',
  access: { permission: P.attendance },
  query: attendanceQuery,
  fileName: '出勤统计.xlsx',
});

// ---- The /courseData board ----
/** A session of today on the board (no student names: the board may be public). */
export const boardSession = z.object({
  sessionId: z.number(),
  beginTime: z.string(),
  endTime: z.string(),
  className: z.string(),
  courseName: z.string(),
  coachName: z.string(),
  fieldName: z.string(),
  state: z.enum(SESSION_STATES),
  /** Signed in (and made up) so far, of the class's students expected. */
  signed: z.number(),
  enrolled: z.number(),
});
export const board = z.object({
  date: z.string(),
  month: z.string(),
  sessions: z.array(boardSession),
  /** Today: signed ÷ expected of the sessions begun (percent, one decimal); this month: of the sessions done. */
  attendanceToday: z.number(),
  attendanceMonth: z.number(),
  /** Coach hours this month (sessions done and private lessons), most first. */
  coachHours: z.array(z.object({ coachName: z.string(), hours: z.number() })),
  /** This month: lessons sold (bought) and taken. */
  lessonsSold: z.number(),
  lessonsTaken: z.number(),
  /** Lessons owed now (active balances). */
  lessonsOutstanding: z.number(),
  /** Active enrolments by course, most first. */
  byCourse: z.array(z.object({ courseName: z.string(), enrolments: z.number() })),
});
export type Board = z.infer<typeof board>;
export const boardQuery = defineCall({
  method: 'GET',
  path: 'course/board',
  summary: '看板 /courseData：今日课节、出勤率、本月教练课时、售出与消课课时、各课程在读人数',
  access: { anyOf: [PERMISSIONS.board.view, PERMISSIONS.course.class.list], board: true },
  query: z.object({ venueId: id('场馆').optional() }),
  response: board,
});
