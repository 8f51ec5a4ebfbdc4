import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, remarkText } from './common/fields.ts';
import { day } from './booking-admin.ts';
import { CATEGORIES, SESSION_STATES } from './course-admin.ts';
import { orderRefund, REFUND_OTHER_MODES, REFUND_ROUTES, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/**
 * 课程培训's desk (issue 36): enrolments (报名) of a member or a family member (a child on a parent's
 * archive) into a class or a private package, sold through the shared checkout (收款, member cards of
 * a type covering the course's item), a waiting list when a class is full, transfers between classes
 * of a course, leave (请假) before a session and make-up (补课) in another class's session, refunds of
 * unused lessons, sign-in (签到/消课: 快速核销 › 课程培训 by card or QR code, a coach's screen by picking
 * students), and the lesson ledger (课时流水).
 */
const P = PERMISSIONS.course;

/** pay_record.order_type of course orders (also the print config's typeId). */
export const COURSE_ORDER_TYPE = 'COURSE';
/**
 * An enrolment: P waiting for its payment (holds its seat), A active, W on the waiting list (no seat,
 * no order yet), T transferred out (its lessons moved to another class), R refunded, E expired, C
 * cancelled (an unpaid one closed, or taken off the waiting list).
 */
export const ENROLMENT_STATES = ['P', 'A', 'W', 'T', 'R', 'E', 'C'] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];
export const ENROLMENT_STATE_LABELS: Record<EnrolmentState, string> = {
  P: '待支付',
  A: '在读',
  W: '候补',
  T: '已转出',
  R: '已退课',
  E: '已过期',
  C: '已取消',
};
/** A student's attendance of a session: S signed (消课), L on leave (请假), A absent, M made up here from another class. */
export const ATTENDANCE_STATES = ['S', 'L', 'A', 'M'] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];
export const ATTENDANCE_STATE_LABELS: Record<AttendanceState, string> = { S: '已签到', L: '请假', A: '缺勤', M: '补课' };
/** The lesson ledger's kinds, like the card ledger's. */
export const LEDGER_KINDS = ['BUY', 'TAKE', 'LEAVE_BACK', 'TRANSFER_OUT', 'TRANSFER_IN', 'REFUND', 'ADJUST'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  BUY: '购买',
  TAKE: '消课',
  LEAVE_BACK: '请假退回',
  TRANSFER_OUT: '转出',
  TRANSFER_IN: '转入',
  REFUND: '退课',
  ADJUST: '调整',
};
/** Sign-in opens this many minutes before a session starts and stays open until the end of its day. */
export const SIGN_EARLY_MINUTES = 30;
/** The most students signed in at once. */
export const MAX_SIGN = 100;

/** What a student is called in every refusal: 「张小明」. */
export const studentName = (name: string) => `「${name}」`;
export const COURSE_MSG = {
  enrolmentNotFound: '报名记录不存在',
  notFound: '未查询到课程报名信息',
  orderNotFound: '课程订单不存在',
  memberNotFound: '会员不存在',
  familyNotFound: '家庭成员不属于该会员',
  classRequired: '班课请选择班级',
  classNotOfCourse: '班级不属于该课程',
  classClosed: '班级已结课或已取消',
  tooYoung: (name: string, age: number, min: number) => `${studentName(name)}${age}岁，低于课程最小年龄${min}岁`,
  tooOld: (name: string, age: number, max: number) => `${studentName(name)}${age}岁，超过课程最大年龄${max}岁`,
  already: (name: string) => `${studentName(name)}已报名该班级`,
  unpaid: '报名未支付，不能签到',
  notActive: (name: string, state: string) => `${studentName(name)}报名状态为${state}，不能操作`,
  /** Sign-in refusals (spec: 已签到, 课时不足, 已过期). */
  signed: (name: string) => `${studentName(name)}已签到`,
  noLessons: (name: string) => `${studentName(name)}课时不足`,
  expired: (name: string) => `${studentName(name)}报名已过期`,
  onLeave: (name: string) => `${studentName(name)}本节已请假`,
  notInSession: (name: string) => `${studentName(name)}不是本节课的学员`,
  sessionCancelled: '课节已取消',
  notYet: (at: string) => `未到签到时间（${at}起可签到）`,
  sessionOver: '课节已过签到时间',
  chooseStudents: '请选择要签到的学员',
  noSessionToday: '今天没有可签到的课节',
  manySessions: '今天有多节课可签到，请选择课节',
  /** Leave and make-up. */
  leaveStarted: '课节已开始，不能请假',
  leaveTwice: (name: string) => `${studentName(name)}本节已请假或已签到`,
  makeUpSameClass: '补课请选择其他班级的课节',
  makeUpOtherCourse: '只能在同一课程的其他班级补课',
  makeUpFull: '该课节没有空余名额',
  makeUpTwice: (name: string) => `${studentName(name)}已在该课节补课`,
  /** Transfers. */
  transferSameClass: '请选择其他班级',
  transferOtherCourse: '只能转入同一课程的其他班级',
  transferFull: '目标班级已满',
  transferPrivate: '私教课没有班级，不能转班',
  /** Refunds of unused lessons. */
  refundNothing: '没有可退的课时',
  refundNotPaid: '报名未支付，请取消报名',
  refundExpired: '报名已过期，不能退课',
  lessonsMoved: '课时已变动，请刷新后重试',
  cancelPaid: '已支付的报名请使用退课',
  cardNotForItem: '该会员卡不适用于该课程的项目',
} as const;

