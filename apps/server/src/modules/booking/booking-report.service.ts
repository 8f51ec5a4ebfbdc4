import { addChinaDays, bookingReport, chinaClock, fenToYuan, type QueryOut } from '@venue/contract';
import type { Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type Session, type UserSession } from '../../plugins/session.ts';
import type { BookingAdminRepository, FieldRow } from './booking-admin.repository.ts';
import { boardField } from './booking-board.ts';
import { cellsOf, slotsOf, weekdayOf } from './booking-grid.ts';
import type { BookingPlanner } from './booking-plan.ts';
import type { BookingRepository } from './booking.repository.ts';

type UsageQuery = QueryOut<typeof bookingReport.usageQueryCall>;
type Row = bookingReport.UsageRow;
const round1 = (n: number) => Math.round(n * 10) / 10;
const hoursOf = (minutes: number) => minutes / 60;

/** The China dates begin..end, both included. */
function datesOf(begin: string, end: string): string[] {
  const out: string[] = [];
  for (let d = begin; d <= end; d = addChinaDays(d, 1)) out.push(d);
  return out;
}

/**
 * 场地预订's figures: utilisation and revenue per field and item over a range (from the lines, the
 * venue's hours and closures), and the fields of today as the /fieldTX board shows them.
 */
export class BookingReportService {
  constructor(
    private readonly repo: BookingRepository,
    private readonly admin: BookingAdminRepository,
    private readonly planner: BookingPlanner,
    private readonly clock: Clock,
  ) {}

  async usage(s: UserSession, q: UsageQuery): Promise<{ rows: Row[]; items: Omit<Row, 'fieldId' | 'fieldName' | 'saleMode'>[] }> {
    assertVenue(s, q.venueId);
    if (q.beginDate > q.endDate) throw refuse(bookingReport.USAGE_MSG.order);
    const dates = datesOf(q.beginDate, q.endDate);
    if (dates.length > bookingReport.MAX_USAGE_DAYS) throw refuse(bookingReport.USAGE_MSG.tooLong);
    const venue = await this.repo.venue(s.tenantId, q.venueId);
    if (!venue) throw notFound('场馆不存在');
    const fields = await this.admin.fields(s.tenantId, q.venueId, q.itemId);
    const [closures, lines] = await Promise.all([
      this.repo.closures(s.tenantId, q.venueId, q.beginDate, q.endDate),
      this.repo.linesInRange(
        s.tenantId,
        fields.map((f) => f.id),
        q.beginDate,
        q.endDate,
      ),
    ]);
    const closed = (f: FieldRow, date: string) =>
      closures.some((c) => (c.item_id === null || c.item_id === f.item_id) && c.start_date <= date && c.end_date >= date);
    const rows = fields.map((f): Row => {
      const slotHours = hoursOf(f.slot_minutes);
      const perDay = slotsOf(f, venue.open_time, venue.close_time).length * slotHours;
      const openHours = f.state === 'A' ? dates.filter((d) => !closed(f, d)).length * perDay : 0;
      let booked = 0;
      let occupied = 0;
      let used = 0;
      let revenueFen = 0;
      let cancelled = 0;
      for (const l of lines.filter((x) => x.field_id === f.id)) {
        revenueFen += l.paid_fen - Number(l.refunded_fen ?? 0);
        if (l.void_kind === 'CANCEL') cancelled++;
        if (!['A', 'U', 'N'].includes(l.state)) continue;
        const share = l.exclusive ? 1 : (l.quantity - l.refunded_quantity) / f.capacity;
        if (l.order_type === 'L') occupied += slotHours;
        else {
          booked += share * slotHours;
          if (l.state === 'U') used += share * slotHours;
        }
      }
      return {
        fieldId: f.id,
        fieldName: f.name,
        itemId: f.item_id,
        itemName: f.item_name,
        saleMode: f.sale_mode,
        openHours: round1(openHours),
        bookedHours: round1(booked),
        occupiedHours: round1(occupied),
        usedHours: round1(used),
        rate: openHours > 0 ? round1((booked / openHours) * 100) : 0,
        revenue: fenToYuan(revenueFen),
        cancelled,
      };
    });
    const items = [...new Set(rows.map((r) => r.itemId))].map((itemId) => {
      const mine = rows.filter((r) => r.itemId === itemId);
      const sum = (pick: (r: Row) => number) => round1(mine.reduce((t, r) => t + pick(r), 0));
      const openHours = sum((r) => r.openHours);
      const bookedHours = sum((r) => r.bookedHours);
      return {
        itemId,
        itemName: mine[0].itemName,
        openHours,
        bookedHours,
        occupiedHours: sum((r) => r.occupiedHours),
        usedHours: sum((r) => r.usedHours),
        rate: openHours > 0 ? round1((bookedHours / openHours) * 100) : 0,
        revenue: fenToYuan(mine.reduce((t, r) => t + Math.round(r.revenue * 100), 0)),
        cancelled: mine.reduce((t, r) => t + r.cancelled, 0),
      };
    });
    return { rows, items };
  }

