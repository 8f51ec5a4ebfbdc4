import type { FastifyInstance } from 'fastify';
import { ticket, ticketDesk } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { TicketCheckService } from './ticket-check.service.ts';
import type { TicketDeskService } from './ticket-desk.service.ts';
import type { TicketOrderService } from './ticket-order.service.ts';
import type { TicketKind } from './ticket-payable.ts';
import type { TicketTypeService } from './ticket-type.service.ts';
import type { TimeoutKind } from './timeout-payable.ts';

export interface TicketServices {
  types: TicketTypeService;
  orders: TicketOrderService;
  checks: TicketCheckService;
  desk: TicketDeskService;
  kind: TicketKind;
  timeoutKind: TimeoutKind;
  checkout: CheckoutServices;
}

export function ticketRoutes(app: FastifyInstance, guard: Guard, s: TicketServices): void {
  route(app, guard, ticket.typeQuery, ({ session, query }) => s.types.page(session, query));
  route(app, guard, ticket.typeForSale, ({ session, query }) => s.types.forSale(session, query.venueId));
  route(app, guard, ticket.typeAdd, ({ session, body }) => s.types.save(session, null, body));
  route(app, guard, ticket.typeEdit, ({ session, body }) => s.types.save(session, body.typeId, body));

  route(app, guard, ticket.createOrder, ({ session, body }) => s.orders.create(session, body));
  route(app, guard, ticket.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, ticket.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, ticket.orderQuery, ({ session, query }) => s.orders.page(session, query));
  route(app, guard, ticket.ticketById, ({ session, params }) => s.orders.get(session, params.id));
  route(app, guard, ticket.refundOrder, ({ session, body }) => s.checkout.refunds.refund(s.kind, session, body));
  route(app, guard, ticket.getPrintDetail, ({ session, query }) => s.orders.print(session, query.orderIds));
  route(app, guard, ticket.queryDetail, ({ session, query }) => s.orders.lookup(session, query.qrCode));
  route(app, guard, ticket.queryDetailPage, ({ session, query }) => s.orders.detailPage(session, query));
  route(app, guard, ticket.queryTicketSaleByDay, ({ session, query }) => s.orders.saleByDay(session, query));

  route(app, guard, ticket.checkTicket, ({ session, body }) =>
    s.checks.check(
      session,
      body.ticketCheckDetails.map((d) => d.detailId),
    ),
  );
  route(app, guard, ticket.queryPeopleCount, ({ session, query }) => s.checks.peopleCount(session, query.venueId));
  route(app, guard, ticket.sceneBalance, ({ session, body }) => s.checks.exit(session, body.qrCode));
  route(app, guard, ticket.sceneBalanceWithTimeout, async ({ session, body }) => {
    const { qrCode, ...pay } = body;
    const answer = await s.checks.exit(session, qrCode);
    if (answer.left) return answer;
    await s.checkout.payments.pay(s.timeoutKind, session, { ...pay, orderId: answer.timeoutOrderId! });
    return { ...answer, left: true };
  });
  route(app, guard, ticket.sceneBalanceAll, ({ session, body }) => s.checks.exitAll(session, body.venueId, body.itemId));
  route(app, guard, ticket.timeoutForPay, ({ session, query }) => s.checkout.payments.forPay(s.timeoutKind, session, query));
  route(app, guard, ticket.timeoutQuery, ({ session, query }) => s.orders.timeoutPage(session, query));
  route(app, guard, ticket.timeoutRefund, ({ session, body }) => s.checkout.refunds.refund(s.timeoutKind, session, body));
  route(app, guard, ticket.timeoutPay, ({ session, body }) => s.checkout.payments.pay(s.timeoutKind, session, body));

  route(app, guard, ticketDesk.queryDetailPageWithHand, ({ session, query }) => s.desk.pageWithHand(session, query));
  route(app, guard, ticketDesk.getPrintDetailWithHand, ({ session, query }) => s.desk.printWithHand(session, query.orderIds));
  route(app, guard, ticketDesk.queryDetailWithTimeout, ({ session, query }) => s.desk.lookupWithTimeout(session, query.qrCode));
  route(app, guard, ticketDesk.queryDetailAndCheck, ({ session, query }) => s.desk.lookupAndCheck(session, query.qrCode));
  route(app, guard, ticketDesk.queryDetailAndHand, ({ session, query }) => s.desk.lookupWithHand(session, query.qrCode));
  route(app, guard, ticketDesk.createTimeoutOrder, ({ session, body }) => s.checks.chargeOverstay(session, body.qrCode));
  route(app, guard, ticketDesk.timeoutDetailQuery, ({ session, query }) => s.desk.timeoutDetails(session, query));
}