export const enrolment = z.object({
  enrolmentId: z.number(),
  /** The enrolment's QR code: 快速核销 signs it in by this. */
  code: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  courseId: z.number(),
  courseName: z.string(),
  category: z.enum(CATEGORIES),
  itemId: z.number(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  memberId: z.number(),
  memberName: z.string(),
  /** The member's phone (masked without 查看完整手机号). */
  phone: z.string(),
  /** The family member (a child on the member's archive) who studies; null: the member. */
  familyId: z.number().nullable(),
  studentName: z.string(),
  studentBirthday: z.string().nullable(),
  /** Its course order (null on the waiting list). */
  orderId: z.number().nullable(),
  payState: z.string().nullable(),
  /** The course's price and what the order was paid (yuan). */
  price: z.number(),
  paid: z.number(),
  lessonsTotal: z.number(),
  lessonsLeft: z.number(),
  /** The last day the lessons may be taken (set by the payment); null while unpaid. */
  validUntil: z.string().nullable(),
  state: z.enum(ENROLMENT_STATES),
  /** On the waiting list: its place (1 first); else null. */
  waitingNo: z.number().nullable(),
  /** Transferred in: the enrolment it came from. */
  fromEnrolmentId: z.number().nullable(),
  remark: z.string(),
  createName: z.string(),
  createTime: z.string(),
});
export type Enrolment = z.infer<typeof enrolment>;

export const enrolmentQuery = defineCall({
  method: 'GET',
  path: 'course/enrolment/query',
  summary: '报名查询（当前可见场馆；会员、学员、班级、状态）',
  access: { anyOf: [P.enrolment.list, P.enrolment.add, P.enrolment.refund] },
  personal: true,
  query: listQuery.extend({
    venueId: id('场馆').optional(),
    courseId: id('课程').optional(),
    classId: id('班级').optional(),
    memberId: id('会员').optional(),
    state: z.enum(ENROLMENT_STATES, { error: '报名状态不存在' }).optional(),
    /** The student's or the member's name, or the member's phone. */
    keyword: plainString('关键字').trim().max(20, '关键字不能超过20个字符').optional(),
  }),
  response: pageOf(enrolment),
});
export const enrolmentGet = defineCall({
  method: 'GET',
  path: 'course/enrolment/get',
  summary: '按二维码或报名号查询课程报名',
  access: { anyOf: [P.enrolment.list, P.enrolment.add, P.check.check] },
  personal: true,
  query: z.object({ code: plainString('报名号').trim().min(1, COURSE_MSG.notFound).max(64, COURSE_MSG.notFound) }),
  response: enrolment,
});
export const enrol = defineCall({
  method: 'POST',
  path: 'course/enrolment/add',
  summary: '报名：会员本人或其家庭成员报名班级或私教课时包；班级满员时进入候补；生成待支付的课程订单',
  access: { permission: P.enrolment.add },
  personal: true,
  body: z.object({
    courseId: idNumber('课程'),
    /** A group course's class; none for a private package. */
    classId: idNumber('班级').nullable().optional(),
    memberId: idNumber('会员'),
    /** A family member on the member's archive (a child); none: the member. */
    familyId: idNumber('家庭成员').nullable().optional(),
    /** The student's birthday when the archive has none (a child): the course's age range is checked against it. */
    studentBirthday: day('学员生日').nullable().optional(),
    remark: remarkText('备注', 100),
  }),
  response: enrolment,
});
export const cancel = defineCall({
  method: 'POST',
  path: 'course/enrolment/cancel',
  summary: '取消未支付的报名或候补（关闭课程订单，空出的名额依次给候补学员）',
  access: { permission: P.enrolment.edit },
  personal: true,
  body: z.object({ enrolmentId: idNumber('报名') }),
  response: enrolment,
});

export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'course/order/queryOrderForPay',
  summary: '课程订单应付',
  access: { permission: P.enrolment.add },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'course/order/payOrder',
  summary: '课程订单收款（各收款方式；储值卡须适用课程项目；支付后报名生效）',
  access: { permission: P.enrolment.add },
  body: payRequest,
  response: payResult,
});

