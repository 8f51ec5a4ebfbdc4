import { booking, type Conflict } from '@venue/contract';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation, refuse, type BizError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/index.ts';
import type { BookingAdminRepository, FieldRow } from './booking-admin.repository.ts';
import { cellEnd, cellStart, minutesOf, slotsOf } from './booking-grid.ts';
import { BookingPlanner } from './booking-plan.ts';
import type { BookingRepository } from './booking.repository.ts';
import { newCode } from './booking.service.ts';

/** A stretch of time on one date another module needs a field for (a course session): HH:mm, end after begin. */
export interface OccupiedSpan {
  date: string;
  begin: string;
  end: string;
}
/** A field's cell a span takes: every slot overlapping it. */
export interface OccupiedCell {
  date: string;
  begin: string;
  end: string;
}
/** The field as an occupancy needs it. */
export type OccupancyField = Pick<FieldRow, 'id' | 'venue_id' | 'item_id' | 'name' | 'state' | 'sale_mode' | 'capacity' | 'slot_minutes'>;

/** A C field's cell that had heads sold at the write. */
class HeadsTaken extends Error {
  constructor(readonly cell: OccupiedCell) {
    super('heads taken');
  }
}

/**
 * Occupancy (L) written for another module (课程培训's classes), inside that module's transaction: every
 * slot cell of a field a span overlaps, one booking line each (an F field's cell held by the unique key
 * booking_line_cell_uq, a C field's whole capacity by the heads' conditional upsert), so the booking grid
 * shows the cells occupied and nobody books them. A taken cell refuses naming the cell, as a booking's.
 */
export class BookingOccupancy {
  constructor(
    private readonly repo: BookingRepository,
    private readonly admin: BookingAdminRepository,
    private readonly clock: Clock,
  ) {}

  /** The tenant's field, or undefined. */
  field(tenantId: number, fieldId: number): Promise<OccupancyField | undefined> {
    return this.admin.field(tenantId, fieldId);
  }

  /**
   * The days of the range the venue is closed for the item (a closure of the venue or of the item; the
   * venue stopped or the item not offered closes every day), with the reason.
   */
  async closedDays(tenantId: number, venueId: number, itemId: number, dates: string[]): Promise<Map<string, string>> {
    const closed = new Map<string, string>();
    if (!dates.length) return closed;
    const sorted = [...dates].sort();
    const [venue, closures] = await Promise.all([
      this.repo.venue(tenantId, venueId, itemId),
      this.repo.closures(tenantId, venueId, sorted[0], sorted[sorted.length - 1]),
    ]);
    const stopped = !venue ? '场馆不存在' : venue.state !== 'A' ? '场馆已停用' : venue.item_state !== 'A' ? '该项目已停止开放' : null;
    for (const date of sorted) {
      const closure = closures.find((c) => (c.item_id === null || c.item_id === itemId) && c.start_date <= date && c.end_date >= date);
      const reason = stopped ?? closure?.reason;
      if (reason) closed.set(date, reason);
    }
    return closed;
  }

  /** The cells of the field each span takes (slots overlapping it), or the conflicts: outside the hours, the field stopped, past, taken. */
  async plan(tenantId: number, field: OccupancyField, spans: OccupiedSpan[]): Promise<{ cells: OccupiedCell[]; conflicts: Conflict[] }> {
    const dates = [...new Set(spans.map((s) => s.date))];
    const [venue, lines, heads] = await Promise.all([
      this.repo.venue(tenantId, field.venue_id),
      this.repo.liveLines(tenantId, [field.id], dates),
      this.repo.heads(tenantId, [field.id], dates),
    ]);
    const cells: OccupiedCell[] = [];
    const conflicts: Conflict[] = [];
    const conflict = (date: string, begin: string, end: string, reason: string) =>
      conflicts.push({ fieldId: field.id, fieldName: field.name, date, beginTime: begin, endTime: end, reason });
    const nowMs = this.clock.now().getTime();
    const taken = new Set(lines.map((l) => `${l.use_date}|${l.begin_time}`));
    for (const h of heads) if (h.sold > 0) taken.add(`${h.use_date}|${h.begin_time}`);
    for (const span of spans) {
      const name = booking.cellName(field.name, span.date, span.begin, span.end);
      if (field.state !== 'A') {
        conflict(span.date, span.begin, span.end, booking.BOOKING_MSG.stopped(field.name));
        continue;
      }
      if (!venue || minutesOf(span.begin) < minutesOf(venue.open_time) || minutesOf(span.end) > minutesOf(venue.close_time)) {
        conflict(span.date, span.begin, span.end, booking.BOOKING_MSG.outside(name));
        continue;
      }
      if (cellStart(span.date, span.begin).getTime() <= nowMs) {
        conflict(span.date, span.begin, span.end, booking.BOOKING_MSG.past(name));
        continue;
      }
      const slots = slotsOf(field, venue.open_time, venue.close_time).filter((s) => s.begin < span.end && s.end > span.begin);
      for (const s of slots) {
        if (taken.has(`${span.date}|${s.begin}`))
          conflict(span.date, s.begin, s.end, booking.BOOKING_MSG.taken(booking.cellName(field.name, span.date, s.begin, s.end)));
        else cells.push({ date: span.date, begin: s.begin, end: s.end });
      }
    }
    return { cells, conflicts };
  }

