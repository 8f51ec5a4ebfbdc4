import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { TicketDetailTable, TicketOrderTable } from '../../db/ticket-tables.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines } from '../checkout/index.ts';

export type TicketOrderRow = Selectable<TicketOrderTable>;
export type NewOrder = Omit<Insertable<TicketOrderTable>, 'id'>;
export type NewDetail = Omit<Insertable<TicketDetailTable>, 'id' | 'order_id'>;
export type DetailRow = Awaited<ReturnType<TicketOrderRepository['details']>>[number];

/** Ticket orders and their tickets (one detail row per ticket). */
export class TicketOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(order: NewOrder, details: NewDetail[]) {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('ticket_order').values(order).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('ticket_detail')
        .values(details.map((d) => ({ ...d, order_id: id })))
        .execute();
      return id;
    });
  }

  async memberExists(tenantId: number, memberId: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst());
  }

  findOrder(tenantId: number, orderId: number, db: Executor = this.db) {
    return db.selectFrom('ticket_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', orderId).executeTakeFirst();
  }

  private detailQuery(tenantId: number, db: Executor = this.db) {
    return db
      .selectFrom('ticket_detail as d')
      .innerJoin('ticket_order as o', 'o.id', 'd.order_id')
      .innerJoin('venue as v', 'v.id', 'd.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'd.item_id')
      .innerJoin('ticket_type as t', 't.id', 'd.type_id')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('d')
      .select([
        'v.name as venue_name',
        'i.name as item_name',
        'm.name as member_name',
        'm.phone as member_phone',
        'o.member_id',
        't.uses as uses_total',
        't.with_hand',
      ])
      .where('d.tenant_id', '=', tenantId);
  }

  /** The tickets of orders as their own rows (the checkout's one line read): what a payment prices. */
  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'ticket_detail', tenantId, orderIds);
  }

  /** The tickets of orders with their venue, item, member and type's uses, in order and ticket order. */
  details(tenantId: number, orderIds: number[], db: Executor = this.db) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.detailQuery(tenantId, db).where('d.order_id', 'in', orderIds).orderBy('d.order_id').orderBy('d.id').execute();
  }

  /** Tickets by id (a verification's). */
  detailsById(tenantId: number, ids: number[], db: Executor = this.db) {
    return this.detailQuery(tenantId, db).where('d.id', 'in', ids).orderBy('d.id').execute();
  }

  /** Tickets of the visible venues, newest first (票据明细). */
  detailPage(
    tenantId: number,
    f: { visible: RawBuilder<boolean>; qrCode?: string; detailState?: TicketDetailTable['detail_state']; typeId?: number; venueId?: number },
    window: PageWindow,
  ) {
    let q = this.detailQuery(tenantId).where(f.visible);
    if (f.qrCode) q = q.where('d.qr_code', '=', f.qrCode);
    if (f.detailState) q = q.where('d.detail_state', '=', f.detailState);
    if (f.typeId) q = q.where('d.type_id', '=', f.typeId);
    if (f.venueId) q = q.where('d.venue_id', '=', f.venueId);
    return pageQuery(q, q.orderBy('d.id', 'desc'), window);
  }

  /** The order a QR code (or an order number) names, if it is the tenant's. */
  async orderOfCode(tenantId: number, code: string) {
    const byQr = await this.db.selectFrom('ticket_detail').select('order_id').where('tenant_id', '=', tenantId).where('qr_code', '=', code).executeTakeFirst();
    if (byQr) return byQr.order_id;
    if (!/^\d{1,9}$/.test(code)) return undefined;
    return (await this.findOrder(tenantId, Number(code)))?.id;
  }

  page(tenantId: number, f: { visible: RawBuilder<boolean>; orderId?: number; orderState?: string }, window: PageWindow) {
    let q = this.db
      .selectFrom('ticket_order as o')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select('m.name as member_name')
      .where('o.tenant_id', '=', tenantId)
      .where(f.visible);
    if (f.orderId) q = q.where('o.id', '=', f.orderId);
    if (f.orderState) q = q.where('o.order_state', '=', f.orderState as TicketOrderRow['order_state']);
    return pageQuery(q, q.orderBy('o.id', 'desc'), window);
  }

  ordersById(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('ticket_order as o')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select('m.name as member_name')
      .where('o.tenant_id', '=', tenantId)
      .where('o.id', 'in', ids)
      .execute();
  }

  /** A paid order's tickets become usable. */
  makeUsable(trx: Executor, tenantId: number, orderId: number) {
    return trx
      .updateTable('ticket_detail')
      .set({ detail_state: 'A' })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('detail_state', '=', 'P')
      .execute();
  }

  /** Voids refunded tickets that are still unused; answers how many. */
  async voidUnused(trx: Executor, tenantId: number, orderId: number, ids: number[]) {
    const done = await trx
      .updateTable('ticket_detail')
      .set({ detail_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('order_id', '=', orderId)
      .where('id', 'in', ids)
      .where('detail_state', '=', 'A')
      .where(sql<boolean>`uses_left = (select t.uses from ticket_type t where t.id = ticket_detail.type_id)`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows);
  }

  countPrint(tenantId: number, orderIds: number[]) {
    return this.db
      .updateTable('ticket_detail')
      .set({ print_count: sql<number>`print_count + 1` })
      .where('tenant_id', '=', tenantId)
      .where('order_id', 'in', orderIds)
      .where('detail_state', '!=', 'P')
      .execute();
  }

  /** Tickets sold per venue day and type, and how many of them were verified. */
  saleByDay(tenantId: number, f: { beginIso: string; endIso: string; visible: RawBuilder<boolean>; venueId?: number }) {
    // The venue's day (UTC+8) of the payment, as text on both engines.
    let q = this.db
      .selectFrom('ticket_detail as d')
      .innerJoin('ticket_order as o', 'o.id', 'd.order_id')
      .select([sql<string>`substr(o.paid_at, 1, 10)`.as('paid_day'), 'o.paid_at', 'd.type_name', 'd.price_pay_fen', 'd.detail_state', 'd.uses_left'])
      .where('d.tenant_id', '=', tenantId)
      .where('o.paid_at', '>=', f.beginIso)
      .where('o.paid_at', '<=', f.endIso)
      .where('d.detail_state', '!=', 'C')
      .where(f.visible);
    if (f.venueId) q = q.where('o.venue_id', '=', f.venueId);
    return q.orderBy('o.paid_at').limit(100_000).execute();
  }
}
