import type { FastifyInstance } from 'fastify';
import { hand } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { HandDepositKind, HandSettleKind } from './hand-payable.ts';
import type { HandService } from './hand.service.ts';

export interface HandServices {
  hands: HandService;
  /** A band's deposit and the settlement of its charges, as the checkout pays (and refunds) them. */
  deposit: HandDepositKind;
  settle: HandSettleKind;
  checkout: CheckoutServices;
}

export function handRoutes(app: FastifyInstance, guard: Guard, s: HandServices): void {
  route(app, guard, hand.all, ({ session, query }) => s.hands.page(session, query));
  route(app, guard, hand.byId, ({ session, params }) => s.hands.get(session, params.id));
  route(app, guard, hand.getById, ({ session, query }) => s.hands.getById(session, query.id));
  route(app, guard, hand.lookup, ({ session, query }) => s.hands.lookup(session, query.id));
  route(app, guard, hand.add, ({ session, body }) => s.hands.add(session, body));
  route(app, guard, hand.edit, ({ session, body }) => s.hands.edit(session, body));
  route(app, guard, hand.setState, ({ session, body }) => s.hands.setState(session, body));
  route(app, guard, hand.queryHandInUse, ({ session, query }) => s.hands.inUse(session, query));
  route(app, guard, hand.queryHandDepositDetail, ({ session, query }) => s.hands.depositDetail(session, query));
  route(app, guard, hand.createHandDepositOrder, ({ session, body }) => s.hands.createDepositOrder(session, body));
  route(app, guard, hand.createHandSettleOrder, ({ session, body }) => s.hands.createSettleOrder(session, body));
  route(app, guard, hand.queryOrderForPay, async ({ session, query }) =>
    s.checkout.payments.forPay(await s.hands.kindOf(session, query.orderId), session, query),
  );
  route(app, guard, hand.payOrder, async ({ session, body }) => s.checkout.payments.pay(await s.hands.kindOf(session, body.orderId), session, body));
  route(app, guard, hand.getPrintHandDepositOrder, ({ session, query }) => s.hands.orders(session.tenantId, query.orderIds, session));
  route(app, guard, hand.returnHandDeposit, ({ session, body }) => s.hands.returnDeposit(session, body));
  route(app, guard, hand.handReturns, ({ session, query }) => s.checkout.refunds.list(s.deposit, session, query.orderId));
  route(app, guard, hand.createHandTimeoutOrder, ({ session, body }) => s.hands.exitWithHand(session, body));
  route(app, guard, hand.checkTicketWithHand, ({ session, body }) => s.hands.checkWithHand(session, body));
  route(app, guard, hand.getPrintHandTimeoutOrder, ({ session, query }) => s.hands.printTimeouts(session, query.orderIds));
  route(app, guard, hand.payWithHand, ({ session, body }) => s.hands.payWithHand(session, body));
  route(app, guard, hand.queryOrderConsumeWithHand, ({ session, query }) => s.hands.charges(session, query.orderId));
  route(app, guard, hand.getPrintCardConsumeWithHand, ({ session, query }) => s.hands.printCharges(session, query.orderId));
}
