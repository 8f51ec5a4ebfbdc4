import { addChinaDays, booking, chinaDate, Code, member, type Conflict } from '@venue/contract';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldRow } from './booking-admin.repository.ts';
import { cellEnd, daySlots, headsLeft, priceOf, ruleFor, slotsOf, timesOf, unsellable, type DayContext, type RuleRow } from './booking-grid.ts';
import type { BookingRulesCache, RulesReader } from './booking-rules-cache.ts';
import type { BookingRepository } from './booking.repository.ts';

/** A cell asked for: a field, a date, a slot start, heads (C). */
export interface AskedCell {
  fieldId: number;
  date: string;
  beginTime: string;
  heads: number;
}
/** A cell that can be booked, priced. */
export interface PlannedCell {
  field: FieldRow;
  date: string;
  begin: string;
  end: string;
  endsAt: Date;
  heads: number;
  priceFen: number;
  /** With a times card (PlanMode.timesCard): the times one unit takes from it; else 0. */
  times: number;
}
export interface Plan {
  cells: PlannedCell[];
  conflicts: Conflict[];
}
/** How a plan prices and checks: an occupancy needs no price; its cells are taken whole. */
export interface PlanMode {
  cardTypeId?: number;
  /** The card of `cardTypeId` is a times card (T): each cell is also reckoned in times. */
  timesCard?: boolean;
  occupancy?: boolean;
  /**
   * The plan is for a write that refuses a taken cell of an F field itself (the unique key of a live
   * cell): cells of F fields only are planned without reading what is booked, and only a plan with a
   * conflict reads it, so its refusal lists every conflict as before.
   */
  writeRefusesTaken?: boolean;
}

/**
 * Checks cells against the venue's hours and closures (项目设置, 闭馆), the fields, the prices and
 * what is booked already, as read now: each cell is planned with its price, or listed as a conflict
 * with its reason. The write re-checks (the unique key, the heads' upsert): this read only explains.
 */
export class BookingPlanner {
  constructor(
    private readonly repo: BookingRepository,
    /** The venue, its items' settings and closures, the fields and their prices (kept by the rules version). */
    readonly rules: BookingRulesCache,
    private readonly clock: Clock,
  ) {}

  /** The venue's hours and the closure of the item on a date. */
  async day(t: RulesReader, venueId: number, itemId: number, date: string, cardTypeId?: number): Promise<DayContext> {
    const [venue, closure] = await Promise.all([this.rules.venue(t, venueId, itemId), this.rules.closureOn(t, venueId, itemId, date)]);
    if (!venue) throw notFound('场馆不存在');
    // A stopped venue, or an item the venue does not offer (or stopped in 项目设置), is closed like a closure day.
    const stopped = venue.state !== 'A' ? '场馆已停用' : venue.item_state !== 'A' ? '该项目已停止开放' : null;
    return {
      date,
      openTime: venue.open_time,
      closeTime: venue.close_time,
      closedReason: stopped ?? closure?.reason ?? null,
      now: this.clock.now(),
      cardTypeId,
    };
  }

  /** The card whose type's member prices apply: the member's, usable, allowing the item. Answers the member and the type. */
  async card(tenantId: number, itemId: number, cardId: number | null | undefined, memberId: number | null | undefined) {
    if (memberId && !(await this.repo.memberExists(tenantId, memberId))) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    if (!cardId) return { memberId: memberId ?? null, cardId: null, cardTypeId: undefined, payType: undefined, useEnd: null };
    const card = await this.repo.card(tenantId, cardId, itemId);
    if (!card) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    if (memberId && card.member_id !== memberId) throw refuse(booking.BOOKING_MSG.cardNotMember);
    const nowIso = this.clock.now().toISOString();
    if (card.state !== 'A' || (card.use_end !== null && card.use_end < nowIso)) throw refuse(booking.BOOKING_MSG.cardNotUsable);
    if (card.is_opened !== 'T') throw refuse('该卡尚未开卡，请先开卡');
    if (!card.covers) throw refuse(booking.BOOKING_MSG.cardNotForItem);
    return { memberId: card.member_id, cardId: card.id, cardTypeId: card.card_type_id, payType: card.pay_type, useEnd: card.use_end };
  }

  /** A fixed booking's cells: each asked cell again every week for `weeks` weeks. */
  static weekly(cells: AskedCell[], weeks: number): AskedCell[] {
    return Array.from({ length: weeks }, (_, w) => cells.map((c) => ({ ...c, date: addChinaDays(c.date, 7 * w) }))).flat();
  }

