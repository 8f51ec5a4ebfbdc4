import { addChinaDays, allocatePaid, chinaDate, course as contract, fenToYuan } from '@venue/contract';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { OrderLineRow, PayableKind, PayableLineDto, RefundableKind, RefundableLine } from '../checkout/index.ts';
import type { CourseAdminRepository } from './course-admin.repository.ts';
import type { CourseSeats } from './course-seats.ts';
import type { CourseOrderRow, CourseRepository } from './course.repository.ts';

type Line = OrderLineRow<'course_order_line'> & { price_orig_fen: number };
export type CourseKind = PayableKind<CourseOrderRow, Line, PayableLineDto> & RefundableKind<CourseOrderRow>;
/** A line as a refund sees it: its lessons bought, those no longer refundable (taken, moved, refunded), what it was paid. */
export type CourseRefundLine = RefundableLine & { paid_fen: number };

/** What giving back `lessons` unused lessons of a line returns: its paid share × lessons ÷ lessons bought, whole fen (rounded down). */
export const unusedRefundFen = (paidFen: number, bought: number, lessons: number) => (bought > 0 ? Math.floor((paidFen * lessons) / bought) : 0);

/**
 * A course order as the checkout pays and refunds it: one line per enrolment (its lessons at the
 * course's price). Paid by every method, and by stored-value cards (M) whose type covers the course's
 * item; once paid, the enrolment is active with its lessons (a BUY row of the ledger) valid the course's
 * days. A refund gives back the unused lessons (its paid share × unused ÷ bought, whole fen): the
 * enrolment is refunded (R) and its seat offered to the waiting list.
 */
export function courseKind(repo: CourseRepository, admin: CourseAdminRepository, seats: CourseSeats, clock: Clock): CourseKind {
  return {
    orderType: contract.COURSE_ORDER_TYPE,
    label: '课程培训',
    orderName: '课程订单',
    tradePrefix: 'KC',
    table: 'course_order',
    lineTable: 'course_order_line',
    paidOrderState: 'A',
    cardPayTypes: ['M'],
    cardRefusal: '该会员卡不能用于课程培训，请使用储值卡或其他收款方式',
    cardItem: (order) => order.item_id,
    notFoundMessage: contract.COURSE_MSG.orderNotFound,
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, db),
    // The payment sees a line as one course at its price (a price need not divide by its lessons).
    lines: async (tenantId, orderId, db) => (await repo.lines(tenantId, [orderId], db)).map((l) => ({ ...l, quantity: 1, price_orig_fen: l.price_fen })),
    toLine: (l) => ({ detailId: l.id, goodsName: l.name, quantity: 1, price: fenToYuan(l.price_fen), pricePay: fenToYuan(l.price_fen) }),
    async fulfil(trx, { tenantId, userId, order }) {
      const paid = (await repo.findOrder(tenantId, order.id, trx))!;
      const lines = await repo.lines(tenantId, [order.id], trx);
      const shares = allocatePaid(
        lines.map((l) => l.price_fen),
        paid.price_pay_fen,
      );
      const course = await admin.course(tenantId, order.course_id, trx);
      const nowIso = clock.now().toISOString();
      const validUntil = addChinaDays(chinaDate(clock.now()), (course?.valid_days ?? 1) - 1);
      for (const [i, l] of lines.entries()) {
        await trx.updateTable('course_order_line').set({ paid_fen: shares[i] }).where('id', '=', l.id).execute();
        if (!(await repo.setState(trx, tenantId, l.enrolment_id, ['P'], { state: 'A', lessons_left: l.quantity, valid_until: validUntil })))
          throw refuse('报名已取消，不能支付');
        await repo.insertLedger(trx, {
          tenant_id: tenantId,
          enrolment_id: l.enrolment_id,
          kind: 'BUY',
          lessons: l.quantity,
          balance_after: l.quantity,
          session_id: null,
          order_id: order.id,
          coach_id: null,
          user_id: userId,
          remark: `课程订单 ${order.id} 支付`,
          created_at: nowIso,
        });
      }
    },
    async refundLines(tenantId, orderId, db) {
      const lines = await repo.lines(tenantId, [orderId], db);
      const enrolments = await repo.enrolments(
        tenantId,
        lines.map((l) => l.enrolment_id),
        db,
      );
      return lines.map((l): CourseRefundLine => {
        const e = enrolments.find((x) => x.id === l.enrolment_id);
        // Only an active enrolment's lessons left can be refunded: the rest were taken, moved, refunded or expired.
        const refundable = e?.state === 'A' ? Math.min(e.lessons_left, l.quantity - l.refunded_quantity) : 0;
        return {
          id: l.id,
          item_id: l.course_id,
          name: l.name,
          specs: '',
          unit: '课时',
          quantity: l.quantity,
          refunded_quantity: l.quantity - refundable,
          price_pay_fen: l.price_fen,
          paid_fen: l.paid_fen,
        };
      });
    },
    refundFen: (line, quantity) => unusedRefundFen((line as CourseRefundLine).paid_fen, line.quantity, quantity),
    async restore(trx, { tenantId, userId, actor, order }, lines, remark) {
      const nowIso = clock.now().toISOString();
      const all = await repo.lines(tenantId, [order.id], trx);
      for (const asked of lines) {
        const line = all.find((l) => l.id === asked.line_id)!;
        const row = await trx
          .updateTable('course_enrolment')
          .set((eb) => ({ lessons_left: eb('lessons_left', '-', asked.quantity), state: 'R' }))
          .where('tenant_id', '=', tenantId)
          .where('id', '=', line.enrolment_id)
          .where('state', '=', 'A')
          .where('lessons_left', '>=', asked.quantity)
          .returning(['lessons_left', 'class_id'])
          .executeTakeFirst();
        if (!row) throw refuse(contract.COURSE_MSG.lessonsMoved);
        await repo.insertLedger(trx, {
          tenant_id: tenantId,
          enrolment_id: line.enrolment_id,
          kind: 'REFUND',
          lessons: -asked.quantity,
          balance_after: row.lessons_left,
          session_id: null,
          order_id: line.order_id,
          coach_id: null,
          user_id: userId,
          remark,
          created_at: nowIso,
        });
        await seats.promote(trx, { ...actor, userId }, row.class_id);
      }
    },
  };
}
