import type { FastifyInstance } from 'fastify';
import { booking, bookingAdmin } from '@venue/contract';
import { RawJson, route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { BookingAdminService } from './booking-admin.service.ts';
import type { BookingCancelService } from './booking-cancel.service.ts';
import type { BookingKind } from './booking-payable.ts';
import type { BookingService } from './booking.service.ts';

export interface BookingServices {
  admin: BookingAdminService;
  orders: BookingService;
  cancels: BookingCancelService;
  kind: BookingKind;
  checkout: CheckoutServices;
}

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
  route(app, guard, booking.cancel, ({ session, body }) => s.cancels.cancel(session, body));
  route(app, guard, booking.orderQuery, ({ session, query }) => s.orders.orderPage(session, query));
  route(app, guard, booking.getBookingOrder, ({ session, query }) => s.orders.lookup(session, query.code));
  route(app, guard, booking.check, ({ session, body }) => s.orders.check(session, body.orderId, body.detailIds));
}