  /** The refusal of conflicts: the one reason, or how many and the first. */
  refusal(conflicts: Conflict[]): BizError {
    return BookingPlanner.refusal(conflicts);
  }

  /**
   * Writes the cells (planned by `plan`) as lines of the occupancy order `orderId`, or of a new L order of
   * the field's item with `reason` as its remark; answers the order. Inside the caller's transaction: a
   * cell taken meanwhile throws (the unique key, or HeadsTaken): `explain` turns it into the refusal.
   */
  async write(trx: Executor, actor: AuditActor & { userId: number }, field: OccupancyField, cells: OccupiedCell[], reason: string, orderId?: number | null) {
    const nowIso = this.clock.now().toISOString();
    const sorted = [...cells].sort((a, b) => a.date.localeCompare(b.date) || a.begin.localeCompare(b.begin));
    if (field.sale_mode === 'C')
      for (const c of sorted) {
        const took = await this.repo.takeHeads(trx, actor.tenantId, {
          field_id: field.id,
          use_date: c.date,
          begin_time: c.begin,
          heads: field.capacity,
          capacity: field.capacity,
        });
        if (!took) throw new HeadsTaken(c);
      }
    const lines = sorted.map((c) => ({
      tenant_id: actor.tenantId,
      field_id: field.id,
      field_name: field.name,
      use_date: c.date,
      begin_time: c.begin,
      end_time: c.end,
      ends_at: cellEnd(c.date, c.end).toISOString(),
      quantity: field.sale_mode === 'C' ? field.capacity : 1,
      price_fen: 0,
      state: 'A' as const,
      exclusive: field.sale_mode === 'F' ? 1 : 0,
      void_kind: null,
      voided_at: null,
      checked_by: null,
      checked_at: null,
    }));
    if (orderId) {
      for (let i = 0; i < lines.length; i += 200)
        await trx
          .insertInto('booking_line')
          .values(lines.slice(i, i + 200).map((l) => ({ ...l, order_id: orderId })))
          .execute();
      await trx.updateTable('booking_order').set({ order_state: 'A' }).where('tenant_id', '=', actor.tenantId).where('id', '=', orderId).execute();
      return orderId;
    }
    return this.repo.insertOrder(
      trx,
      {
        tenant_id: actor.tenantId,
        venue_id: field.venue_id,
        item_id: field.item_id,
        member_id: null,
        card_id: null,
        order_type: 'L',
        code: newCode(),
        order_state: 'A',
        pay_state: 'P',
        price_pay_fen: 0,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: nowIso,
        contact_name: '',
        phone: '',
        remark: reason,
        weeks: 1,
        created_by: actor.userId,
        username: actor.username,
        created_at: nowIso,
      },
      lines,
    );
  }

  /** The refusal of a write that met a cell taken meanwhile (re-planned from what is booked now), or undefined for another error. */
  async explain(error: unknown, tenantId: number, field: OccupancyField, spans: OccupiedSpan[]): Promise<BizError | undefined> {
    if (!(error instanceof HeadsTaken) && !isUniqueViolation(error)) return undefined;
    const again = await this.plan(tenantId, field, spans);
    if (again.conflicts.length) return this.refusal(again.conflicts);
    const c = error instanceof HeadsTaken ? error.cell : spans[0];
    return refuse(booking.BOOKING_MSG.taken(booking.cellName(field.name, c.date, c.begin, c.end)));
  }

  /** Frees the cells of the order a span took (a session cancelled): its lines still to be used become void and give their heads back. */
  async release(trx: Executor, tenantId: number, orderId: number, spans: OccupiedSpan[]) {
    const nowIso = this.clock.now().toISOString();
    const lines = await this.repo.lines(tenantId, [orderId], trx);
    const ids = lines
      .filter((l) => l.state === 'A' && spans.some((s) => s.date === l.use_date && l.begin_time < s.end && l.end_time > s.begin))
      .map((l) => l.id);
    if (!ids.length) return 0;
    const voided = await this.repo.voidLines(trx, tenantId, orderId, { lineIds: ids, from: ['A'] }, 'CANCEL', nowIso);
    await this.repo.finishIfEmpty(trx, tenantId, orderId);
    return voided.length;
  }
}
