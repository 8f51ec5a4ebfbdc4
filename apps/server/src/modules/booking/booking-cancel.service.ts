import { booking, fenToYuan, refund, sale, yuanToFen, type BodyOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CheckoutServices } from '../checkout/index.ts';
import type { BookingAdminService } from './booking-admin.service.ts';
import { cellStart } from './booking-grid.ts';
import { cancelQuote, withFee, type BookingKind, type CancelQuote } from './booking-payable.ts';
import type { BookingOrderRow, BookingRepository } from './booking.repository.ts';

type CancelBody = BodyOut<typeof booking.cancel>;
/** An order paid by a times card: its paid cells keep the times a unit took (only a times card's payment sets them). */
const paidByTimes = (lines: { times: number }[]) => lines.some((l) => l.times > 0);
type Line = Awaited<ReturnType<BookingRepository['lines']>>[number];
/** A cell as a cancellation reads it: taken by it or not, why it cannot be, what it keeps and gives back (paid cells). */
interface Verdict {
  line: Line;
  chosen: boolean;
  refusal: string | null;
  quote: CancelQuote | null;
}
interface Verdicts {
  cells: Verdict[];
  /** Why the cancellation as asked is refused, or null. */
  refusal: string | null;
  lines: Line[];
}

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

  /**
   * What a cancellation of these cells (absent: the default ones) does now, cell by cell, and whether it
   * is accepted: the one reading of the order, its cells' states and the tenant's rule (`cancelQuote`)
   * that `cancel` acts on and `preview` shows. Nothing is written.
   */
  private async verdicts(s: UserSession, order: BookingOrderRow, detailIds: number[] | undefined): Promise<Verdicts> {
    const lines = await this.repo.lines(s.tenantId, [order.id]);
    const now = this.clock.now().getTime();
    const nowIso = iso(new Date(now));
    const asked = detailIds ? new Set(detailIds) : null;
    if (detailIds?.some((id) => !lines.some((l) => l.id === id))) return { cells: [], refusal: booking.BOOKING_MSG.notInOrder, lines };
    const nameOf = (l: Line) => booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time);
    const free = (l: Line, chosen: boolean, refusal: string | null): Verdict => ({ line: l, chosen, refusal, quote: null });
    let cells: Verdict[];
    if (order.order_type === 'L') {
      // An occupancy: its cells not ended are released, at no fee; asked ones already gone are left out.
      cells = lines.map((l) => {
        const refusal = l.state === 'C' ? booking.BOOKING_MSG.cancelled(nameOf(l)) : l.ends_at <= nowIso ? booking.BOOKING_MSG.ended(nameOf(l)) : null;
        return free(l, !refusal && (!asked || asked.has(l.id)), refusal);
      });
    } else if (order.pay_state === 'U' || order.pay_state === 'F') {
      // Unpaid: the order is closed, every held cell freed, whichever were asked.
      cells = lines.map((l) => free(l, l.state === 'P', l.state === 'P' ? null : booking.BOOKING_MSG.cancelled(nameOf(l))));
      return { cells, refusal: null, lines };
    } else if (order.pay_state === 'N' || order.pay_state === 'C' || order.pay_state === 'FR') {
      const refusal = order.pay_state === 'N' ? sale.CLOSE_PENDING_REFUSED : order.pay_state === 'C' ? '订单已关闭' : refund.refundMsg.nothingLeft;
      return { cells: lines.map((l) => free(l, false, refusal)), refusal, lines };
    } else {
      const rule = await this.admin.setting(s.tenantId);
      cells = lines.map((l) => {
        const name = nameOf(l);
        const chosen = asked ? asked.has(l.id) : l.state === 'A' && cellStart(l.use_date, l.begin_time).getTime() > now;
        if (l.state === 'C') return free(l, chosen, booking.BOOKING_MSG.cancelled(name));
        if (l.state !== 'A') return free(l, chosen, '已开场或未到场的场地时段不能退订');
        const cell = { paid_fen: l.paid_fen, times: l.times, quantity: l.quantity, starts: cellStart(l.use_date, l.begin_time).getTime(), cell: name };
        try {
          return { line: l, chosen, refusal: null, quote: cancelQuote(rule, cell, l.quantity - l.refunded_quantity, now) };
        } catch (error) {
          if (error instanceof BizError) return free(l, chosen, error.message);
          throw error;
        }
      });
      // The asked cells' refusals in the order asked; then the rule's (too late) as the refund would say it.
      const first = (detailIds ?? []).map((id) => cells.find((c) => c.line.id === id)!).find((c) => c.refusal);
      if (first) return { cells, refusal: first.refusal, lines };
    }
    const chosen = cells.filter((c) => c.chosen);
    const refusal = !chosen.length ? booking.BOOKING_MSG.nothingToCancel : (chosen.find((c) => c.refusal)?.refusal ?? null);
    return { cells, refusal, lines };
  }

  /** 退订预览: per cell and in total, what `cancel` with the same cells would keep and give back now, or its refusal. */
  async preview(s: UserSession, orderId: number, detailIds: number[] | undefined) {
    const order = await this.orderOfUser(s, orderId);
    const { cells, refusal, lines } = await this.verdicts(s, order, detailIds);
    const byTimes = paidByTimes(lines);
    const shown = lines.map((l) => {
      const v = cells.find((c) => c.line.id === l.id);
      const q = v?.quote;
      return {
        detailId: l.id,
        fieldName: l.field_name,
        useDate: l.use_date,
        beginTime: l.begin_time,
        endTime: l.end_time,
        quantity: l.quantity - l.refunded_quantity,
        chosen: v?.chosen ?? false,
        cancellable: !!v && !v.refusal,
        reason: v ? v.refusal : refusal,
        feePercent: q?.feePercent ?? 0,
        paidFen: q?.shareFen ?? 0,
        feeFen: q?.feeFen ?? 0,
        refundFen: q?.refundFen ?? 0,
        // Paid by a times card: the cell in times (a cell it cannot cancel gives nothing back).
        times: byTimes ? (q?.times ?? { paid: 0, fee: 0, refund: 0 }) : null,
      };
    });
    const chosen = shown.filter((c) => c.chosen && c.cancellable);
    const sum = (k: 'paidFen' | 'feeFen' | 'refundFen') => fenToYuan(chosen.reduce((t, c) => t + c[k], 0));
    const sumTimes = (k: 'paid' | 'fee' | 'refund') => chosen.reduce((t, c) => t + (c.times?.[k] ?? 0), 0);
    return {
      orderId: order.id,
      payState: order.pay_state,
      cancellable: !refusal,
      reason: refusal,
      paid: sum('paidFen'),
      fee: sum('feeFen'),
      refund: sum('refundFen'),
      times: byTimes ? { paid: sumTimes('paid'), fee: sumTimes('fee'), refund: sumTimes('refund') } : null,
      cells: shown.map(({ paidFen, feeFen, refundFen, ...c }) => ({ ...c, paid: fenToYuan(paidFen), fee: fenToYuan(feeFen), refund: fenToYuan(refundFen) })),
    };
  }

  async cancel(s: UserSession, b: CancelBody) {
    const order = await this.orderOfUser(s, b.orderId);
    const nowIso = iso(this.clock.now());
    if (order.order_type === 'L') return this.release(s, order.id, order.venue_id, b.detailIds, nowIso);
    if (order.pay_state === 'U' || order.pay_state === 'F') {
      const closed = await this.close(s, order.id);
      const lines = await this.repo.lines(s.tenantId, [order.id]);
      return { ...closed, cancelled: lines.length, fee: 0, refund: null, times: null };
    }
    // The refusal (a cell not to be cancelled, too late) before anything is written; the refund applies the rule again at its own time.
    const { cells, refusal } = await this.verdicts(s, order, b.detailIds ? [...new Set(b.detailIds)] : undefined);
    if (refusal) throw refuse(refusal);
    const chosen = cells.filter((c) => c.chosen);
    const rule = await this.admin.setting(s.tenantId);
    const shareFen = chosen.reduce((sum, c) => sum + c.quote!.shareFen, 0);
    const paidTimes = chosen.reduce((sum, c) => sum + (c.quote!.times?.paid ?? 0), 0);
    const done = await this.checkout.refunds.refund(withFee(this.kind, rule), s, {
      orderId: order.id,
      lines: chosen.map(({ line: l }) => ({ detailId: l.id, quantity: l.quantity - l.refunded_quantity })),
      route: b.route,
      payMode: b.payMode,
      reason: b.reason || '场地预订取消',
      requestId: b.requestId,
    });
    const after = (await this.repo.findOrder(s.tenantId, order.id))!;
    // Paid by a times card: the times the refund gave back to it, and those the fee kept.
    const timesBack = done.parts.find((p) => p.times !== null)?.times ?? 0;
    return {
      orderId: order.id,
      orderState: after.order_state,
      payState: after.pay_state,
      cancelled: chosen.length,
      fee: fenToYuan(Math.max(0, shareFen - yuanToFen(done.amount))),
      refund: done,
      times: paidByTimes(chosen.map((c) => c.line)) ? { fee: Math.max(0, paidTimes - timesBack), refund: timesBack } : null,
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
    return { orderId, orderState: after.order_state, payState: after.pay_state, cancelled: voided, fee: 0, refund: null, times: null };
  }
}
