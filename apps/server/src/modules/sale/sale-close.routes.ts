import type { FastifyInstance } from 'fastify';
import { sale } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { SaleCloseService } from './sale-close.service.ts';

export function saleCloseRoutes(app: FastifyInstance, guard: Guard, closing: SaleCloseService): void {
  route(app, guard, sale.closeOrder, ({ session, body }) => closing.close(session, body.orderId));
  route(app, guard, sale.getAutoClose, ({ session }) => closing.setting(session.tenantId));
  route(app, guard, sale.setAutoClose, ({ session, body }) => closing.saveSetting(session, body.autoCloseMinutes));
}
