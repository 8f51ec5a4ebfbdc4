import { iso } from '../../lib/clock.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { GateAccess } from '../gate/index.ts';
import type { SaleServices } from '../sale/index.ts';
import { defineModule } from '../module.ts';
import type { VenueService } from '../venue/index.ts';
import { BookingAdminRepository } from './booking-admin.repository.ts';
import { BookingAdminService } from './booking-admin.service.ts';
import { BookingCancelService } from './booking-cancel.service.ts';
import { BookingOccupancy } from './booking-occupancy.ts';
import { bookingGateGrants } from './booking-gate.ts';
import { BOOKING_MENUS } from './booking.menus.ts';
import { bookingKind } from './booking-payable.ts';
import { BookingPlanner } from './booking-plan.ts';
import { BookingRulesCache } from './booking-rules-cache.ts';
import { BookingReportService } from './booking-report.service.ts';
import { BookingRepository } from './booking.repository.ts';
import { bookingRoutes, type BookingServices } from './booking.routes.ts';
import { BookingService } from './booking.service.ts';

export type { BookingServices };
export type { BookingOccupancy, OccupancyField, OccupiedCell, OccupiedSpan } from './booking-occupancy.ts';

/**
 * 场地预订 (issue 35): fields and their prices, the booking grid, reservations (R, 固定场), whole-venue
 * orders (P) and occupancy (L), paid and refunded through the checkout, opened at check-in, closed by the
 * auto-close job when unpaid, marked not used (FN) when never opened by their end; a booking's member
 * card passes the gates of its venue during the booked time.
 */
export const bookingModule = defineModule({
  key: 'booking',
  services: (
    { db, clock },
    {
      checkout,
      audit,
      venues,
      gateAccess,
      sale,
    }: { checkout: CheckoutServices; audit: AuditService; venues: VenueService; gateAccess: GateAccess; sale: SaleServices },
  ): BookingServices & { noShows: () => Promise<number>; occupancy: BookingOccupancy } => {
    const repo = new BookingRepository(db.kysely, db.engine);
    const adminRepo = new BookingAdminRepository(db.kysely);
    const admin = new BookingAdminService(adminRepo, audit, clock);
    const kind = bookingKind(repo, adminRepo, clock);
    const planner = new BookingPlanner(repo, new BookingRulesCache(adminRepo, repo, venues), clock);
    // A member's card passes its booking's venue gates during the booked time: written like other card access.
    gateAccess.registerGrants(bookingGateGrants(repo, admin));
    return {
      admin,
      // An unpaid booking holds its cells for the minutes after which the job closes unpaid orders (销售订单's setting).
      orders: new BookingService(
        repo,
        planner,
        { audit, autoCloseMinutes: async (tenantId) => (await sale.closing.setting(tenantId)).autoCloseMinutes },
        clock,
      ),
      cancels: new BookingCancelService(repo, admin, kind, checkout, audit, clock),
      reports: new BookingReportService(repo, adminRepo, planner, clock),
      kind,
      checkout,
      // The FN job's pass: paid cells never opened by their end (the module's clock: tests move it).
      noShows: () => repo.markNoShows(iso(clock.now())),
      // Another module's occupancy (课程培训's class sessions), written in its own transaction.
      occupancy: new BookingOccupancy(repo, adminRepo, clock),
    };
  },
  routes: (app, guard, booking) => bookingRoutes(app, guard, booking),
  menus: [{ sidebar: 2.1, menu: BOOKING_MENUS }],
});
