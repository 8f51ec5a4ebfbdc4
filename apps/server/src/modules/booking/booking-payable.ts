import { allocatePaid, booking, fenToYuan, type BookingSetting } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { OrderLineRow, PayableKind, PayableLineDto, RefundableKind, RefundableLine } from '../checkout/index.ts';
import type { BookingAdminRepository } from './booking-admin.repository.ts';
import { cellStart, ruleFor, timesOf } from './booking-grid.ts';
import type { BookingOrderRow, BookingRepository } from './booking.repository.ts';

type Line = OrderLineRow<'booking_line'> & { price_orig_fen: number };
export type BookingKind = PayableKind<BookingOrderRow, Line, PayableLineDto> & RefundableKind<BookingOrderRow>;
/** A line as a cancellation's refund sees it: what it was paid (in times too, when a times card paid) and when it starts. */
type CancelLine = RefundableLine & QuotedCell;

const HOUR_MS = 3_600_000;
const RELEASED = '订单的场地时段已释放，不能支付';

/**
 * The fee of cancelling a cell at `now` by the tenant's rule, in percent, or the refusal: too late
 * (within cancelBeforeHours of its start, or started), free at least freeBeforeHours before it.
 */
export function cancelFee(rule: BookingSetting, startsMs: number, nowMs: number, cell: string): number {
  if (nowMs >= startsMs) throw refuse(booking.BOOKING_MSG.started(cell));
  if (rule.cancelBeforeHours > 0 && startsMs - nowMs < rule.cancelBeforeHours * HOUR_MS) throw refuse(booking.BOOKING_MSG.tooLate(rule.cancelBeforeHours));
  if (rule.freeBeforeHours > 0 && startsMs - nowMs >= rule.freeBeforeHours * HOUR_MS) return 0;
  return rule.feePercent;
}

const feeSplit = (paidFen: number, lineQuantity: number, quantity: number, feePercent: number) => {
  const shareFen = Math.floor((paidFen * quantity) / lineQuantity);
  const feeFen = Math.ceil((shareFen * feePercent) / 100);
  return { shareFen, feePercent, feeFen, refundFen: shareFen - feeFen };
};

/** What `quantity` units of a paid cell give back after the fee: its paid share, less the fee (whole fen, the fee rounded up). */
export const refundAfterFee = (paidFen: number, lineQuantity: number, quantity: number, feePercent: number) =>
  feeSplit(paidFen, lineQuantity, quantity, feePercent).refundFen;

/** A paid cell as a cancellation sees it: what it was paid for its units, when it starts, what it is called. */
export interface QuotedCell {
  paid_fen: number;
  /** Times one unit cost the times card that paid it; 0: paid by money. */
  times: number;
  quantity: number;
  starts: number;
  cell: string;
}
/** A cancellation's reckoning of a cell: its money (and its times, when a times card paid it; else null). */
export type CancelQuote = ReturnType<typeof feeSplit> & { times: TimesQuote | null };

/**
 * What `quantity` units of a cell paid by a times card give back to it after the fee, in times. Times are
 * whole: the fee is the percent of the cell's times rounded up to a whole time (as the money fee is
 * rounded up to the fen), so the card never gets back more than the cell took less the fee; e.g. a
 * cell of 1 time at 20% gives back 0, of 3 heads at 1 time each gives back 2. Reckoned per cell, as the
 * money is, so cancelling cells one by one or together gives back the same.
 */
export function timesSplit(timesPerUnit: number, quantity: number, feePercent: number) {
  const paid = timesPerUnit * quantity;
  const fee = Math.ceil((paid * feePercent) / 100);
  return { paid, fee, refund: paid - fee };
}

/**
 * The one rule of cancelling `quantity` units of a paid cell at `nowMs`: its paid share, the fee kept and
 * the refund, or the refusal (too late, started). The cancellation's check, its refund (`withFee`) and
 * the preview all ask this.
 */
export function cancelQuote(rule: BookingSetting, line: QuotedCell, quantity: number, nowMs: number): CancelQuote {
  const feePercent = cancelFee(rule, line.starts, nowMs, line.cell);
  return { ...feeSplit(line.paid_fen, line.quantity, quantity, feePercent), times: line.times > 0 ? timesSplit(line.times, quantity, feePercent) : null };
}
export type TimesQuote = ReturnType<typeof timesSplit>;

/**
 * A booking order as the checkout pays and refunds it: stored-value cards (M) by amount (a card type's
 * member price was applied when the order was made), period cards (D), and times cards (T) by times: a
 * T card pays the whole order alone, each cell (a head on a C field) the times its price rule sets for
 * the card's type (DEFAULT_TIMES without an entry), the type covering the order's item. Once paid its
 * cells are to be used (A), each with what it was paid (and its times); a refund (a cancellation) takes
 * back cells not opened yet (`withFee` applies the tenant's cancellation rule, to money and times alike),
 * which become void (C) and free their cells.
 */
