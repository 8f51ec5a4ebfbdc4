import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { id, idNumber, plainString, remarkText, text } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { Msg } from './common/codes.ts';
import { day, hhmm } from './booking-admin.ts';

/**
 * 课程培训's back office (issue 36): coaches (教练: staff or outside, the items they teach, an hourly
 * rate), courses (课程: a group class G or a private package P of N lessons at a price, valid so many
 * days from payment, an age range, its coaches) and classes (班级: a group course run as a term of
 * weekly sessions on a field or room, each session occupying the field in the booking grid as an L
 * occupancy; neither a coach nor a field is ever double-scheduled). Enrolments and sign-in are in
 * course.ts, the figures in course-report.ts.
 */
const P = PERMISSIONS.course;

/** A coach is staff (S, one of the tenant's users) or from outside (O). */
export const COACH_KINDS = ['S', 'O'] as const;
export const COACH_KIND_LABELS: Record<(typeof COACH_KINDS)[number], string> = { S: '本馆教练', O: '外聘教练' };
/** A course is a group class (G, run as classes) or a private package (P, lessons taken one by one with a coach). */
export const CATEGORIES = ['G', 'P'] as const;
export const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = { G: '班课', P: '私教课' };
/** Coaches and courses: A in use, D stopped (kept for the history). */
export const STATES = ['A', 'D'] as const;
export const STATE_LABELS: Record<(typeof STATES)[number], string> = { A: '启用', D: '停用' };
/** A class: A open (its term running), F finished (every session done or cancelled), C cancelled. */
export const CLASS_STATES = ['A', 'F', 'C'] as const;
export const CLASS_STATE_LABELS: Record<(typeof CLASS_STATES)[number], string> = { A: '开班中', F: '已结课', C: '已取消' };
/** A session: A planned, D done (its end passed), C cancelled (its field cells freed). */
export const SESSION_STATES = ['A', 'D', 'C'] as const;
export const SESSION_STATE_LABELS: Record<(typeof SESSION_STATES)[number], string> = { A: '待上课', D: '已上课', C: '已取消' };

export const MAX_WEEKS = 52;
export const MAX_LESSONS = 999;
export const MAX_CAPACITY = 500;
export const MAX_VALID_DAYS = 3650;

/** Every refusal of the back office, in the words the screens show. */
export const COURSE_ADMIN_MSG = {
  coachNotFound: '教练不存在',
  courseNotFound: '课程不存在',
  classNotFound: '班级不存在',
  sessionNotFound: '课节不存在',
  fieldNotFound: '场地不存在',
  coachName: '该场馆已有同名教练',
  courseName: '该场馆已有同名课程',
  className: '该课程已有同名班级',
  userRequired: '本馆教练请选择对应的系统用户',
  userNotFound: '系统用户不存在',
  itemNotOffered: '该场馆未开设此运动项目',
  ageOrder: '最小年龄不能大于最大年龄',
  timeOrder: '结束时间必须晚于开始时间',
  coachStopped: (coach: string) => `教练「${coach}」已停用`,
  courseStopped: (course: string) => `课程「${course}」已停用`,
  privateNoClass: '私教课不开班级，学员直接报名课时包',
  coachNotOfCourse: (coach: string, course: string) => `教练「${coach}」不是课程「${course}」的授课教练`,
  coachNotForItem: (coach: string, item: string) => `教练「${coach}」不教授${item}`,
  fieldNotOfVenue: '场地不属于该课程的场馆',
  fieldStopped: (field: string) => `场地「${field}」已停用`,
  startPast: '开班日期不能早于今天',
  noSessions: '所选日期范围内没有可排的课节（均为闭馆日或已过）',
  /** A coach already teaching then: 「王教练」2026-12-05 09:00-10:30 已有课程「青少年羽毛球初级班」. */
  coachBusy: (coach: string, date: string, begin: string, end: string, className: string) => `「${coach}」${date} ${begin}-${end} 已有课程「${className}」`,
  /** A field already taken by a class then: 「1号场」2026-12-05 09:00-10:30 已有课程「青少年羽毛球初级班」. */
  fieldBusy: (field: string, date: string, begin: string, end: string, className: string) => `「${field}」${date} ${begin}-${end} 已有课程「${className}」`,
  capacityBelow: (enrolled: number) => `班级容量不能小于已报名人数（${enrolled}人）`,
  classClosed: '班级已结课或已取消',
  classHasStudents: '班级还有在读或待支付的学员，请先转班或退课',
  sessionStarted: '课节已开始，不能取消',
  sessionCancelled: '课节已取消',
  rangeOrder: '开始日期不能晚于结束日期',
  rangeTooLong: '查询范围不能超过93天',
} as const;

