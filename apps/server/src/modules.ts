import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { Guard } from './plugins/route.ts';
import { auditModule } from './modules/audit/index.ts';
import { authModule } from './modules/auth/index.ts';
import { boardModule } from './modules/board/index.ts';
import { cardAdminModule } from './modules/card-admin/index.ts';
import { cardOrderModule } from './modules/card-order/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import { couponModule } from './modules/coupon/index.ts';
import { dictModule } from './modules/dict/index.ts';
import { gateAccessModule, gateModule } from './modules/gate/index.ts';
import { goodsModule } from './modules/goods/index.ts';
import { lectureModule } from './modules/lecture/index.ts';
import { bookingModule } from './modules/booking/index.ts';
import { courseModule } from './modules/course/index.ts';
import { handModule } from './modules/hand/index.ts';
import { leaseModule } from './modules/lease/index.ts';
import { memberCardModule } from './modules/member-card/index.ts';
import { menuModule } from './modules/menu/index.ts';
import { ModuleList } from './modules/module.ts';
import type { ChannelAdapters, ChannelOptions } from './modules/payment/channel-registry.ts';
import { paymentModule } from './modules/payment/index.ts';
import { roleModule } from './modules/role/index.ts';
import { saleModule } from './modules/sale/index.ts';
import { ticketModule } from './modules/ticket/index.ts';
import { reportModule } from './modules/report/index.ts';
import { tenantAdminModule, tenantModule } from './modules/tenant/index.ts';
import { uploadModule } from './modules/upload/index.ts';
import { userAdminModule, userModule } from './modules/user/index.ts';
import { venueModule } from './modules/venue/index.ts';
import { voucherModule } from './modules/voucher/index.ts';

/**
 * Every feature of the server, one line each, in start-up order: a module comes after the modules
 * whose services it uses (the compiler refuses it otherwise). Routes register and seeds run in this order.
 */
export const MODULES = ModuleList.empty()
  .add(tenantModule)
  .add(auditModule)
  .add(venueModule)
  .add(userModule)
  .add(userAdminModule)
  .add(roleModule)
  .add(menuModule)
  .add(authModule)
  .add(dictModule)
  .add(goodsModule)
  .add(uploadModule)
  .add(gateAccessModule)
  .add(memberCardModule)
  .add(paymentModule)
  .add(checkoutModule)
  .add(saleModule)
  .add(cardOrderModule)
  .add(cardAdminModule)
  .add(leaseModule)
  .add(gateModule)
  .add(ticketModule)
  .add(voucherModule)
  .add(lectureModule)
  .add(bookingModule)
  .add(courseModule)
  .add(couponModule)
  .add(handModule)
  .add(reportModule)
  .add(tenantAdminModule)
  .add(boardModule);

/** Every module's services, by module key. */
export type Services = ReturnType<typeof MODULES.createServices>;

export function createServices(db: Db, clock: Clock, uploadsDir: string, channelAdapters: ChannelAdapters = {}, channelOptions?: ChannelOptions): Services {
  return MODULES.createServices({ db, clock, uploadsDir, channelAdapters, channelOptions });
}

export function registerRoutes(app: FastifyInstance, guard: Guard, services: Services): void {
  MODULES.registerRoutes(app, guard, services);
}
