import type { FastifyInstance } from 'fastify';
import { course, courseAdmin, courseReport } from '@venue/contract';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { CourseAdminService } from './course-admin.service.ts';
import type { CourseClassService } from './course-class.service.ts';
import type { CourseEnrolService } from './course-enrol.service.ts';
import type { CourseKind } from './course-payable.ts';
import type { CourseReportService } from './course-report.service.ts';
import type { CourseSignService } from './course-sign.service.ts';
import type { CourseLedgerService } from './course-ledger.service.ts';

export interface CourseServices {
  admin: CourseAdminService;
  classes: CourseClassService;
  enrolments: CourseEnrolService;
  sign: CourseSignService;
  ledger: CourseLedgerService;
  reports: CourseReportService;
  kind: CourseKind;
  checkout: CheckoutServices;
}

const once = <Row>(rows: Row[]) =>
  (async function* () {
    yield rows;
  })();

const COACH_HOURS: XlsxColumn<courseReport.CoachHoursRow>[] = [
  ['教练', 12, (r) => r.coachName],
  ['类型', 10, (r) => courseAdmin.COACH_KIND_LABELS[r.kind]],
  ['课节数', 8, (r) => r.sessions],
  ['课节小时', 10, (r) => r.sessionHours],
  ['私教课时', 10, (r) => r.privateLessons],
  ['私教小时', 10, (r) => r.privateHours],
  ['合计小时', 10, (r) => r.hours],
  ['课时费（元/小时）', 16, (r) => r.hourlyRate],
  ['应发课时费（元）', 16, (r) => r.pay],
];
const LESSONS: XlsxColumn<courseReport.LessonsRow>[] = [
  ['课程', 18, (r) => r.courseName],
  ['类型', 8, (r) => courseAdmin.CATEGORY_LABELS[r.category]],
  ['项目', 10, (r) => r.itemName],
  ['报名数', 8, (r) => r.enrolments],
  ['售出课时', 10, (r) => r.sold],
  ['售出金额（元）', 14, (r) => r.soldAmount],
  ['消课课时', 10, (r) => r.taken],
  ['退课课时', 10, (r) => r.refunded],
  ['未消课时', 10, (r) => r.outstanding],
  ['未消课时金额（元）', 18, (r) => r.outstandingAmount],
];
const ATTENDANCE: XlsxColumn<courseReport.AttendanceRow>[] = [
  ['班级', 18, (r) => r.className],
  ['课程', 18, (r) => r.courseName],
  ['教练', 10, (r) => r.coachName],
  ['课节数', 8, (r) => r.sessions],
  ['应到人次', 10, (r) => r.expected],
  ['签到', 8, (r) => r.signed],
  ['请假', 8, (r) => r.leave],
  ['缺勤', 8, (r) => r.absent],
  ['补课', 8, (r) => r.makeUp],
  ['出勤率（%）', 12, (r) => r.rate],
];

export function courseRoutes(app: FastifyInstance, guard: Guard, s: CourseServices): void {
  route(app, guard, courseAdmin.coachQuery, ({ session, query }) => s.admin.coaches(session, query));
  route(app, guard, courseAdmin.coachAdd, ({ session, body }) => s.admin.saveCoach(session, null, body));
  route(app, guard, courseAdmin.coachEdit, ({ session, body }) => s.admin.saveCoach(session, body.coachId, body));
  route(app, guard, courseAdmin.courseQuery, ({ session, query }) => s.admin.courses(session, query));
  route(app, guard, courseAdmin.courseAdd, ({ session, body }) => s.admin.saveCourse(session, null, body));
  route(app, guard, courseAdmin.courseEdit, ({ session, body }) => s.admin.saveCourse(session, body.courseId, body));
  route(app, guard, courseAdmin.classQuery, ({ session, query }) => s.classes.classes(session, query));
  route(app, guard, courseAdmin.classAdd, ({ session, body }) => s.classes.add(session, body));
  route(app, guard, courseAdmin.classEdit, ({ session, body }) => s.classes.edit(session, body));
  route(app, guard, courseAdmin.classCancel, ({ session, body }) => s.classes.cancel(session, body.classId));
  route(app, guard, courseAdmin.sessionQuery, ({ session, query }) => s.classes.sessions(session, query));
  route(app, guard, courseAdmin.sessionCancel, ({ session, body }) => s.classes.cancelSession(session, body.sessionId, body.reason));

  route(app, guard, course.enrolmentQuery, ({ session, query }) => s.enrolments.page(session, query));
  route(app, guard, course.enrolmentGet, ({ session, query }) => s.enrolments.get(session, query.code));
  route(app, guard, course.enrol, ({ session, body }) => s.enrolments.enrol(session, body));
  route(app, guard, course.cancel, ({ session, body }) => s.enrolments.cancel(session, body.enrolmentId));
  route(app, guard, course.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, course.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, course.transfer, ({ session, body }) => s.enrolments.transfer(session, body));
  route(app, guard, course.leave, ({ session, body }) => s.enrolments.leave(session, body));
  route(app, guard, course.makeUp, ({ session, body }) => s.enrolments.makeUp(session, body));
  route(app, guard, course.refundPreview, ({ session, query }) => s.enrolments.refundPreview(session, query.enrolmentId));
  route(app, guard, course.refund, ({ session, body }) => s.enrolments.refund(session, body));

  route(app, guard, course.roster, ({ session, query }) => s.sign.roster(session, query.sessionId));
  route(app, guard, course.lookup, ({ session, query }) => s.sign.lookup(session, query.code));
  route(app, guard, course.check, ({ session, body }) => s.sign.sign(session, body.sessionId, body.enrolmentIds));
  route(app, guard, course.checkCode, ({ session, body }) => s.sign.signByCode(session, body.code, body.sessionId));
  route(app, guard, course.checkPrivate, ({ session, body }) => s.sign.signPrivate(session, body.enrolmentId, body.coachId, body.remark ?? ''));
  route(app, guard, course.classAttendance, ({ session, query }) => s.classes.attendance(session, query.classId));
  route(app, guard, course.ledgerQuery, ({ session, query }) => s.ledger.page(session, query));

  route(app, guard, courseReport.coachHours, ({ session, query }) => s.reports.coachHours(session, query));
  fileRoute(app, guard, courseReport.exportCoachHours, async ({ session, query }) =>
    streamXlsx('教练课时', COACH_HOURS, once((await s.reports.coachHours(session, query)).rows)),
  );
  route(app, guard, courseReport.lessons, ({ session, query }) => s.reports.lessons(session, query));
  fileRoute(app, guard, courseReport.exportLessons, async ({ session, query }) =>
    streamXlsx('课时统计', LESSONS, once((await s.reports.lessons(session, query)).rows)),
  );
  route(app, guard, courseReport.attendance, ({ session, query }) => s.reports.attendance(session, query));
  fileRoute(app, guard, courseReport.exportAttendance, async ({ session, query }) =>
    streamXlsx('出勤统计', ATTENDANCE, once((await s.reports.attendance(session, query)).rows)),
  );
  route(app, guard, courseReport.boardQuery, ({ session, query }) => s.reports.board(session, query));
}
