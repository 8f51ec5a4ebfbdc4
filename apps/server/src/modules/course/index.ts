import type { AuditService } from '../audit/index.ts';
import type { BookingServices, BookingOccupancy } from '../booking/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import { defineModule } from '../module.ts';
import { CourseAdminRepository } from './course-admin.repository.ts';
import { CourseAdminService } from './course-admin.service.ts';
import { CourseClassService } from './course-class.service.ts';
import { CourseEnrolService } from './course-enrol.service.ts';
import { CourseLedgerService } from './course-ledger.service.ts';
import { COURSE_MENUS, COURSE_REPORT_MENUS } from './course.menus.ts';
import { courseKind } from './course-payable.ts';
import { CourseReportService } from './course-report.service.ts';
import { CourseSeats } from './course-seats.ts';
import { CourseSignService } from './course-sign.service.ts';
import { CourseRepository } from './course.repository.ts';
import { courseRoutes, type CourseServices } from './course.routes.ts';

export type { CourseServices };

/**
 * 课程培训 (issue 36): coaches, courses and classes (a term of sessions occupying their field in the
 * booking grid), enrolments of members and their children with a waiting list, sold and refunded
 * (unused lessons) through the checkout, transfers, leave and make-up, sign-in by card, QR code or
 * roster with its lesson ledger, the absence job, the course reports and the /courseData board.
 */
export const courseModule = defineModule({
  key: 'courses',
  services: (
    { db, clock },
    { checkout, audit, booking }: { checkout: CheckoutServices; audit: AuditService; booking: BookingServices & { occupancy: BookingOccupancy } },
  ): CourseServices & { absences: CourseSignService['markAbsences'] } => {
    const admin = new CourseAdminRepository(db.kysely);
    const repo = new CourseRepository(db.kysely, db.engine);
    const seats = new CourseSeats(admin, repo, clock);
    const kind = courseKind(repo, admin, seats, clock);
    const sign = new CourseSignService(db.kysely, repo, admin, clock);
    return {
      admin: new CourseAdminService(admin, audit, clock),
      classes: new CourseClassService(admin, repo, booking.occupancy, seats, audit, clock),
      enrolments: new CourseEnrolService(
        repo,
        admin,
        seats,
        { kind, checkout, audit, sign: (s, sessionId, ids, makeUp) => sign.sign(s, sessionId, ids, makeUp) },
        clock,
      ),
      sign,
      ledger: new CourseLedgerService(repo),
      reports: new CourseReportService(db.kysely, clock),
      kind,
      checkout,
      // The absence job's pass (the module's clock: tests move it).
      absences: () => sign.markAbsences(),
    };
  },
  routes: (app, guard, courses) => courseRoutes(app, guard, courses),
  menus: [{ sidebar: 2.4, menu: COURSE_MENUS }, ...COURSE_REPORT_MENUS.map((menu) => ({ group: 'report', menu }))],
});
