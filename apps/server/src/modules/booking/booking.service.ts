import { randomBytes } from 'node:crypto';
import { booking, chinaText, Code, fenToYuan, MAX_TOTAL_FEN, totalTooLarge, type BodyOut, type QueryOut } from '@venue/contract';
import type { BookingOrderType } from '../../db/booking-tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { cellsOf, cellStart, weekdayOf } from './booking-grid.ts';
import { BookingPlanner, type AskedCell, type PlannedCell } from './booking-plan.ts';
import type { BookingOrderRow, BookingRepository } from './booking.repository.ts';

/** A slip's code: B, then 20 random base-32 characters (unguessable, scanner friendly). */
export const newCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return 'B' + [...randomBytes(20)].map((b) => alphabet[b % 32]).join('');
};
/** A C field's cell that had no heads left at the write. */
class CellTaken extends Error {
  constructor(readonly cell: PlannedCell) {
    super('cell taken');
  }
}
const NO_HEADS: ReadonlyMap<string, number> = new Map();
type Contact = Pick<BodyOut<typeof booking.createOrder>, 'memberId' | 'cardId' | 'contactName' | 'phone' | 'remark'>;

/** 场地预订: the grid, reservations (R, 固定场), whole-venue orders (P), occupancy (L), lookups and lists. */
export class BookingService {
  constructor(
    private readonly repo: BookingRepository,
    private readonly planner: BookingPlanner,
    private readonly services: { audit: AuditService; autoCloseMinutes: (tenantId: number) => Promise<number> },
    private readonly clock: Clock,
  ) {}

  async grid(s: UserSession, q: QueryOut<typeof booking.gridQuery>): Promise<booking.Grid> {
    assertVenue(s, q.venueId);
    // Two rounds of reads, each at once (PostgreSQL: on as many connections): what the day is, then what it holds.
    const [card, venueDay, fields, rules] = await Promise.all([
      q.cardId ? this.planner.card(s.tenantId, q.itemId, q.cardId, null) : undefined,
      this.planner.day(s, q.venueId, q.itemId, q.date),
      this.planner.rules.fields(s, q.venueId, q.itemId),
      this.planner.rules.rules(s, q.venueId, q.itemId),
    ]);
    const day = { ...venueDay, cardTypeId: card?.cardTypeId, timesCard: card?.payType === 'T' };
    const ids = fields.map((f) => f.id);
    // Heads are sold on headcount (C) fields only.
    const headIds = fields.filter((f) => f.sale_mode === 'C').map((f) => f.id);
    const [lines, heads] = await Promise.all([this.repo.liveLines(s.tenantId, ids, [q.date]), this.repo.heads(s.tenantId, headIds, [q.date])]);
    // Held cells say when they free: the tenant's minutes, read only when something is held.
    if (lines.some((l) => l.state === 'P')) day.holdMinutes = await this.services.autoCloseMinutes(s.tenantId);
    return {
      venueId: q.venueId,
      itemId: q.itemId,
      date: q.date,
      weekday: weekdayOf(q.date),
      openTime: day.openTime,
      closeTime: day.closeTime,
      closedReason: day.closedReason,
      fields: fields.map((f) => ({
        fieldId: f.id,
        fieldName: f.name,
        saleMode: f.sale_mode,
        capacity: f.capacity,
        slotMinutes: f.slot_minutes,
        // cellsOf takes the field's own lines; heads are on C fields only.
        cells: cellsOf(
          f,
          day,
          rules,
          lines,
          f.sale_mode === 'C' ? new Map(heads.filter((h) => h.field_id === f.id).map((h) => [h.begin_time, h.sold])) : NO_HEADS,
        ),
      })),
    };
  }

