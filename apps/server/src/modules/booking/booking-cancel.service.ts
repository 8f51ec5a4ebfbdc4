import { booking, fenToYuan, refund, sale, yuanToFen, type BodyOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { BookingAdminService } from './booking-admin.service.ts';
import { cellStart } from './booking-grid.ts';
import { cancelFee, withFee, type BookingKind } from './booking-payable.ts';
import type { BookingRepository } from './booking.repository.ts';

type CancelBody = BodyOut<typeof booking.cancel>;

/**
 * Closing and cancelling bookings: an unpaid order is closed (its cells freed, as the auto-close job
 * does after the tenant's minutes); an occupancy is released; a paid order's cells are refunded through
 * the order (the checkout's refund, by the original route or another) less the fee of the tenant's
 * cancellation rule, and freed. The FC blacklist rule counts members' cancellations.
 */
export class BookingCancelService {
  constructor(
    private readonly repo: BookingRepository,
    private readonly admin: BookingAdminService,
    private readonly kind: BookingKind,
    private readonly checkout: CheckoutServices,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private async orderOfUser(s: UserSession, orderId: number) {
    const order = await this.repo.findOrder(s.tenantId, orderId);
    if (!order) throw notFound(booking.BOOKING_MSG.orderNotFound);
    assertVenue(s, order.venue_id);
    return order;
  }

  /** 关闭 of an unpaid order: its cells are freed (the same rules as a sale order's close). */
  async close(s: UserSession, orderId: number) {
    const order = await this.orderOfUser(s, orderId);
    const answer = { orderId, orderState: 'C', payState: 'C' };
    if (order.order_type === 'L') throw refuse('占用请使用取消占用');
    if (order.pay_state === 'C' || (await this.repo.closeUnpaid(s.tenantId, { orderId }, iso(this.clock.now()))) > 0) return answer;
    const now = (await this.repo.findOrder(s.tenantId, orderId))!;
    if (now.pay_state === 'C') return answer;
    if (now.pay_state === 'N' || now.pay_lock) throw refuse(sale.CLOSE_PENDING_REFUSED);
    throw refuse(sale.CLOSE_PAID_REFUSED);
  }

  /** The auto-close job's part: the tenant's unpaid booking orders created before the cutoff. */
  closeUnpaidBefore(tenantId: number, cutoffIso: string) {
    return this.repo.closeUnpaid(tenantId, { createdBefore: cutoffIso }, iso(this.clock.now()));
  }

  async cancel(s: UserSession, b: CancelBody) {
    const order = await this.orderOfUser(s, b.orderId);
    const nowIso = iso(this.clock.now());
    if (order.order_type === 'L') return this.release(s, order.id, order.venue_id, b.detailIds, nowIso);
    if (order.pay_state === 'U' || order.pay_state === 'F') {
      const closed = await this.close(s, order.id);
      const lines = await this.repo.lines(s.tenantId, [order.id]);
      return { ...closed, cancelled: lines.length, fee: 0, refund: null };
    }
    if (order.pay_state === 'N') throw refuse(sale.CLOSE_PENDING_REFUSED);
    if (order.pay_state === 'C') throw refuse('订单已关闭');
    if (order.pay_state === 'FR') throw refuse(refund.refundMsg.nothingLeft);
    const lines = await this.repo.lines(s.tenantId, [order.id]);
    const now = this.clock.now().getTime();
    const chosen = b.detailIds
      ? [...new Set(b.detailIds)].map((id) => {
          const l = lines.find((x) => x.id === id);
          if (!l) throw refuse(booking.BOOKING_MSG.notInOrder);
          const name = booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time);
          if (l.state === 'C') throw refuse(booking.BOOKING_MSG.cancelled(name));
          if (l.state !== 'A') throw refuse('已开场或未到场的场地时段不能退订');
          return l;
        })
      : lines.filter((l) => l.state === 'A' && cellStart(l.use_date, l.begin_time).getTime() > now);
    if (!chosen.length) throw refuse(booking.BOOKING_MSG.nothingToCancel);
    const rule = await this.admin.setting(s.tenantId);
    // The rule's refusal (too late) before anything is written; the refund applies it again at its own time.
    let shareFen = 0;
    for (const l of chosen) {
      cancelFee(rule, cellStart(l.use_date, l.begin_time).getTime(), now, booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time));
      shareFen += Math.floor((l.paid_fen * (l.quantity - l.refunded_quantity)) / l.quantity);
    }
    const done = await this.checkout.refunds.refund(withFee(this.kind, rule), s, {
      orderId: order.id,
      lines: chosen.map((l) => ({ detailId: l.id, quantity: l.quantity - l.refunded_quantity })),
      route: b.route,
      payMode: b.payMode,
      reason: b.reason || '场地预订取消',
      requestId: b.requestId,
    });
    const after = (await this.repo.findOrder(s.tenantId, order.id))!;
    return {
      orderId: order.id,
      orderState: after.order_state,
      payState: after.pay_state,
      cancelled: chosen.length,
      fee: fenToYuan(Math.max(0, shareFen - yuanToFen(done.amount))),
      refund: done,
    };
  }

  /** Releases an occupancy's cells (all not ended, or the chosen ones). */
  private async release(s: UserSession, orderId: number, venueId: number, detailIds: number[] | undefined, nowIso: string) {
    const lines = await this.repo.lines(s.tenantId, [orderId]);
    if (detailIds && detailIds.some((id) => !lines.some((l) => l.id === id))) throw refuse(booking.BOOKING_MSG.notInOrder);
    const ids = (detailIds ?? lines.map((l) => l.id)).filter((id) => {
      const l = lines.find((x) => x.id === id)!;
      return l.state === 'A' && l.ends_at > nowIso;
    });
    if (!ids.length) throw refuse(booking.BOOKING_MSG.nothingToCancel);
    const voided = await this.repo.transaction(async (trx) => {
      const v = await this.repo.voidLines(trx, s.tenantId, orderId, { lineIds: ids, from: ['A'] }, 'CANCEL', nowIso);
      await this.repo.finishIfEmpty(trx, s.tenantId, orderId);
      await this.audit.record(trx, s, { action: 'booking.cancel', target: `场地占用 ${orderId}`, venueId, after: { cells: v.length } });
      return v.length;
    });
    const after = (await this.repo.findOrder(s.tenantId, orderId))!;
    return { orderId, orderState: after.order_state, payState: after.pay_state, cancelled: voided, fee: 0, refund: null };
  }
}