export function bookingKind(repo: BookingRepository, admin: Pick<BookingAdminRepository, 'rules'>, clock: Clock): BookingKind {
  return {
    orderType: booking.BOOKING_ORDER_TYPE,
    label: '场地预订',
    orderName: '场地预订订单',
    tradePrefix: 'FB',
    table: 'booking_order',
    lineTable: 'booking_line',
    paidOrderState: 'A',
    // M cards pay by amount; a period card (D) pays nothing itself but is checked valid and for the item
    // by the ledger (its type's member price, often 0, was set when the order was made); a times card (T)
    // pays by times (`cardTimes`).
    cardPayTypes: ['M', 'D', 'T'],
    cardRefusal: '该会员卡不能用于场地预订',
    async cardTimes(tenantId, order, lines, cardTypeId) {
      // The rules as they are now (an unpaid order holds its cells minutes, not days): each cell's entry for the type.
      const rules = await admin.rules(tenantId, order.venue_id, order.item_id);
      const perUnit = lines.map((l) => timesOf(ruleFor(rules, l.field_id, l.use_date, l.begin_time, l.end_time), cardTypeId));
      return { itemId: order.item_id, perUnit, total: lines.reduce((sum, l, i) => sum + perUnit[i] * l.quantity, 0) };
    },
    notFoundMessage: booking.BOOKING_MSG.orderNotFound,
    find: (tenantId, orderId, db) => repo.findOrder(tenantId, orderId, db),
    lines: async (tenantId, orderId, db) => (await repo.lines(tenantId, [orderId], db)).map((l) => ({ ...l, price_orig_fen: l.price_fen })),
    toLine: (l) => ({
      detailId: l.id,
      goodsName: `${l.field_name} ${l.use_date} ${l.begin_time}-${l.end_time}`,
      quantity: l.quantity,
      price: fenToYuan(l.price_fen),
      pricePay: fenToYuan(l.price_fen),
    }),
    refundLines: async (tenantId, orderId, db) =>
      (await repo.lines(tenantId, [orderId], db)).map((l): CancelLine => ({
        id: l.id,
        item_id: l.field_id,
        name: booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time),
        specs: '',
        unit: l.exclusive ? '场' : '人',
        quantity: l.quantity,
        refunded_quantity: l.refunded_quantity,
        price_pay_fen: l.price_fen,
        // Opened or not used by its end: paid for and kept; a void one has nothing left.
        kept: l.refunded_quantity === 0 && l.state !== 'A',
        paid_fen: l.paid_fen,
        times: l.times,
        starts: cellStart(l.use_date, l.begin_time).getTime(),
        cell: booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time),
      })),
    // The lines the payment was planned on, not read again: an unpaid order's cells are freed only with
    // the order closed (C), which the claim before this refused; the update takes each only if still held.
    async fulfil(trx, { tenantId, order, times }, lines, paidFen) {
      const held = lines.filter((l) => l.state === 'P');
      if (!held.length) throw refuse(RELEASED);
      const shares = allocatePaid(
        held.map((l) => l.price_fen * l.quantity),
        paidFen,
      );
      // Paid by a times card: each cell keeps the times a unit of it took (`times.perUnit` follows `lines`,
      // the lines the times were reckoned on); one update marks them all paid with their shares and times.
      const timesOfLine = new Map(lines.map((l, i) => [l.id, times?.perUnit[i] ?? 0]));
      const made = await repo.makeUsable(
        trx,
        tenantId,
        order.id,
        new Map(held.map((l, i) => [l.id, { paidFen: shares[i], times: timesOfLine.get(l.id) ?? 0 }])),
      );
      if (made !== held.length) throw refuse(RELEASED);
    },
    async restore(trx, { tenantId, order }, lines) {
      const now = iso(clock.now());
      const all = await repo.lines(tenantId, [order.id], trx);
      for (const asked of lines) {
        const line = all.find((l) => l.id === asked.line_id);
        if (!line || line.state !== 'A') throw refuse('已开场的场地时段不能退订');
        // The line's refunded units already count these (the refund held them first). Every unit given
        // back: the cell is free again; else only these heads.
        if (line.refunded_quantity >= line.quantity) await repo.voidLines(trx, tenantId, order.id, { lineIds: [line.id], from: ['A'] }, 'CANCEL', now, false);
        if (!line.exclusive) await repo.releaseHeads(trx, tenantId, line.field_id, line.use_date, line.begin_time, asked.quantity);
      }
      await repo.finishIfEmpty(trx, tenantId, order.id);
    },
    // Without the tenant's rule (withFee): every time the units took.
    refundTimes: (line, quantity) => (line as CancelLine).times * quantity,
  };
}

/** The refund price of the kind's lines under the fee: for the checkout's `refundFen`. */
export function withFee(kind: BookingKind, rule: BookingSetting): BookingKind {
  return {
    ...kind,
    refundFen(line, quantity, _asked, nowIso) {
      return cancelQuote(rule, line as CancelLine, quantity, Date.parse(nowIso)).refundFen;
    },
    refundTimes(line, quantity, nowIso) {
      return cancelQuote(rule, line as CancelLine, quantity, Date.parse(nowIso)).times?.refund ?? 0;
    },
  };
}
