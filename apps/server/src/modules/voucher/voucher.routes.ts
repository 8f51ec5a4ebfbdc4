import type { FastifyInstance } from 'fastify';
import { marketing } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import type { VoucherService } from './voucher.service.ts';
import { recordsXlsx } from './voucher-xlsx.ts';

export function voucherRoutes(app: FastifyInstance, guard: Guard, s: VoucherService): void {
  route(app, guard, marketing.couponByCode, ({ session, query }) => s.lookup(session, query.code, query.venueId));
  route(app, guard, marketing.verifyDouYinCoupon, ({ session, body }) => s.verifyChosen(session, body));
  route(app, guard, marketing.queryAndVerificationCoupon, ({ session, body }) => s.queryAndVerify(session, body.code, body.venueId));
  route(app, guard, marketing.cancelByVerifyId, ({ session, query }) => s.cancel(session, query.verifyId));
  route(app, guard, marketing.recordQuery, ({ session, query }) => s.page(session, query));
  fileRoute(app, guard, marketing.recordExport, async ({ session, query }) => recordsXlsx(s.exportBatches(session, query)));
  route(app, guard, marketing.dailyTotals, ({ session, query }) => s.dailyTotals(session, query));
}