const coachFields = {
  venueId: idNumber('场馆'),
  coachName: text('教练姓名', 20),
  phone: plainString('联系电话')
    .trim()
    .regex(/^(|1[3-9]\d{9})$/, Msg.mobileInvalid)
    .default(''),
  kind: z.enum(COACH_KINDS, { error: '请选择教练类型' }).default('O'),
  /** A staff coach (S): the user they log in as (their own sign-in screen shows their sessions). */
  userId: idNumber('系统用户').nullable().optional(),
  /** Yuan an hour taught: coach hours × this is the payroll figure. */
  hourlyRate: yuan('课时费（元/小时）'),
  itemIds: z.array(idNumber('运动项目'), { error: '请选择教授项目' }).min(1, '请选择教授项目').max(20, '教授项目不能超过20个'),
  state: z.enum(STATES, { error: '状态只能是启用或停用' }).default('A'),
  remark: remarkText('备注', 200),
};
export const coach = z.object({
  coachId: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  coachName: z.string(),
  /** The coach's own phone (staff data, not a member's). */
  phone: z.string(),
  kind: z.enum(COACH_KINDS),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  hourlyRate: z.number(),
  itemIds: z.array(z.number()),
  itemNames: z.array(z.string()),
  state: z.enum(STATES),
  remark: z.string(),
});
export type Coach = z.infer<typeof coach>;

export const coachQuery = defineCall({
  method: 'GET',
  path: 'course/coach/query',
  summary: '教练列表（当前可见场馆；含停用）',
  access: { anyOf: [P.coach.list, P.course.list, P.class.list, P.check.check, P.report.coachHours] },
  query: z.object({
    venueId: id('场馆').optional(),
    itemId: id('运动项目').optional(),
    state: z.enum(STATES, { error: '状态只能是启用或停用' }).optional(),
    keyword: plainString('关键字').trim().max(20, '关键字不能超过20个字符').optional(),
  }),
  response: z.array(coach),
});
export const coachAdd = defineCall({
  method: 'POST',
  path: 'course/coach/add',
  summary: '新增教练（本馆或外聘、教授项目、课时费）',
  access: { permission: P.coach.add },
  body: z.object(coachFields),
  response: coach,
});
export const coachEdit = defineCall({
  method: 'PUT',
  path: 'course/coach/edit',
  summary: '修改教练',
  access: { permission: P.coach.edit },
  body: z.object({ coachId: idNumber('教练'), ...coachFields }),
  response: coach,
});

// ---- Courses ----
const age = (label: string) =>
  z
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(120, `${label}不能大于120`)
    .nullable()
    .optional();
