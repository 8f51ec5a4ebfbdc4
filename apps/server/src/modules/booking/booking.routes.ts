import type { FastifyInstance } from 'fastify';
import { booking, bookingAdmin, bookingReport } from '@venue/contract';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';
import { fileRoute, RawJson, route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { BookingAdminService } from './booking-admin.service.ts';
import type { BookingCancelService } from './booking-cancel.service.ts';
import type { BookingKind } from './booking-payable.ts';
import type { BookingReportService } from './booking-report.service.ts';
import type { BookingService } from './booking.service.ts';

export interface BookingServices {
  admin: BookingAdminService;
  orders: BookingService;
  cancels: BookingCancelService;
  reports: BookingReportService;
  kind: BookingKind;
  checkout: CheckoutServices;
}

const USAGE: XlsxColumn<bookingReport.UsageRow>[] = [
  ['项目', 12, (r) => r.itemName],
  ['场地', 14, (r) => r.fieldName],
  ['售卖方式', 10, (r) => bookingAdmin.SALE_MODE_LABELS[r.saleMode]],
  ['开放小时', 10, (r) => r.openHours],
  ['预订小时', 10, (r) => r.bookedHours],
  ['占用小时', 10, (r) => r.occupiedHours],
  ['开场小时', 10, (r) => r.usedHours],
  ['利用率（%）', 12, (r) => r.rate],
  ['营收（元）', 12, (r) => r.revenue],
  ['取消时段', 10, (r) => r.cancelled],
];

export function bookingRoutes(app: FastifyInstance, guard: Guard, s: BookingServices): void {
  route(app, guard, bookingAdmin.fieldQuery, ({ session, query }) => s.admin.fields(session, query.venueId, query.itemId));
  route(app, guard, bookingAdmin.fieldAdd, ({ session, body }) => s.admin.saveField(session, null, body));
  route(app, guard, bookingAdmin.fieldEdit, ({ session, body }) => s.admin.saveField(session, body.fieldId, body));
  route(app, guard, bookingAdmin.priceQuery, ({ session, query }) => s.admin.rules(session, query.venueId, query.itemId));
  route(app, guard, bookingAdmin.priceSave, ({ session, body }) => s.admin.saveRule(session, body));
  route(app, guard, bookingAdmin.priceRemove, ({ session, body }) => s.admin.removeRule(session, body.ruleId));
  route(app, guard, bookingAdmin.settingGet, ({ session }) => s.admin.setting(session.tenantId));
  route(app, guard, bookingAdmin.settingSave, ({ session, body }) => s.admin.saveSetting(session, body));

  // The grid is the desk's hottest read (12 fields x 32 slots): serialized once, past the schema serializer's parse of every cell.
  route(app, guard, booking.gridQuery, async ({ session, query }) => new RawJson(JSON.stringify(await s.orders.grid(session, query)), 1));
  route(app, guard, booking.conflicts, ({ session, body }) => s.orders.conflicts(session, body));
  route(app, guard, booking.createOrder, ({ session, body }) => s.orders.createOrder(session, body));
  route(app, guard, booking.createWhole, ({ session, body }) => s.orders.createWhole(session, body));
  route(app, guard, booking.occupy, ({ session, body }) => s.orders.occupy(session, body));
  route(app, guard, booking.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, booking.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, booking.closeOrder, ({ session, body }) => s.cancels.close(session, body.orderId));
  route(app, guard, booking.cancelPreview, ({ session, body }) => s.cancels.preview(session, body.orderId, body.detailIds));
  route(app, guard, booking.cancel, ({ session, body }) => s.cancels.cancel(session, body));
  route(app, guard, booking.orderQuery, ({ session, query }) => s.orders.orderPage(session, query));
  route(app, guard, booking.getBookingOrder, ({ session, query }) => s.orders.lookup(session, query.code));
  route(app, guard, booking.check, ({ session, body }) => s.orders.check(session, body.orderId, body.detailIds));

  route(app, guard, bookingReport.usageQueryCall, ({ session, query }) => s.reports.usage(session, query));
  fileRoute(app, guard, bookingReport.exportUsage, async ({ session, query }) => {
    const { rows } = await s.reports.usage(session, query);
    return streamXlsx(
      '场地利用率',
      USAGE,
      (async function* () {
        yield rows;
      })(),
    );
  });
  route(app, guard, bookingReport.dayStrip, ({ session, query }) => s.reports.strip(session, query));
  route(app, guard, bookingReport.liveFields, ({ session, query }) => s.reports.live(session, query.venueId));
}