  /**
   * Today's fields of a venue, by item, stopped ones too (关闭): the state of this moment, the next
   * booking, a C field's heads against its capacity, and the day's counts (no holders' names: the board
   * may be public).
   */
  async live(s: Session, venueId: number) {
    assertVenue(s, venueId);
    const now = this.clock.now();
    const { date, time } = chinaClock(now);
    const hhmm = time.slice(0, 5);
    const fields = await this.admin.fields(s.tenantId, venueId);
    const itemIds = [...new Set(fields.map((f) => f.item_id))];
    const items = await Promise.all(
      itemIds.map(async (itemId) => {
        const mine = fields.filter((f) => f.item_id === itemId);
        const ids = mine.map((f) => f.id);
        const [day, rules, lines, heads] = await Promise.all([
          this.planner.day(s, venueId, itemId, date),
          this.planner.rules.rules(s, venueId, itemId),
          this.repo.liveLines(s.tenantId, ids, [date]),
          this.repo.heads(
            s.tenantId,
            mine.filter((f) => f.sale_mode === 'C').map((f) => f.id),
            [date],
          ),
        ]);
        return {
          itemId,
          itemName: mine[0].item_name,
          fields: mine.map((f): bookingReport.LiveField => {
            const sold = new Map(heads.filter((h) => h.field_id === f.id).map((h) => [h.begin_time, h.sold]));
            const own = lines.filter((l) => l.field_id === f.id);
            const cells = cellsOf(f, day, rules, own, sold);
            return {
              fieldId: f.id,
              fieldName: f.name,
              saleMode: f.sale_mode,
              capacity: f.sale_mode === 'C' ? f.capacity : 1,
              ...boardField(f, cells, own, hhmm),
              free: cells.filter((c) => c.state === 'free').length,
              booked: cells.filter((c) => c.state === 'held' || c.state === 'paid' || c.state === 'occupied').length,
              used: cells.filter((c) => c.state === 'used').length,
            };
          }),
        };
      }),
    );
    return { date, time: hhmm, items };
  }

  /** The grid's date strip: from `date`, `days` days, each with its closure and its cells free and booked (held, paid, used, occupied). */
  async strip(s: UserSession, q: QueryOut<typeof bookingReport.dayStrip>) {
    assertVenue(s, q.venueId);
    const dates = datesOf(q.date, addChinaDays(q.date, q.days - 1));
    const fields = await this.planner.rules.fields(s, q.venueId, q.itemId);
    const ids = fields.map((f) => f.id);
    const [days, rules, lines, heads] = await Promise.all([
      Promise.all(dates.map((d) => this.planner.day(s, q.venueId, q.itemId, d))),
      this.planner.rules.rules(s, q.venueId, q.itemId),
      this.repo.liveLines(s.tenantId, ids, dates),
      this.repo.heads(
        s.tenantId,
        fields.filter((f) => f.sale_mode === 'C').map((f) => f.id),
        dates,
      ),
    ]);
    return days.map((day) => {
      let free = 0;
      let booked = 0;
      for (const f of fields) {
        const sold = new Map(heads.filter((h) => h.field_id === f.id && h.use_date === day.date).map((h) => [h.begin_time, h.sold]));
        for (const c of cellsOf(
          f,
          day,
          rules,
          lines.filter((l) => l.use_date === day.date),
          sold,
        )) {
          if (c.state === 'free') free++;
          else if (c.state !== 'closed' && c.state !== 'past') booked++;
        }
      }
      return { date: day.date, weekday: weekdayOf(day.date), closedReason: day.closedReason, free, booked };
    });
  }
}