  async conflicts(s: UserSession, b: BodyOut<typeof booking.conflicts>) {
    assertVenue(s, b.venueId);
    const card = await this.planner.card(s.tenantId, b.itemId, b.cardId, b.memberId);
    const timesCard = card.payType === 'T';
    const plan = await this.planner.plan(s, b.venueId, b.itemId, BookingPlanner.weekly(b.cells, b.weeks), { cardTypeId: card.cardTypeId, timesCard });
    return {
      cells: plan.cells.length,
      total: fenToYuan(plan.cells.reduce((sum, c) => sum + c.priceFen * c.heads, 0)),
      times: timesCard ? plan.cells.reduce((sum, c) => sum + c.times * c.heads, 0) : null,
      conflicts: plan.conflicts,
    };
  }

  createOrder(s: UserSession, b: BodyOut<typeof booking.createOrder>) {
    return this.book(s, 'R', b.venueId, b.itemId, BookingPlanner.weekly(b.cells, b.weeks), b, b.weeks);
  }

  async createWhole(s: UserSession, b: BodyOut<typeof booking.createWhole>) {
    assertVenue(s, b.venueId);
    const cells = await this.planner.range(s, b.venueId, b.itemId, b.date, b.beginTime, b.endTime);
    return this.book(s, 'P', b.venueId, b.itemId, cells, b, 1);
  }

  async occupy(s: UserSession, b: BodyOut<typeof booking.occupy>) {
    assertVenue(s, b.venueId);
    const cells = BookingPlanner.weekly(await this.planner.range(s, b.venueId, b.itemId, b.date, b.beginTime, b.endTime, b.fieldIds), b.weeks);
    return this.book(s, 'L', b.venueId, b.itemId, cells, { contactName: '', phone: '', remark: b.reason }, b.weeks);
  }