export const transfer = defineCall({
  method: 'POST',
  path: 'course/enrolment/transfer',
  summary: '转班：剩余课时转入同一课程的其他班级（课时流水记转出、转入）',
  access: { permission: P.enrolment.edit },
  personal: true,
  body: z.object({ enrolmentId: idNumber('报名'), classId: idNumber('班级'), remark: remarkText('备注', 100) }),
  response: z.object({ from: enrolment, to: enrolment }),
});

export const attendance = z.object({
  attendanceId: z.number(),
  sessionId: z.number(),
  enrolmentId: z.number(),
  studentName: z.string(),
  state: z.enum(ATTENDANCE_STATES),
  /** The lesson balance after it (a sign-in takes one). */
  lessonsLeft: z.number(),
  time: z.string(),
});
export const leave = defineCall({
  method: 'POST',
  path: 'course/enrolment/leave',
  summary: '请假：课节开始前登记，不扣课时',
  access: { anyOf: [P.enrolment.edit, P.check.check] },
  body: z.object({ enrolmentId: idNumber('报名'), sessionId: idNumber('课节'), remark: remarkText('备注', 100) }),
  response: attendance,
});
export const makeUp = defineCall({
  method: 'POST',
  path: 'course/enrolment/makeUp',
  summary: '补课：在同一课程其他班级有空余名额的课节签到，扣一课时',
  access: { anyOf: [P.enrolment.edit, P.check.check] },
  body: z.object({ enrolmentId: idNumber('报名'), sessionId: idNumber('课节') }),
  response: attendance,
});

export const refundPreview = defineCall({
  method: 'GET',
  path: 'course/enrolment/refundPreview',
  summary: '退课预览：已付金额 × 剩余课时 ÷ 总课时（取整到分）',
  access: { anyOf: [P.enrolment.refund, P.enrolment.list] },
  query: z.object({ enrolmentId: id('报名') }),
  response: z.object({
    enrolmentId: z.number(),
    lessonsTotal: z.number(),
    lessonsLeft: z.number(),
    /** What its order line was paid, and what refunding the unused lessons now gives back (yuan). */
    paid: z.number(),
    refund: z.number(),
    refundable: z.boolean(),
    reason: z.string().nullable(),
  }),
});
export const refund = defineCall({
  method: 'POST',
  path: 'course/enrolment/refund',
  summary: '退课：按已付金额 × 剩余课时 ÷ 总课时退款（原路或其他方式），报名变为已退课',
  access: { permission: P.enrolment.refund },
  personal: true,
  body: z.object({
    enrolmentId: idNumber('报名'),
    route: z.enum(REFUND_ROUTES, { error: '请选择退款方式' }).default('T'),
    payMode: z.enum(REFUND_OTHER_MODES, { error: '请选择退款方式' }).optional(),
    reason: plainString('退课原因').trim().max(100, '退课原因不能超过100个字符').default(''),
    requestId: refundRequest.shape.requestId,
  }),
  response: z.object({ enrolment, lessons: z.number(), refund: orderRefund }),
});

