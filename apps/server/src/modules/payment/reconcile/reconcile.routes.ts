import type { FastifyInstance } from 'fastify';
import { payChannel } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../../plugins/route.ts';
import type { ReconcileService } from './reconcile.service.ts';

/** 支付对账: a day's runs and differences, run now, export. */
export function reconcileRoutes(app: FastifyInstance, guard: Guard, s: ReconcileService): void {
  route(app, guard, payChannel.reconcileList, ({ session, query }) => s.list(session.tenantId, query.billDate));
  route(app, guard, payChannel.reconcileRunNow, ({ session, body }) => s.runTenant(session.tenantId, body.billDate));
  fileRoute(app, guard, payChannel.reconcileExport, ({ session, query }) => s.exportXlsx(session.tenantId, query.billDate));
}
