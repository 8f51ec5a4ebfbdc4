import type { FastifyInstance } from 'fastify';
import { coupons } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import { memberCouponsXlsx } from './coupon-xlsx.ts';
import type { CouponService } from './coupon.service.ts';

export function couponRoutes(app: FastifyInstance, guard: Guard, s: CouponService): void {
  route(app, guard, coupons.couponQuery, ({ session, query }) => s.page(session, query));
  route(app, guard, coupons.couponOptions, ({ session, query }) => s.options(session, query.issuable === 'T'));
  route(app, guard, coupons.couponById, ({ session, params }) => s.get(session, params.id));
  route(app, guard, coupons.couponAdd, ({ session, body }) => s.add(session, body));
  route(app, guard, coupons.couponEdit, ({ session, body }) => s.edit(session, body));
  route(app, guard, coupons.couponState, ({ session, body }) => s.setState(session, body));
  route(app, guard, coupons.issueMembers, ({ session, query }) => s.members(session, query));
  route(app, guard, coupons.issue, ({ session, body }) => s.issue(session, body));
  route(app, guard, coupons.recordQuery, ({ session, query }) => s.records(session, query));
  route(app, guard, coupons.revoke, ({ session, body }) => s.revoke(session, body));
  fileRoute(app, guard, coupons.recordExport, async ({ session, query }) => memberCouponsXlsx(s.exportBatches(session, query)));
}
