import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { BookingLineTable, BookingOrderTable, BookingOrderType } from '../../db/booking-tables.ts';
import type { Engine, Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines } from '../checkout/index.ts';
import type { LiveLine } from './booking-grid.ts';

export type BookingOrderRow = Selectable<BookingOrderTable>;
export type NewBookingOrder = Omit<Insertable<BookingOrderTable>, 'id'>;
export type NewBookingLine = Omit<Insertable<BookingLineTable>, 'id' | 'order_id'>;
export type BookingLineRow = Selectable<BookingLineTable>;
/** A C field's cell taking heads: its field, date, slot and how many, at most the capacity. */
export interface HeadsTake {
  field_id: number;
  use_date: string;
  begin_time: string;
  heads: number;
  capacity: number;
}
const LIVE = ['P', 'A', 'U', 'N'] as const;

/** Booking orders and their lines (one per booked cell), the heads of C fields. */
export class BookingRepository {
  /** PostgreSQL: an order and its lines in one statement (insertOrderAtOnce). */
  readonly oneStatement: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine = 'sqlite',
  ) {
    this.oneStatement = engine === 'postgres';
  }

  transaction<T>(work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(work);
  }

  /** The venue's hours and state; with `itemId`, also the state of that item's settings at it (项目设置; null: not offered). */
  venue(tenantId: number, venueId: number, itemId?: number) {
    return this.db
      .selectFrom('venue as v')
      .select(['v.id', 'v.name', 'v.open_time', 'v.close_time', 'v.state'])
      .select((eb) =>
        eb
          .selectFrom('venue_item as vi')
          .select('vi.state')
          .whereRef('vi.venue_id', '=', 'v.id')
          .where('vi.tenant_id', '=', tenantId)
          .where('vi.item_id', '=', itemId ?? 0)
          .limit(1)
          .as('item_state'),
      )
      .where('v.tenant_id', '=', tenantId)
      .where('v.id', '=', venueId)
      .executeTakeFirst();
  }

  /** The live lines (not cancelled) of these fields on these dates, with their orders' type and holder. */
  async liveLines(tenantId: number, fieldIds: number[], dates: string[], db: Executor = this.db): Promise<(LiveLine & { use_date: string })[]> {
    if (!fieldIds.length || !dates.length) return [];
    return db
      .selectFrom('booking_line as l')
      .innerJoin('booking_order as o', 'o.id', 'l.order_id')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .select(['l.field_id', 'l.use_date', 'l.begin_time', 'l.state', 'l.quantity', 'l.refunded_quantity', 'l.order_id', 'o.order_type', 'o.created_at'])
      .select(sql<string>`coalesce(m.name, case when o.order_type = 'L' then o.remark else o.contact_name end, '')`.as('note'))
      .where('l.tenant_id', '=', tenantId)
      .where('l.field_id', 'in', fieldIds)
      .where('l.use_date', 'in', dates)
      .where('l.state', 'in', [...LIVE])
      .orderBy('l.id')
      .execute();
  }

  /** Heads sold per cell of these C fields on these dates. */
  heads(tenantId: number, fieldIds: number[], dates: string[], db: Executor = this.db) {
    if (!fieldIds.length || !dates.length) return Promise.resolve([]);
    return db
      .selectFrom('booking_heads')
      .select(['field_id', 'use_date', 'begin_time', 'sold'])
      .where('tenant_id', '=', tenantId)
      .where('field_id', 'in', fieldIds)
      .where('use_date', 'in', dates)
      .execute();
  }

  /**
   * Takes heads of a C field's cell: one conditional upsert, so racing bookings never pass the capacity
   * (PostgreSQL: the row lock of the conflict; SQLite: the write lock). Answers whether it took them.
   */
  async takeHeads(trx: Executor, tenantId: number, t: HeadsTake) {
    if (t.heads > t.capacity) return false;
    const done = await trx
      .insertInto('booking_heads')
      .values({ tenant_id: tenantId, field_id: t.field_id, use_date: t.use_date, begin_time: t.begin_time, sold: t.heads })
      .onConflict((oc) =>
        oc
          .columns(['field_id', 'use_date', 'begin_time'])
          .doUpdateSet({ sold: sql<number>`booking_heads.sold + ${t.heads}` })
          .where(sql<boolean>`booking_heads.sold + ${t.heads} <= ${t.capacity}`),
      )
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async releaseHeads(trx: Executor, tenantId: number, fieldId: number, date: string, begin: string, heads: number) {
    await trx
      .updateTable('booking_heads')
      .set({ sold: sql<number>`case when sold >= ${heads} then sold - ${heads} else 0 end` })
      .where('tenant_id', '=', tenantId)
      .where('field_id', '=', fieldId)
      .where('use_date', '=', date)
      .where('begin_time', '=', begin)
      .execute();
  }

  async insertOrder(trx: Executor, order: NewBookingOrder, lines: NewBookingLine[]) {
    const { id } = await trx.insertInto('booking_order').values(order).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < lines.length; i += 200) {
      await trx
        .insertInto('booking_line')
        .values(lines.slice(i, i + 200).map((l) => ({ ...l, order_id: id })))
        .execute();
    }
    return id;
  }

  /** PostgreSQL: the order and its lines in one statement (the order's insert feeds the lines'), all or nothing. */
  async insertOrderAtOnce(order: NewBookingOrder, lines: NewBookingLine[]) {
    const row = await this.db
      .with('o', (w) => w.insertInto('booking_order').values(order).returning('id'))
      .insertInto('booking_line')
      .values(lines.map((l) => ({ ...l, order_id: sql<number>`(select id from o)` })))
      .returning('order_id')
      .executeTakeFirstOrThrow();
    return row.order_id;
  }

  async memberExists(tenantId: number, memberId: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst());
  }

  /** A card as a booking's member prices need it: its member, state, type and whether its type allows the item. */
  card(tenantId: number, cardId: number, itemId: number) {
    return this.db
      .selectFrom('card as c')
      .innerJoin('card_type as t', 't.id', 'c.card_type_id')
      .select(['c.id', 'c.member_id', 'c.state', 'c.card_type_id', 'c.is_opened', 'c.use_begin', 'c.use_end', 't.pay_type'])
      .select((eb) =>
        eb
          .or([
            eb.not(eb.exists(eb.selectFrom('card_type_item as i').select('i.item_id').whereRef('i.card_type_id', '=', 'c.card_type_id'))),
            eb.exists(
              eb.selectFrom('card_type_item as i').select('i.item_id').whereRef('i.card_type_id', '=', 'c.card_type_id').where('i.item_id', '=', itemId),
            ),
          ])
          .as('covers'),
      )
      .where('c.tenant_id', '=', tenantId)
      .where('c.id', '=', cardId)
      .executeTakeFirst();
  }

  findOrder(tenantId: number, orderId: number, db: Executor = this.db) {
    return db.selectFrom('booking_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  }

  private orderQuery(tenantId: number) {
    return this.db
      .selectFrom('booking_order as o')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'o.item_id')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['v.name as venue_name', 'i.name as item_name', 'm.name as member_name'])
      .where('o.tenant_id', '=', tenantId);
  }

  orderPage(
    tenantId: number,
    f: { visible: RawBuilder<boolean>; venueId?: number; orderId?: number; orderType?: BookingOrderType; useDate?: string; phone?: string },
    window: PageWindow,
  ) {
    let q = this.orderQuery(tenantId).where(f.visible);
    if (f.venueId) q = q.where('o.venue_id', '=', f.venueId);
    if (f.orderId) q = q.where('o.id', '=', f.orderId);
    if (f.orderType) q = q.where('o.order_type', '=', f.orderType);
    if (f.phone) q = q.where('o.phone', '=', f.phone);
    const useDate = f.useDate;
    if (useDate)
      q = q.where((eb) => eb.exists(eb.selectFrom('booking_line as l').select('l.id').whereRef('l.order_id', '=', 'o.id').where('l.use_date', '=', useDate)));
    return pageQuery(q, q.orderBy('o.id', 'desc'), window);
  }

  ordersById(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.orderQuery(tenantId).where('o.id', 'in', ids).execute();
  }

  /** The order a slip's code (or an order number) names, if it is the tenant's. */
  async orderOfCode(tenantId: number, code: string) {
    const byCode = await this.db.selectFrom('booking_order').select('id').where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst();
    if (byCode) return byCode.id;
    if (!/^\d{1,9}$/.test(code)) return undefined;
    return (await this.findOrder(tenantId, Number(code)))?.id;
  }

  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'booking_line', tenantId, orderIds);
  }

  /**
   * A paid order's held cells become usable (A), each with its share of what was paid and the times a unit
   * of it took from a times card (0: paid by money), in one statement; a line no longer held (P) is left
   * alone. Answers how many it made usable.
   */
  async makeUsable(trx: Executor, tenantId: number, orderId: number, shares: Map<number, { paidFen: number; times: number }>) {
    if (!shares.size) return 0;
    const byLine = (value: (share: { paidFen: number; times: number }) => number) => {
      const values = [...shares.values()].map(value);
      // One value for every line (the times of a money payment): no case needed.
      if (values.every((v) => v === values[0])) return sql<number>`cast(${values[0]} as integer)`;
      return sql<number>`case id ${sql.join(
        [...shares].map(([lineId, share]) => sql`when ${lineId} then cast(${value(share)} as integer)`),
        sql` `,
      )} end`;
    };
    const done = await trx
      .updateTable('booking_line')
      .set({ state: 'A', paid_fen: byLine((x) => x.paidFen), times: byLine((x) => x.times) })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('id', 'in', [...shares.keys()])
      .where('state', '=', 'P')
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  }

  /**
   * Voids lines (C) in `from` states: they leave the cell's unique key and give their heads back.
   * Answers the lines voided.
   */
  async voidLines(
    trx: Executor,
    tenantId: number,
    orderId: number,
    which: { lineIds?: number[]; from: ('P' | 'A')[] },
    kind: 'CLOSE' | 'CANCEL',
    nowIso: string,
    /** false: the caller gives the heads back itself (a refund, by the units it took back). */
    releaseHeads = true,
  ) {
    let q = trx
      .updateTable('booking_line')
      .set({ state: 'C', void_kind: kind, voided_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('state', 'in', which.from);
    if (which.lineIds) q = q.where('id', 'in', which.lineIds);
    const voided = await q.returning(['id', 'field_id', 'use_date', 'begin_time', 'quantity', 'refunded_quantity', 'exclusive']).execute();
    if (releaseHeads) for (const l of voided) if (!l.exclusive) await this.releaseHeads(trx, tenantId, l.field_id, l.use_date, l.begin_time, l.quantity);
    return voided;
  }

  /**
   * Closes unpaid orders (one by id, or every one created before a time) and frees their cells, in one
   * transaction: only an order nobody is paying (U or F, no channel lock), as every kind's close.
   */
  closeUnpaid(tenantId: number, which: { orderId: number } | { createdBefore: string }, nowIso: string): Promise<number> {
    return this.transaction(async (trx) => {
      let q = trx
        .updateTable('booking_order')
        .set({ order_state: 'C', pay_state: 'C' })
        .where('tenant_id', '=', tenantId)
        .where('pay_state', 'in', ['U', 'F'])
        .where('pay_lock', 'is', null);
      q = 'orderId' in which ? q.where('id', '=', which.orderId) : q.where('created_at', '<', which.createdBefore);
      const closed = await q.returning('id').execute();
      for (const order of closed) await this.voidLines(trx, tenantId, order.id, { from: ['P'] }, 'CLOSE', nowIso);
      return closed.length;
    });
  }

  /** An occupancy's or a cancelled order's state once none of its cells is left. */
  async finishIfEmpty(trx: Executor, tenantId: number, orderId: number) {
    await trx
      .updateTable('booking_order')
      .set({ order_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('booking_line').select('id').where('order_id', '=', orderId).where('state', '!=', 'C'))))
      .execute();
  }

  /** Opens a cell (A → U): a conditional update, so of two desks racing one opens it. */
  async open(trx: Executor, tenantId: number, orderId: number, lineId: number, by: number, nowIso: string) {
    const done = await trx
      .updateTable('booking_line')
      .set({ state: 'U', checked_by: by, checked_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('id', '=', lineId)
      .where('state', '=', 'A')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** The FN job: paid cells never opened by their end become N (not used); answers how many. */
  async markNoShows(nowIso: string) {
    const done = await this.db.updateTable('booking_line').set({ state: 'N' }).where('state', '=', 'A').where('ends_at', '<=', nowIso).executeTakeFirst();
    return Number(done.numUpdatedRows);
  }

  // ---- Figures (booking-report.service.ts) ----
  /** The venue's closures touching begin..end: of the whole venue (item_id null) or of one item. */
  closures(tenantId: number, venueId: number, beginDate: string, endDate: string) {
    return this.db
      .selectFrom('venue_closure')
      .select(['item_id', 'start_date', 'end_date', 'reason'])
      .where('tenant_id', '=', tenantId)
      .where('venue_id', '=', venueId)
      .where('start_date', '<=', endDate)
      .where('end_date', '>=', beginDate)
      .execute();
  }

  /** Every line of the fields used in begin..end (any state), with its order's type and what its refunds gave back. */
  linesInRange(tenantId: number, fieldIds: number[], beginDate: string, endDate: string) {
    if (!fieldIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('booking_line as l')
      .innerJoin('booking_order as o', 'o.id', 'l.order_id')
      .select(['l.id', 'l.field_id', 'l.use_date', 'l.quantity', 'l.refunded_quantity', 'l.state', 'l.paid_fen', 'l.exclusive', 'l.void_kind', 'o.order_type'])
      .select((eb) =>
        eb
          .selectFrom('order_refund_line as rl')
          .innerJoin('order_refund as r', 'r.id', 'rl.refund_id')
          .select(sql<number>`coalesce(sum(rl.amount_fen), 0)`.as('s'))
          .whereRef('rl.line_id', '=', 'l.id')
          .whereRef('rl.order_id', '=', 'l.order_id')
          .where('r.order_type', '=', 'FIELD')
          .where('r.state', '=', 'R')
          .as('refunded_fen'),
      )
      .where('l.tenant_id', '=', tenantId)
      .where('l.field_id', 'in', fieldIds)
      .where('l.use_date', '>=', beginDate)
      .where('l.use_date', '<=', endDate)
      .execute();
  }

  /**
   * Cells of orders held with a member card (not occupancies) in these states ending in (afterIso,
   * untilIso], with their order's tenant, venue, card, pay state and pay time: what the gates' timed
   * grants are read from (by the state and end index: the card queue asks every round).
   */
  cardCells(states: BookingLineRow['state'][], afterIso: string, untilIso: string, by: { tenantId: number; cardIds: number[] | null } | null) {
    let q = this.db
      .selectFrom('booking_line as l')
      .innerJoin('booking_order as o', (j) => j.onRef('o.id', '=', 'l.order_id').onRef('o.tenant_id', '=', 'l.tenant_id'))
      .select(['o.tenant_id', 'o.venue_id', 'o.card_id', 'o.pay_state', 'o.paid_at', 'l.use_date', 'l.begin_time', 'l.ends_at', 'l.state', 'l.voided_at'])
      .where('o.card_id', 'is not', null)
      .where('o.order_type', '!=', 'L')
      .where('l.state', 'in', states)
      .where('l.ends_at', '>', afterIso)
      .where('l.ends_at', '<=', untilIso);
    if (by) q = q.where('o.tenant_id', '=', by.tenantId);
    if (by?.cardIds) q = q.where('o.card_id', 'in', by.cardIds.length ? by.cardIds : [0]);
    return q.execute();
  }
}
