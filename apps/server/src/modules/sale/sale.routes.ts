import type { FastifyInstance } from 'fastify';
import { sale } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import type { SaleCloseService } from './sale-close.service.ts';
import type { SaleOrderService } from './sale-order.service.ts';
import type { SalePayService } from './sale-pay.service.ts';
import type { SaleRefundService } from './sale-refund.service.ts';
import { saleOrdersXlsx } from './sale-xlsx.ts';

export interface SaleServices {
  orders: SaleOrderService;
  payments: SalePayService;
  refunds: SaleRefundService;
  closing: SaleCloseService;
}

export function saleRoutes(app: FastifyInstance, guard: Guard, s: SaleServices): void {
  route(app, guard, sale.createOrder, ({ session, body }) => s.orders.create(session, body));
  route(app, guard, sale.queryOrderForPay, ({ session, query }) => s.orders.forPay(session, query));
  route(app, guard, sale.payOrder, ({ session, body }) => s.payments.pay(session, body));
  route(app, guard, sale.payWithOrder, ({ session, body }) => s.payments.payWithCards(session, body));
  route(app, guard, sale.orderById, ({ session, params }) => s.orders.get(session.tenantId, params.id, session));
  route(app, guard, sale.query, ({ session, query }) => s.orders.page(session, query));
  route(app, guard, sale.refundOrder, ({ session, body }) => s.refunds.refund(session, body));
  route(app, guard, sale.orderRefunds, ({ session, query }) => s.refunds.list(session, query.orderId));
  route(app, guard, sale.queryRefund, ({ session, body }) => s.refunds.query(session, body.refundId));
  route(app, guard, sale.getPrint, ({ session, query }) => s.orders.orders(session.tenantId, query.orderIds, session));

  fileRoute(app, guard, sale.exportOrders, async ({ session, query }) => {
    const filter = await s.orders.filterOf(session, query);
    return saleOrdersXlsx(s.orders.exportBatches(session.tenantId, filter));
  });
}