  /**
   * Writes an order holding its cells, in one transaction: an F field's cell by its line (the unique key
   * refuses a second live one, whichever process writes it), a C field's heads by the conditional
   * upsert. A refusal names the cell; nothing is written.
   */
  private async book(s: UserSession, type: BookingOrderType, venueId: number, itemId: number, asked: AskedCell[], c: Contact, weeks: number) {
    assertVenue(s, venueId);
    if (asked.length > booking.MAX_CELLS) throw refuse(`一次最多预订${booking.MAX_CELLS}个时段`);
    const card =
      type === 'L' ? { memberId: null, cardId: null, cardTypeId: undefined, useEnd: null } : await this.planner.card(s.tenantId, itemId, c.cardId, c.memberId);
    // The hold's minutes are for the answer only: read beside the plan and the write, awaited after it.
    const minutesRead = this.services.autoCloseMinutes(s.tenantId);
    minutesRead.catch(() => undefined);
    // F cells only: the write's unique key refuses a taken one (and its refusal reads what holds it), so the plan reads no bookings.
    const plan = await this.planner.plan(s, venueId, itemId, asked, { cardTypeId: card.cardTypeId, occupancy: type === 'L', writeRefusesTaken: true });
    if (plan.conflicts.length) throw BookingPlanner.refusal(plan.conflicts);
    // A card's member prices hold for cells within its validity (a period card pays for nothing else).
    if (card.useEnd !== null && plan.cells.some((x) => x.endsAt.toISOString() > card.useEnd!)) throw refuse('会员卡有效期不足以覆盖所选时段');
    const total = plan.cells.reduce((sum, x) => sum + x.priceFen * x.heads, 0);
    if (total > MAX_TOTAL_FEN) throw refuse(totalTooLarge('订单总金额'));
    const nowIso = iso(this.clock.now());
    const occupancy = type === 'L';
    // One order of cells for every writer (field, date, slot): two orders sharing cells wait for each other, never deadlock.
    plan.cells.sort((a, b) => a.field.id - b.field.id || a.date.localeCompare(b.date) || a.begin.localeCompare(b.begin));
    const order = {
      tenant_id: s.tenantId,
      venue_id: venueId,
      item_id: itemId,
      member_id: card.memberId,
      card_id: card.cardId,
      order_type: type,
      code: newCode(),
      order_state: occupancy ? ('A' as const) : ('P' as const),
      pay_state: occupancy ? ('P' as const) : ('U' as const),
      price_pay_fen: total,
      pay_mode: null,
      pay_lock: null,
      pay_lock_until: null,
      paid_at: occupancy ? nowIso : null,
      contact_name: c.contactName,
      phone: c.phone,
      remark: c.remark ?? '',
      weeks,
      created_by: s.userId,
      username: s.username,
      created_at: nowIso,
    };
    const lines = plan.cells.map((x) => ({
      tenant_id: s.tenantId,
      field_id: x.field.id,
      field_name: x.field.name,
      use_date: x.date,
      begin_time: x.begin,
      end_time: x.end,
      ends_at: iso(x.endsAt),
      quantity: x.heads,
      price_fen: x.priceFen,
      state: occupancy ? ('A' as const) : ('P' as const),
      exclusive: x.field.sale_mode === 'F' ? 1 : 0,
      void_kind: null,
      voided_at: null,
      checked_by: null,
      checked_at: null,
    }));
    const heads = plan.cells.filter((p) => p.field.sale_mode === 'C');
    try {
      // Only cells of F fields and nothing else to write: one statement on PostgreSQL (the order and its
      // lines, all or nothing; the unique key refuses a taken cell); else one transaction.
      const orderId =
        !heads.length && !occupancy && this.repo.oneStatement
          ? await this.repo.insertOrderAtOnce(order, lines)
          : await this.repo.transaction(async (trx) => {
              for (const x of heads) {
                const took = await this.repo.takeHeads(trx, s.tenantId, {
                  field_id: x.field.id,
                  use_date: x.date,
                  begin_time: x.begin,
                  heads: x.heads,
                  capacity: x.field.capacity,
                });
                if (!took) throw new CellTaken(x);
              }
              const id = await this.repo.insertOrder(trx, order, lines);
              if (occupancy)
                await this.services.audit.record(trx, s, {
                  action: 'booking.occupy',
                  target: `场地占用 ${id}`,
                  venueId,
                  after: { reason: c.remark, cells: plan.cells.length },
                });
              return id;
            });
      const minutes = await minutesRead;
      return {
        orderId,
        orderType: type,
        orderState: occupancy ? 'A' : 'P',
        payState: occupancy ? 'P' : 'U',
        pricePay: fenToYuan(total),
        createTime: chinaText(new Date(nowIso)),
        autoCloseMinutes: minutes,
        // Its cells are held this long; then the auto-close job closes it unless paid (none for an occupancy, nor with 0 minutes).
        holdSeconds: !occupancy && minutes > 0 ? minutes * 60 : null,
      };
    } catch (error) {
      if (error instanceof CellTaken) throw await this.takenRefusal(s, venueId, itemId, [error.cell]);
      if (isUniqueViolation(error)) throw await this.takenRefusal(s, venueId, itemId, plan.cells);
      throw error;
    }
  }

  /** Another desk took a cell between the plan and the write: its refusal, from what is booked now. */
  private async takenRefusal(s: UserSession, venueId: number, itemId: number, cells: PlannedCell[]) {
    const again = await this.planner.plan(
      s,
      venueId,
      itemId,
      cells.map((x) => ({ fieldId: x.field.id, date: x.date, beginTime: x.begin, heads: x.heads })),
    );
    if (again.conflicts.length) return BookingPlanner.refusal(again.conflicts);
    const x = cells[0];
    return refuse(booking.BOOKING_MSG.taken(booking.cellName(x.field.name, x.date, x.begin, x.end)));
  }

