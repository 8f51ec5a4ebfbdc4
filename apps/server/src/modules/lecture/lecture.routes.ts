import type { FastifyInstance } from 'fastify';
import { lecture } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { LectureKind } from './lecture-payable.ts';
import type { LectureService } from './lecture.service.ts';

export interface LectureServices {
  lectures: LectureService;
  kind: LectureKind;
  checkout: CheckoutServices;
}

export function lectureRoutes(app: FastifyInstance, guard: Guard, s: LectureServices): void {
  route(app, guard, lecture.query, ({ session, query }) => s.lectures.page(session, query));
  route(app, guard, lecture.forSale, ({ session, query }) => s.lectures.forSale(session, query.venueId));
  route(app, guard, lecture.add, ({ session, body }) => s.lectures.save(session, null, body));
  route(app, guard, lecture.edit, ({ session, body }) => s.lectures.save(session, body.lectureId, body));

  route(app, guard, lecture.createOrder, ({ session, body }) => s.lectures.createOrder(session, body));
  route(app, guard, lecture.queryOrderForPay, ({ session, query }) => s.checkout.payments.forPay(s.kind, session, query));
  route(app, guard, lecture.payOrder, ({ session, body }) => s.checkout.payments.pay(s.kind, session, body));
  route(app, guard, lecture.refundOrder, ({ session, body }) => s.checkout.refunds.refund(s.kind, session, body));
  route(app, guard, lecture.closeOrder, ({ session, body }) => s.lectures.closeOrder(session, body.orderId));
  route(app, guard, lecture.orderQuery, ({ session, query }) => s.lectures.orderPage(session, query));
  route(app, guard, lecture.getLectureOrder, ({ session, query }) => s.lectures.lookup(session, query.ticketId));
  route(app, guard, lecture.check, ({ session, body }) => s.lectures.check(session, body.orderId, body.userIds));
}