// ---- Sign-in (签到 / 消课) ----
/** A student of a session as the sign-in screens show them. */
export const rosterRow = z.object({
  enrolmentId: z.number(),
  code: z.string(),
  studentName: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  phone: z.string(),
  lessonsLeft: z.number(),
  validUntil: z.string().nullable(),
  /** The enrolment's class; a make-up's is another class. */
  classId: z.number().nullable(),
  /** Its attendance of this session, or null (not signed yet). */
  attendance: z.enum(ATTENDANCE_STATES).nullable(),
  /** Why it cannot be signed in now (已签到, 课时不足, 已过期, 请假), or null. */
  refusal: z.string().nullable(),
});
export type RosterRow = z.infer<typeof rosterRow>;
export const roster = defineCall({
  method: 'GET',
  path: 'course/session/roster',
  summary: '课节学员名单与签到状态（教练签到、出勤）',
  access: { anyOf: [P.check.check, P.class.list, P.enrolment.list] },
  personal: true,
  query: z.object({ sessionId: id('课节') }),
  response: z.object({
    sessionId: z.number(),
    className: z.string(),
    courseName: z.string(),
    coachName: z.string(),
    fieldName: z.string(),
    useDate: z.string(),
    beginTime: z.string(),
    endTime: z.string(),
    state: z.enum(SESSION_STATES),
    students: z.array(rosterRow),
  }),
});
/** A session of today as a scan shows it: the member's enrolments in it. */
export const lookupSession = z.object({
  sessionId: z.number(),
  classId: z.number(),
  className: z.string(),
  courseName: z.string(),
  coachName: z.string(),
  fieldName: z.string(),
  useDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  students: z.array(rosterRow),
});
export const lookup = defineCall({
  method: 'GET',
  path: 'course/check/lookup',
  summary: '快速核销 › 课程培训：扫会员卡号或报名二维码，查看该会员今天的课节与课时',
  access: { permission: P.check.check },
  personal: true,
  query: z.object({ code: plainString('卡号或二维码').trim().min(1, COURSE_MSG.notFound).max(64, COURSE_MSG.notFound) }),
  response: z.object({
    memberId: z.number(),
    memberName: z.string(),
    phone: z.string(),
    /** Today's sessions of the member's active enrolments (by a QR code: that enrolment's). */
    sessions: z.array(lookupSession),
    /** The member's private packages (no sessions): signed in without one. */
    packages: z.array(rosterRow),
  }),
});
const signed = z.object({
  sessionId: z.number().nullable(),
  signed: z.array(z.object({ enrolmentId: z.number(), studentName: z.string(), lessonsLeft: z.number(), ledgerId: z.number() })),
});
export const check = defineCall({
  method: 'POST',
  path: 'course/check/sign',
  summary: '签到消课：一节课的一名或多名学员一起签到（每人一条消课流水；已签到、课时不足、已过期拒绝）',
  access: { permission: P.check.check },
  body: z.object({
    sessionId: idNumber('课节'),
    enrolmentIds: z
      .array(idNumber('报名'), { error: COURSE_MSG.chooseStudents })
      .min(1, COURSE_MSG.chooseStudents)
      .max(MAX_SIGN, `一次最多签到${MAX_SIGN}名学员`),
  }),
  response: signed,
});
export const checkCode = defineCall({
  method: 'POST',
  path: 'course/check/signByCode',
  summary: '按会员卡号或报名二维码签到：该会员（或该报名）今天可签到课节的学员一起签到',
  access: { permission: P.check.check },
  body: z.object({
    code: plainString('卡号或二维码').trim().min(1, COURSE_MSG.notFound).max(64, COURSE_MSG.notFound),
    /** The session, when the member has several today. */
    sessionId: idNumber('课节').optional(),
  }),
  response: signed,
});
export const checkPrivate = defineCall({
  method: 'POST',
  path: 'course/check/signPrivate',
  summary: '私教课消课：私教课时包上一节课（记授课教练，扣一课时）',
  access: { permission: P.check.check },
  body: z.object({ enrolmentId: idNumber('报名'), coachId: idNumber('教练'), remark: remarkText('备注', 100) }),
  response: signed,
});

// ---- The class's attendance grid and the ledger ----
export const classAttendance = defineCall({
  method: 'GET',
  path: 'course/class/attendance',
  summary: '班级出勤表：每节课每名学员的签到、请假、缺勤、补课',
  access: { anyOf: [P.class.list, P.enrolment.list, P.report.attendance] },
  query: z.object({ classId: id('班级') }),
  response: z.object({
    classId: z.number(),
    sessions: z.array(z.object({ sessionId: z.number(), useDate: z.string(), beginTime: z.string(), state: z.enum(SESSION_STATES) })),
    students: z.array(
      z.object({
        enrolmentId: z.number(),
        studentName: z.string(),
        state: z.enum(ENROLMENT_STATES),
        lessonsLeft: z.number(),
        /** By session id: its attendance, or null. */
        marks: z.record(z.string(), z.enum(ATTENDANCE_STATES).nullable()),
      }),
    ),
  }),
});

export const ledgerRow = z.object({
  ledgerId: z.number(),
  enrolmentId: z.number(),
  venueId: z.number(),
  courseName: z.string(),
  className: z.string().nullable(),
  studentName: z.string(),
  memberName: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: + bought or given back, - taken or moved out. */
  lessons: z.number(),
  balanceAfter: z.number(),
  sessionId: z.number().nullable(),
  /** A session's date and time, or null. */
  sessionText: z.string().nullable(),
  orderId: z.number().nullable(),
  coachName: z.string().nullable(),
  createName: z.string(),
  remark: z.string(),
  createTime: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerQuery = defineCall({
  method: 'GET',
  path: 'course/ledger/query',
  summary: '课时流水（购买、消课、转班、退课；当前可见场馆）',
  access: { anyOf: [P.ledger.list, P.enrolment.list] },
  query: listQuery.extend({
    venueId: id('场馆').optional(),
    enrolmentId: id('报名').optional(),
    courseId: id('课程').optional(),
    kind: z.enum(LEDGER_KINDS, { error: '流水类型不存在' }).optional(),
    beginDate: day('开始日期').optional(),
    endDate: day('结束日期').optional(),
    keyword: plainString('关键字').trim().max(20, '关键字不能超过20个字符').optional(),
  }),
  response: pageOf(ledgerRow),
});