  // ---- Orders ----
  async toOrders(tenantId: number, orders: (BookingOrderRow & { venue_name: string; item_name: string; member_name: string | null })[]) {
    const lines = await this.repo.lines(
      tenantId,
      orders.map((o) => o.id),
    );
    return orders.map((o): booking.BookingOrder => ({
      orderId: o.id,
      code: o.code,
      orderType: o.order_type,
      orderState: o.order_state,
      payState: o.pay_state,
      pricePay: fenToYuan(o.price_pay_fen),
      venueId: o.venue_id,
      venueName: o.venue_name,
      itemId: o.item_id,
      itemName: o.item_name,
      memberId: o.member_id,
      memberName: o.member_name,
      cardId: o.card_id,
      contactName: o.contact_name,
      phone: o.phone,
      remark: o.remark,
      weeks: o.weeks,
      createName: o.username,
      createTime: chinaText(new Date(o.created_at)),
      refundType: o.refund_type,
      refundedAmount: fenToYuan(o.refunded_fen),
      details: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          detailId: l.id,
          fieldId: l.field_id,
          fieldName: l.field_name,
          useDate: l.use_date,
          beginTime: l.begin_time,
          endTime: l.end_time,
          quantity: l.quantity,
          refundedQuantity: l.refunded_quantity,
          price: fenToYuan(l.price_fen),
          state: l.state,
        })),
    }));
  }

  async orderPage(s: UserSession, q: QueryOut<typeof booking.orderQuery>) {
    if (q.venueId) assertVenue(s, q.venueId);
    const { total, records } = await this.repo.orderPage(
      s.tenantId,
      { visible: inUserVenues(s, 'o.venue_id'), venueId: q.venueId, orderId: q.orderId, orderType: q.orderType, useDate: q.useDate, phone: q.phone },
      pageWindow(q),
    );
    return { total, records: await this.toOrders(s.tenantId, records) };
  }

  /** The order a slip's QR code or an order number names (快速核销 › 场馆业务). */
  async lookup(s: UserSession, code: string) {
    const orderId = await this.repo.orderOfCode(s.tenantId, code);
    const [order] = orderId ? await this.repo.ordersById(s.tenantId, [orderId]) : [];
    if (!order) throw new BizError(Code.NO_DATA, booking.BOOKING_MSG.notFound);
    assertVenue(s, order.venue_id);
    return (await this.toOrders(s.tenantId, [order]))[0];
  }

  /**
   * Opens cells of one order (入场): each paid (A), on its date from OPEN_EARLY_MINUTES before its start
   * until its end, taken by a conditional update in one transaction: of two desks racing one opens it,
   * the other is told it is open already; nothing is written on a refusal.
   */
  async check(s: UserSession, orderId: number, detailIds: number[]) {
    const order = await this.repo.findOrder(s.tenantId, orderId);
    if (!order) throw new BizError(Code.NO_DATA, booking.BOOKING_MSG.notFound);
    assertVenue(s, order.venue_id);
    if (order.order_type === 'L') throw refuse('占用的场地不需要开场');
    const lines = await this.repo.lines(s.tenantId, [order.id]);
    const now = this.clock.now();
    const chosen = [...new Set(detailIds)].map((id) => {
      const l = lines.find((x) => x.id === id);
      if (!l) throw refuse(booking.BOOKING_MSG.notInOrder);
      const name = booking.cellName(l.field_name, l.use_date, l.begin_time, l.end_time);
      if (l.state === 'P') throw refuse(booking.BOOKING_MSG.unpaid);
      if (l.state === 'C') throw refuse(booking.BOOKING_MSG.cancelled(name));
      if (l.state === 'U') throw refuse(booking.BOOKING_MSG.opened(name));
      if (l.state === 'N' || now.toISOString() >= l.ends_at) throw refuse(booking.BOOKING_MSG.ended(name));
      const from = cellStart(l.use_date, l.begin_time).getTime() - booking.OPEN_EARLY_MINUTES * 60_000;
      if (now.getTime() < from) throw refuse(booking.BOOKING_MSG.notYet(chinaText(from).slice(0, 16)));
      return { ...l, name };
    });
    await this.repo.transaction(async (trx) => {
      for (const l of chosen)
        if (!(await this.repo.open(trx, s.tenantId, order.id, l.id, s.userId, iso(now)))) throw refuse(booking.BOOKING_MSG.opened(l.name));
    });
    return { opened: chosen.length, orderId: order.id };
  }
}