const courseFields = {
  venueId: idNumber('场馆'),
  itemId: idNumber('运动项目'),
  courseName: text('课程名称', 30),
  category: z.enum(CATEGORIES, { error: '请选择课程类型' }),
  lessons: z.number({ error: '请输入课时数' }).int('课时数必须是整数').min(1, '课时数至少为1').max(MAX_LESSONS, `课时数不能超过${MAX_LESSONS}`),
  /** The whole course (every lesson), yuan. */
  price: yuan('课程价格'),
  /** Days the lessons may be taken, from the payment. */
  validDays: z.number({ error: '请输入有效天数' }).int('有效天数必须是整数').min(1, '有效天数至少为1').max(MAX_VALID_DAYS, `有效天数不能超过${MAX_VALID_DAYS}`),
  /** The students' age range (years, inclusive), checked at enrolment when a birthday is known; null: any. */
  ageMin: age('最小年龄'),
  ageMax: age('最大年龄'),
  /** A lesson's length: a private lesson's coach hours (a class's are its sessions'). */
  lessonMinutes: z
    .number({ error: '请输入每课时分钟数' })
    .int('每课时分钟数必须是整数')
    .min(15, '每课时至少15分钟')
    .max(480, '每课时不能超过480分钟')
    .default(60),
  coachIds: z.array(idNumber('教练'), { error: '请选择授课教练' }).min(1, '请选择授课教练').max(30, '授课教练不能超过30个'),
  state: z.enum(STATES, { error: '状态只能是启用或停用' }).default('A'),
  remark: remarkText('备注', 200),
};
export const course = z.object({
  courseId: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  courseName: z.string(),
  category: z.enum(CATEGORIES),
  lessons: z.number(),
  price: z.number(),
  validDays: z.number(),
  ageMin: z.number().nullable(),
  ageMax: z.number().nullable(),
  lessonMinutes: z.number(),
  coachIds: z.array(z.number()),
  coachNames: z.array(z.string()),
  state: z.enum(STATES),
  remark: z.string(),
  /** Classes open (A), and enrolments active (A) or waiting for payment (P). */
  openClasses: z.number(),
  students: z.number(),
});
export type Course = z.infer<typeof course>;

export const courseQuery = defineCall({
  method: 'GET',
  path: 'course/course/query',
  summary: '课程列表（当前可见场馆；含停用）',
  access: { anyOf: [P.course.list, P.class.list, P.enrolment.list, P.enrolment.add, P.report.lessons] },
  query: z.object({
    venueId: id('场馆').optional(),
    itemId: id('运动项目').optional(),
    category: z.enum(CATEGORIES, { error: '课程类型只能是G或P' }).optional(),
    state: z.enum(STATES, { error: '状态只能是启用或停用' }).optional(),
  }),
  response: z.array(course),
});
export const courseAdd = defineCall({
  method: 'POST',
  path: 'course/course/add',
  summary: '新增课程（班课或私教课：课时数、价格、有效期、年龄范围、授课教练）',
  access: { permission: P.course.add },
  body: z.object(courseFields),
  response: course,
});
export const courseEdit = defineCall({
  method: 'PUT',
  path: 'course/course/edit',
  summary: '修改课程（已报名学员的课时与价格不变）',
  access: { permission: P.course.edit },
  body: z.object({ courseId: idNumber('课程'), ...courseFields }),
  response: course,
});

// ---- Classes and their sessions ----
export const weekdays = z
  .array(z.number({ error: '请选择上课星期' }).int('星期应为1-7').min(1, '星期应为1-7').max(7, '星期应为1-7'), { error: '请选择上课星期' })
  .min(1, '请选择上课星期')
  .max(7, '星期应为1-7');
export const courseClass = z.object({
  classId: z.number(),
  venueId: z.number(),
  courseId: z.number(),
  courseName: z.string(),
  itemId: z.number(),
  className: z.string(),
  coachId: z.number(),
  coachName: z.string(),
  fieldId: z.number(),
  fieldName: z.string(),
  capacity: z.number(),
  /** Seats taken: enrolments active (A) or waiting for their payment (P). */
  enrolled: z.number(),
  /** On the waiting list (W). */
  waiting: z.number(),
  startDate: z.string(),
  /** The last session's date (null: none left). */
  endDate: z.string().nullable(),
  weeks: z.number(),
  /** 1-7, Monday to Sunday. */
  weekdays: z.array(z.number()),
  beginTime: z.string(),
  endTime: z.string(),
  state: z.enum(CLASS_STATES),
  /** Sessions not cancelled, and of them done. */
  sessions: z.number(),
  sessionsDone: z.number(),
  /** The class's occupancy (L) in 场地预订. */
  occupancyOrderId: z.number().nullable(),
});
export type CourseClass = z.infer<typeof courseClass>;