  async plan(t: RulesReader, venueId: number, itemId: number, asked: AskedCell[], mode: PlanMode = {}): Promise<Plan> {
    const { tenantId } = t;
    const dates = [...new Set(asked.map((c) => c.date))].sort();
    const fieldIds = [...new Set(asked.map((c) => c.fieldId))];
    // The rules, kept in memory (read at once, PostgreSQL: on as many connections, when they are not).
    const [fields, rules, dayList] = await Promise.all([
      this.rules.fields(t, venueId, itemId),
      mode.occupancy ? ([] as RuleRow[]) : this.rules.rules(t, venueId, itemId),
      Promise.all(dates.map((d) => this.day(t, venueId, itemId, d, mode.cardTypeId))),
    ]);
    // Heads are sold on headcount (C) fields only.
    const headFieldIds = fieldIds.filter((id) => fields.some((f) => f.id === id && f.sale_mode === 'C'));
    const unread = mode.writeRefusesTaken === true && !mode.occupancy && !headFieldIds.length;
    const [lines, heads] = unread
      ? [[], []]
      : await Promise.all([this.repo.liveLines(tenantId, fieldIds, dates), this.repo.heads(tenantId, headFieldIds, dates)]);
    const days = new Map<string, DayContext>(dayList.map((d) => [d.date, d]));
    const seen = new Set<string>();
    const plan: Plan = { cells: [], conflicts: [] };
    for (const c of asked) {
      const field = fields.find((f) => f.id === c.fieldId);
      if (!field) throw notFound('场地不存在');
      const key = `${c.fieldId}|${c.date}|${c.beginTime}`;
      if (seen.has(key)) throw refuse('同一场地时段不能重复选择');
      seen.add(key);
      const day = days.get(c.date)!;
      const slot = daySlots(field.slot_minutes, day.openTime, day.closeTime).find((x) => x.begin === c.beginTime);
      const conflict = (end: string, reason: string) =>
        plan.conflicts.push({ fieldId: field.id, fieldName: field.name, date: c.date, beginTime: c.beginTime, endTime: end, reason });
      if (!slot) {
        conflict(c.beginTime, booking.BOOKING_MSG.outside(booking.cellName(field.name, c.date, c.beginTime, '')).replace('-不在', ' 不在'));
        continue;
      }
      const name = booking.cellName(field.name, c.date, slot.begin, slot.end);
      const rule = mode.occupancy ? undefined : ruleFor(rules, field.id, c.date, slot.begin, slot.end);
      const why = unsellable(field, day, slot, mode.occupancy ? ({ price_fen: 0 } as RuleRow) : rule);
      if (why) {
        conflict(slot.end, why);
        continue;
      }
      const here = lines.filter((l) => l.field_id === field.id && l.use_date === c.date && l.begin_time === slot.begin);
      const wanted = field.sale_mode === 'C' ? (mode.occupancy ? field.capacity : c.heads) : 1;
      if (field.sale_mode === 'F' || mode.occupancy) {
        if (
          here.length ||
          (field.sale_mode === 'C' && (heads.find((h) => h.field_id === field.id && h.use_date === c.date && h.begin_time === slot.begin)?.sold ?? 0) > 0)
        ) {
          conflict(slot.end, booking.BOOKING_MSG.taken(name));
          continue;
        }
      } else {
        const sold = heads.find((h) => h.field_id === field.id && h.use_date === c.date && h.begin_time === slot.begin)?.sold ?? 0;
        const left = here.some((l) => l.order_type === 'L') ? 0 : headsLeft(field, sold);
        if (left < wanted) {
          conflict(slot.end, booking.BOOKING_MSG.full(name, left));
          continue;
        }
      }
      plan.cells.push({
        field,
        date: c.date,
        begin: slot.begin,
        end: slot.end,
        endsAt: cellEnd(c.date, slot.end),
        heads: wanted,
        priceFen: rule ? priceOf(rule, mode.cardTypeId) : 0,
        times: mode.timesCard && mode.cardTypeId ? timesOf(rule, mode.cardTypeId) : 0,
      });
    }
    if (unread && plan.conflicts.length) return this.plan(t, venueId, itemId, asked, { ...mode, writeRefusesTaken: false });
    return plan;
  }

  /** Every slot of the item's enabled fields (or `fieldIds`) within begin..end on a date: a whole-venue order's or an occupancy's cells. */
  async range(t: RulesReader, venueId: number, itemId: number, date: string, begin: string, end: string, fieldIds?: number[]): Promise<AskedCell[]> {
    if (begin >= end) throw refuse('结束时间必须晚于开始时间');
    const venue = await this.rules.venue(t, venueId, itemId);
    if (!venue) throw notFound('场馆不存在');
    const fields = (await this.rules.fields(t, venueId, itemId)).filter((f) => (fieldIds ? fieldIds.includes(f.id) : f.state === 'A'));
    if (fieldIds && fields.length !== new Set(fieldIds).size) throw notFound('场地不存在');
    const cells = fields.flatMap((f) =>
      slotsOf(f, venue.open_time, venue.close_time)
        .filter((s) => s.begin >= begin && s.end <= end)
        .map((s) => ({ fieldId: f.id, date, beginTime: s.begin, heads: f.capacity })),
    );
    if (!cells.length) throw refuse(fieldIds ? `${begin}-${end}没有可选的场地时段` : booking.BOOKING_MSG.wholeNoFields);
    return cells;
  }

  /** The refusal of a plan with conflicts: the one reason, or how many and the first. */
  static refusal(conflicts: Conflict[]) {
    return refuse(conflicts.length === 1 ? conflicts[0].reason : booking.BOOKING_MSG.conflicts(conflicts.length, conflicts[0].reason));
  }

  today() {
    return chinaDate(this.clock.now());
  }
}
