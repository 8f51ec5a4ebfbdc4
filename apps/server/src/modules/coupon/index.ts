import { COUPON_MENUS } from './coupon.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { CouponRepository } from './coupon.repository.ts';
import { couponRoutes } from './coupon.routes.ts';
import { CouponService } from './coupon.service.ts';

export type { CouponService };

/**
 * Marketing coupons (issue 15): the venue's own coupons, defined (优惠券管理), issued to members (发券)
 * and revoked while unused (领用记录). Paying with them is a later issue.
 */
export const couponModule = defineModule({
  key: 'coupons',
  services: ({ db, clock }, { audit }: { audit: AuditService }) => new CouponService(new CouponRepository(db.kysely), audit, clock),
  routes: (app, guard, coupons) => couponRoutes(app, guard, coupons),
  menus: COUPON_MENUS.map((menu) => ({ group: 'marketing', menu })),
});