export const classQuery = defineCall({
  method: 'GET',
  path: 'course/class/query',
  summary: '班级列表（当前可见场馆）',
  access: { anyOf: [P.class.list, P.enrolment.list, P.enrolment.add, P.check.check, P.report.attendance] },
  query: z.object({
    venueId: id('场馆').optional(),
    courseId: id('课程').optional(),
    coachId: id('教练').optional(),
    state: z.enum(CLASS_STATES, { error: '班级状态只能是A、F或C' }).optional(),
  }),
  response: z.array(courseClass),
});
export const classAdd = defineCall({
  method: 'POST',
  path: 'course/class/add',
  summary: '新增班级并排课：按星期与时间生成N周课节（跳过闭馆日），占用场地；教练或场地冲突时拒绝并说明冲突',
  access: { permission: P.class.add },
  body: z.object({
    courseId: idNumber('课程'),
    className: text('班级名称', 30),
    coachId: idNumber('教练'),
    fieldId: idNumber('场地'),
    capacity: z.number({ error: '请输入班级容量' }).int('班级容量必须是整数').min(1, '班级容量至少为1').max(MAX_CAPACITY, `班级容量不能超过${MAX_CAPACITY}`),
    startDate: day('开班日期'),
    weeks: z.number({ error: '请输入周数' }).int('周数必须是整数').min(1, '周数至少为1').max(MAX_WEEKS, `周数不能超过${MAX_WEEKS}`),
    weekdays,
    beginTime: hhmm('上课时间'),
    endTime: hhmm('下课时间'),
  }),
  response: courseClass.extend({
    /** Dates of the term skipped: a closure of the venue or the item (its reason). */
    skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
  }),
});
export const classEdit = defineCall({
  method: 'PUT',
  path: 'course/class/edit',
  summary: '修改班级名称与容量（容量不小于已报名人数；增加容量时候补学员依次转为待支付）',
  access: { permission: P.class.edit },
  body: z.object({
    classId: idNumber('班级'),
    className: text('班级名称', 30),
    capacity: z.number({ error: '请输入班级容量' }).int('班级容量必须是整数').min(1, '班级容量至少为1').max(MAX_CAPACITY, `班级容量不能超过${MAX_CAPACITY}`),
  }),
  response: courseClass,
});
export const classCancel = defineCall({
  method: 'POST',
  path: 'course/class/cancel',
  summary: '取消班级：未开始的课节取消并释放场地（须无在读或待支付学员）',
  access: { permission: P.class.edit },
  body: z.object({ classId: idNumber('班级') }),
  response: courseClass,
});

export const session = z.object({
  sessionId: z.number(),
  classId: z.number(),
  className: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  venueId: z.number(),
  coachId: z.number(),
  coachName: z.string(),
  fieldId: z.number(),
  fieldName: z.string(),
  useDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  state: z.enum(SESSION_STATES),
  capacity: z.number(),
  /** Students of the class expected (active enrolments of the class, not on leave), plus make-ups booked in. */
  expected: z.number(),
  signed: z.number(),
  leave: z.number(),
  absent: z.number(),
  makeUp: z.number(),
});
export type Session = z.infer<typeof session>;
export const sessionQuery = defineCall({
  method: 'GET',
  path: 'course/session/query',
  summary: '课节查询：班级的课表、教练的课表、本人（本馆教练）的课表（日期范围最长93天）',
  access: { anyOf: [P.class.list, P.coach.list, P.enrolment.list, P.enrolment.edit, P.check.check] },
  query: z.object({
    venueId: id('场馆').optional(),
    classId: id('班级').optional(),
    coachId: id('教练').optional(),
    beginDate: day('开始日期').optional(),
    endDate: day('结束日期').optional(),
    /** false: cancelled sessions too. */
    liveOnly: z.enum(['true', 'false'], { error: '只能是true或false' }).default('true'),
    /** true: the sessions of the coaches the caller is (a staff coach's own sign-in screen). */
    mine: z.enum(['true', 'false'], { error: '只能是true或false' }).default('false'),
  }),
  response: z.array(session),
});
export const sessionCancel = defineCall({
  method: 'POST',
  path: 'course/session/cancel',
  summary: '取消一节课（未开始）：释放场地时段，不扣课时',
  access: { permission: P.class.edit },
  body: z.object({ sessionId: idNumber('课节'), reason: text('取消原因', 50) }),
  response: session,
});
