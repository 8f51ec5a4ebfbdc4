import type { FastifyInstance } from 'fastify';
import { lease } from '@venue/contract';
import { refuse } from '../../lib/errors.ts';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { LeaseGoodsService } from './lease-goods.service.ts';
import type { LeaseOrderService } from './lease-order.service.ts';
import type { LeaseKind } from './lease-payable.ts';

export interface LeaseServices {
  goods: LeaseGoodsService;
  orders: LeaseOrderService;
  /** A rental as the checkout pays and refunds it. */
  kind: LeaseKind;
  checkout: CheckoutServices;
}

export function leaseRoutes(app: FastifyInstance, guard: Guard, s: LeaseServices): void {
  route(app, guard, lease.goodsQuery, ({ session, query }) => s.goods.page(session, query));
  route(app, guard, lease.goodsAll, ({ session, query }) => s.goods.forVenue(session, query));
  route(app, guard, lease.goodsById, ({ session, params }) => s.goods.get(session.tenantId, params.id));
  route(app, guard, lease.goodsAdd, ({ session, body }) => s.goods.add(session, body));
  route(app, guard, lease.goodsEdit, ({ session, body }) => s.goods.edit(session, body));
  route(app, guard, lease.goodsState, ({ session, body }) => s.goods.setState(session, body));

  route(app, guard, lease.createOrder, ({ session, body }) => s.orders.create(session, body));
  route(app, guard, lease.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, lease.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, lease.orderById, ({ session, params }) => s.orders.get(session.tenantId, params.id, session));
  route(app, guard, lease.query, ({ session, query }) => s.orders.page(session, query));
  route(app, guard, lease.getPrint, ({ session, query }) => s.orders.orders(session.tenantId, query.orderIds, session));
  route(app, guard, lease.returnGoods, ({ session, body }) =>
    s.checkout.refunds.refund(s.kind, session, body, (order) => {
      if (order.order_state !== 'A') throw refuse(lease.leaseMsg.notOut);
    }),
  );
  route(app, guard, lease.orderReturns, ({ session, query }) => s.checkout.refunds.list(s.kind, session, query.orderId));
  route(app, guard, lease.queryReturn, ({ session, body }) => s.checkout.refunds.query(s.kind, session, body.refundId));
}
