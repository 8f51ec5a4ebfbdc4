import type { FastifyInstance } from 'fastify';
import { member } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { CardOrderKind } from './card-order-payable.ts';
import type { CardOrderService } from './card-order.service.ts';

export interface CardOrderServices {
  orders: CardOrderService;
  kind: CardOrderKind;
  checkout: CheckoutServices;
}

export function cardOrderRoutes(app: FastifyInstance, guard: Guard, s: CardOrderServices): void {
  route(app, guard, member.createSaleOrder, ({ session, body }) => s.orders.createSale(session, body));
  route(app, guard, member.createRechargeOrder, ({ session, body }) => s.orders.createRecharge(session, body));
  route(app, guard, member.rechargeBonus, ({ session, query }) => s.orders.bonus(session, query.cardId, query.amount));
  route(app, guard, member.cardOrderById, ({ session, params }) => s.orders.get(session, params.id));
  route(app, guard, member.queryCardOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, member.payCardOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
}
