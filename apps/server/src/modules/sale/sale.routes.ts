import type { FastifyInstance } from 'fastify';
import { sale } from '@venue/contract';
import { fileRoute, route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { SaleCloseService } from './sale-close.service.ts';
import type { SaleOrderService } from './sale-order.service.ts';
import type { SaleKind } from './sale-payable.ts';
import { saleOrdersXlsx } from './sale-xlsx.ts';

export interface SaleServices {
  orders: SaleOrderService;
  /** A goods sale as the checkout pays it. */
  kind: SaleKind;
  checkout: CheckoutServices;
  closing: SaleCloseService;
}

export function saleRoutes(app: FastifyInstance, guard: Guard, s: SaleServices): void {
  route(app, guard, sale.createOrder, ({ session, body }) => s.orders.create(session, body));
  route(app, guard, sale.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, sale.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, sale.payWithOrder, ({ session, body }) => s.checkout.payments.payWithCards(s.kind, session, body));
  route(app, guard, sale.orderById, ({ session, params }) => s.orders.get(session.tenantId, params.id, session));
  route(app, guard, sale.query, ({ session, query }) => s.orders.page(session, query));
  route(app, guard, sale.refundOrder, ({ session, body }) => s.checkout.refunds.refund(s.kind, session, body));
  route(app, guard, sale.orderRefunds, ({ session, query }) => s.checkout.refunds.list(s.kind, session, query.orderId));
  route(app, guard, sale.queryRefund, ({ session, body }) => s.checkout.refunds.query(s.kind, session, body.refundId));
  route(app, guard, sale.getPrint, ({ session, query }) => s.orders.orders(session.tenantId, query.orderIds, session));

  fileRoute(app, guard, sale.exportOrders, async ({ session, query }) => {
    const filter = await s.orders.filterOf(session, query);
    return saleOrdersXlsx(s.orders.exportBatches(session.tenantId, filter));
  });
}
