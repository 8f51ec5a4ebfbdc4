import type { Call } from '@venue/contract';
import * as course from '@venue/contract/course';
import * as courseAdmin from '@venue/contract/course-admin';
import * as courseReport from '@venue/contract/course-report';

/** What an enrolment, its payment, transfer, cancel or refund changes: the lists, seats, balances, the ledger and the figures. */
export const ENROLMENT_CHANGES: readonly Call[] = [
  course.enrolmentQuery,
  course.enrolmentGet,
  course.refundPreview,
  course.ledgerQuery,
  course.classAttendance,
  course.roster,
  course.lookup,
  courseAdmin.classQuery,
  courseAdmin.courseQuery,
  courseAdmin.sessionQuery,
  courseReport.lessons,
];
