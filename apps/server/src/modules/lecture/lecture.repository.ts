import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LectureOrderTable, LectureParticipantTable } from '../../db/lecture-tables.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines } from '../checkout/index.ts';

export type LectureOrderRow = Selectable<LectureOrderTable>;
export type NewLectureOrder = Omit<Insertable<LectureOrderTable>, 'id'>;
export type NewParticipant = Omit<Insertable<LectureParticipantTable>, 'id' | 'order_id'>;
export type LectureRow = Awaited<ReturnType<LectureRepository['lectures']>>[number];
export type SessionRow = Awaited<ReturnType<LectureRepository['sessions']>>[number];
export type TicketRow = Awaited<ReturnType<LectureRepository['tickets']>>[number];
export type ParticipantRow = Awaited<ReturnType<LectureRepository['participants']>>[number];

export interface SessionValues {
  id?: number;
  begin_date: string;
  end_date: string;
  begin_time: string;
  end_time: string;
  capacity: number;
}
export interface TicketValues {
  id?: number;
  name: string;
  price_fen: number;
}

/** Lectures with their sessions and ticket types; lecture orders and their participants. */
export class LectureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private lectureQuery(tenantId: number) {
    return this.db
      .selectFrom('lecture as l')
      .innerJoin('venue as v', 'v.id', 'l.venue_id')
      .selectAll('l')
      .select('v.name as venue_name')
      .where('l.tenant_id', '=', tenantId);
  }

  lectures(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.lectureQuery(tenantId).where('l.id', 'in', ids).orderBy('l.id', 'desc').execute();
  }

  page(tenantId: number, f: { visible: RawBuilder<boolean>; name?: string; venueId?: number; state?: 'A' | 'S' }, window: PageWindow) {
    let q = this.lectureQuery(tenantId).where(f.visible);
    if (f.name) q = q.where('l.name', 'like', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.venueId) q = q.where('l.venue_id', '=', f.venueId);
    if (f.state) q = q.where('l.state', '=', f.state);
    return pageQuery(q, q.orderBy('l.id', 'desc'), window);
  }

  /** Enabled lectures of a venue with a session not yet ended on `today`. */
  forSale(tenantId: number, venueId: number, today: string) {
    return this.lectureQuery(tenantId)
      .where('l.venue_id', '=', venueId)
      .where('l.state', '=', 'A')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('lecture_session as s')
            .select('s.id')
            .whereRef('s.lecture_id', '=', 'l.id')
            .where('s.removed', '=', 'F')
            .where('s.end_date', '>=', today),
        ),
      )
      .orderBy('l.id', 'desc')
      .execute();
  }

  sessions(tenantId: number, lectureIds: number[], db: Executor = this.db) {
    if (!lectureIds.length) return Promise.resolve([]);
    return db
      .selectFrom('lecture_session')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('lecture_id', 'in', lectureIds)
      .where('removed', '=', 'F')
      .orderBy('begin_date')
      .orderBy('begin_time')
      .orderBy('id')
      .execute();
  }

  tickets(tenantId: number, lectureIds: number[], db: Executor = this.db) {
    if (!lectureIds.length) return Promise.resolve([]);
    return db
      .selectFrom('lecture_ticket')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('lecture_id', 'in', lectureIds)
      .where('removed', '=', 'F')
      .orderBy('id')
      .execute();
  }

  /** Whether a venue is the tenant's (an admin may name any venue id). */
  async venueExists(tenantId: number, venueId: number) {
    return !!(await this.db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst());
  }

  async nameTaken(tenantId: number, venueId: number, name: string, exceptId: number | null) {
    let q = this.db.selectFrom('lecture').select('id').where('tenant_id', '=', tenantId).where('venue_id', '=', venueId).where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  }

  transaction<T>(work: (trx: Executor) => Promise<T>) {
    return this.db.transaction().execute(work);
  }

  async saveLecture(
    trx: Executor,
    tenantId: number,
    id: number | null,
    values: { venue_id: number; name: string; speaker: string; state: 'A' | 'S' },
    sessions: SessionValues[],
    tickets: TicketValues[],
    nowIso: string,
  ) {
    const lectureId =
      id ??
      (
        await trx
          .insertInto('lecture')
          .values({ tenant_id: tenantId, ...values, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (id !== null) await trx.updateTable('lecture').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    const keptSessions = sessions.filter((s) => s.id).map((s) => s.id!);
    let gone = trx.updateTable('lecture_session').set({ removed: 'T' }).where('tenant_id', '=', tenantId).where('lecture_id', '=', lectureId);
    if (keptSessions.length) gone = gone.where('id', 'not in', keptSessions);
    await gone.execute();
    for (const s of sessions) {
      const { id: sessionId, ...v } = s;
      if (sessionId) await trx.updateTable('lecture_session').set(v).where('tenant_id', '=', tenantId).where('id', '=', sessionId).execute();
      else
        await trx
          .insertInto('lecture_session')
          .values({ tenant_id: tenantId, lecture_id: lectureId, ...v })
          .execute();
    }
    const keptTickets = tickets.filter((t) => t.id).map((t) => t.id!);
    let goneTickets = trx.updateTable('lecture_ticket').set({ removed: 'T' }).where('tenant_id', '=', tenantId).where('lecture_id', '=', lectureId);
    if (keptTickets.length) goneTickets = goneTickets.where('id', 'not in', keptTickets);
    await goneTickets.execute();
    for (const t of tickets) {
      const { id: ticketId, ...v } = t;
      if (ticketId) await trx.updateTable('lecture_ticket').set(v).where('tenant_id', '=', tenantId).where('id', '=', ticketId).execute();
      else
        await trx
          .insertInto('lecture_ticket')
          .values({ tenant_id: tenantId, lecture_id: lectureId, ...v })
          .execute();
    }
    return lectureId;
  }

  /** Takes `n` seats of a session if it has them: a conditional update, so racing sign-ups never pass its capacity. */
  async takeSeats(trx: Executor, tenantId: number, sessionId: number, n: number) {
    const done = await trx
      .updateTable('lecture_session')
      .set({ sold: sql<number>`sold + ${n}` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', sessionId)
      .where('removed', '=', 'F')
      .where(sql<boolean>`sold + ${n} <= capacity`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  insertOrder(trx: Executor, order: NewLectureOrder, users: NewParticipant[]) {
    return (async () => {
      const { id } = await trx.insertInto('lecture_order').values(order).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('lecture_participant')
        .values(users.map((u) => ({ ...u, order_id: id })))
        .execute();
      return id;
    })();
  }

  async memberExists(tenantId: number, memberId: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst());
  }

  findOrder(tenantId: number, orderId: number, db: Executor = this.db) {
    return db.selectFrom('lecture_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  }

  private orderQuery(tenantId: number) {
    return this.db
      .selectFrom('lecture_order as o')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select([
        'm.name as member_name',
        (eb) =>
          eb
            .selectFrom('pay_record as r')
            .select('r.card_id')
            .where('r.tenant_id', '=', tenantId)
            .where('r.order_type', '=', 'LECTURE')
            .whereRef('r.order_id', '=', 'o.id')
            .where('r.card_id', 'is not', null)
            .where('r.state', '=', 'P')
            .limit(1)
            .as('card_id'),
      ])
      .where('o.tenant_id', '=', tenantId);
  }

  orderPage(tenantId: number, f: { visible: RawBuilder<boolean>; orderId?: number }, window: PageWindow) {
    let q = this.orderQuery(tenantId).where(f.visible);
    if (f.orderId) q = q.where('o.id', '=', f.orderId);
    return pageQuery(q, q.orderBy('o.id', 'desc'), window);
  }

  ordersById(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.orderQuery(tenantId).where('o.id', 'in', ids).execute();
  }

  /** The order a participant's ticket code (or an order number) names, if it is the tenant's. */
  async orderOfCode(tenantId: number, code: string) {
    const byCode = await this.db
      .selectFrom('lecture_participant')
      .select('order_id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (byCode) return byCode.order_id;
    if (!/^\d{1,9}$/.test(code)) return undefined;
    return (await this.findOrder(tenantId, Number(code)))?.id;
  }

  /** The orders' participants as their own rows (the checkout's one line read): what a payment and a refund need. */
  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'lecture_participant', tenantId, orderIds);
  }

  /** The orders' participants with their sessions' dates and times (the order list, a verification). */
  participants(tenantId: number, orderIds: number[], db: Executor = this.db) {
    if (!orderIds.length) return Promise.resolve([]);
    return db
      .selectFrom('lecture_participant as p')
      .innerJoin('lecture_session as s', 's.id', 'p.session_id')
      .selectAll('p')
      .select(['s.begin_date', 's.end_date', 's.begin_time', 's.end_time'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.order_id', 'in', orderIds)
      .orderBy('p.order_id')
      .orderBy('p.id')
      .execute();
  }

  /**
   * Closes unpaid orders (one by id, or every one created before a time) and gives their seats back, in
   * one transaction. Only an order nobody is paying closes (U or F, no channel payment holding it): a
   * close racing a payment either wins, and the payment finds nothing to claim, or finds nothing to close.
   */
  closeUnpaid(tenantId: number, which: { orderId: number } | { createdBefore: string }): Promise<number> {
    return this.transaction(async (trx) => {
      let q = trx
        .updateTable('lecture_order')
        .set({ order_state: 'C', pay_state: 'C' })
        .where('tenant_id', '=', tenantId)
        .where('pay_state', 'in', ['U', 'F'])
        .where('pay_lock', 'is', null);
      q = 'orderId' in which ? q.where('id', '=', which.orderId) : q.where('created_at', '<', which.createdBefore);
      const closed = await q.returning(['id', 'session_id']).execute();
      for (const order of closed) {
        const voided = await trx
          .updateTable('lecture_participant')
          .set({ state: 'C' })
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', order.id)
          .where('state', '=', 'P')
          .executeTakeFirst();
        const seats = Number(voided.numUpdatedRows);
        if (seats > 0) {
          await trx
            .updateTable('lecture_session')
            .set({ sold: sql<number>`sold - ${seats}` })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', order.session_id)
            .execute();
        }
      }
      return closed.length;
    });
  }

  /**
   * A refund's participants, not verified yet (A), become void (C) and their seats go back to the
   * session; answers how many (fewer than asked: one was verified meanwhile, and the refund rolls back).
   */
  async voidUnused(trx: Executor, tenantId: number, order: { id: number; session_id: number }, ids: number[]) {
    const voided = await trx
      .updateTable('lecture_participant')
      .set({ state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', order.id)
      .where('id', 'in', ids)
      .where('state', '=', 'A')
      .executeTakeFirst();
    const seats = Number(voided.numUpdatedRows);
    if (seats > 0) {
      await trx
        .updateTable('lecture_session')
        .set({ sold: sql<number>`sold - ${seats}` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', order.session_id)
        .execute();
    }
    return seats;
  }

  /** A paid order's participants may be verified. */
  makeUsable(trx: Executor, tenantId: number, orderId: number) {
    return trx
      .updateTable('lecture_participant')
      .set({ state: 'A' })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('state', '=', 'P')
      .execute();
  }

  /**
   * Verifies one participant: a conditional update from A to U, so of two desks racing only one finds
   * the row (PostgreSQL: the row lock; SQLite: the write lock). Answers whether it did.
   */
  async takeUse(trx: Executor, tenantId: number, orderId: number, userId: number, by: number, nowIso: string) {
    const done = await trx
      .updateTable('lecture_participant')
      .set({ state: 'U', checked_by: by, checked_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('id', '=', userId)
      .where('state', '=', 'A')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }
}
