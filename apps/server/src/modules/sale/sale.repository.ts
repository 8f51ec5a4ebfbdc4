import { sql, type Insertable, type Kysely, type SqlBool } from 'kysely';
import { sale } from '@venue/contract';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, OrderState, PayRecordState, PayRecordTable, PayState, SaleOrderLineTable, SaleOrderTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

const SALE_ORDER_TYPE = sale.SALE_ORDER_TYPE;

export interface SaleFilter {
  venueId?: number;
  beginIso?: string;
  endIso?: string;
  orderState?: OrderState;
  payState?: PayState;
  memberName?: string;
  createName?: string;
  orderId?: number;
}
export type OrderRow = NonNullable<Awaited<ReturnType<SaleRepository['findOrder']>>>;
export type LineRow = Awaited<ReturnType<SaleRepository['lines']>>[number];
export type RecordRow = Awaited<ReturnType<SaleRepository['records']>>[number];
type NewOrder = Omit<Insertable<SaleOrderTable>, 'id'>;
type NewLine = Omit<Insertable<SaleOrderLineTable>, 'id' | 'order_id'>;
export type NewRecord = Omit<Insertable<PayRecordTable>, 'id'>;
/** What a payment sets on its order besides the states: the amount, the mode, the member, the remark (a channel's completion sets none). */
export interface PaidSet {
  nowIso: string;
  priceFen?: number;
  payMode?: string;
  memberId?: number | null;
  remark?: string;
}
/** The pay states a new payment may start from. */
const PAYABLE: PayState[] = ['U', 'F'];

/** The only place with sale order queries: orders, lines, pay records and the pay claims. */
export class SaleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Goods of the tenant with their stock in the warehouse. */
  goodsWithStock(tenantId: number, goodsIds: number[], warehouseId: number) {
    return this.db
      .selectFrom('goods as g')
      .leftJoin('goods_stock as s', (j) => j.onRef('s.goods_id', '=', 'g.id').on('s.warehouse_id', '=', warehouseId))
      .select(['g.id', 'g.name', 'g.specs', 'g.unit', 'g.price_fen', 'g.state', 'g.is_on_sale', sql<number>`coalesce(s.quantity, 0)`.as('stock')])
      .where('g.tenant_id', '=', tenantId)
      .where('g.id', 'in', goodsIds)
      .execute();
  }

  /** The tenant's warehouse, and whether it serves the venue. */
  warehouse(tenantId: number, warehouseId: number, venueId: number) {
    return this.db
      .selectFrom('warehouse as w')
      .select([
        'w.id',
        'w.state',
        sql<number>`(select count(*) from warehouse_venue wv where wv.warehouse_id = w.id and wv.venue_id = ${venueId})`.as('serves'),
      ])
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', '=', warehouseId)
      .executeTakeFirst();
  }

  memberExists(tenantId: number, memberId: number) {
    return this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst();
  }

  async insertOrder(order: NewOrder, lines: NewLine[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('sale_order').values(order).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('sale_order_line')
        .values(lines.map((l) => ({ ...l, order_id: id })))
        .execute();
      return id;
    });
  }

  private orders(db: Executor, tenantId: number) {
    return db
      .selectFrom('sale_order as o')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('warehouse as w', 'w.id', 'o.warehouse_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['v.name as venue_name', 'w.name as warehouse_name', 'u.real_name as create_name', 'm.name as member_name'])
      .where('o.tenant_id', '=', tenantId);
  }

  findOrder(tenantId: number, id: number, db: Executor = this.db) {
    return this.orders(db, tenantId).where('o.id', '=', id).executeTakeFirst();
  }

  findOrders(tenantId: number, ids: number[]) {
    return ids.length ? this.orders(this.db, tenantId).where('o.id', 'in', ids).orderBy('o.id').execute() : Promise.resolve([]);
  }

  /**
   * The filter as one condition on `o` (sale_order) alone: a member name or a cashier name is matched in a
   * subquery, so counting a list reads sale_order only, however many rows the joins would bring.
   */
  private condition(tenantId: number, f: SaleFilter) {
    const parts = [sql`o.tenant_id = ${tenantId}`];
    if (f.venueId) parts.push(sql`o.venue_id = ${f.venueId}`);
    if (f.beginIso) parts.push(sql`o.created_at >= ${f.beginIso}`);
    if (f.endIso) parts.push(sql`o.created_at <= ${f.endIso}`);
    if (f.orderState) parts.push(sql`o.order_state = ${f.orderState}`);
    if (f.payState) parts.push(sql`o.pay_state = ${f.payState}`);
    if (f.orderId) parts.push(sql`o.id = ${f.orderId}`);
    if (f.memberName) parts.push(sql`o.member_id in (select m.id from member m where m.tenant_id = ${tenantId} and m.name like ${`%${f.memberName}%`})`);
    if (f.createName) {
      const like = `%${f.createName}%`;
      parts.push(sql`(o.username like ${like} or o.created_by in (select u.id from users u where u.real_name like ${like}))`);
    }
    return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  }

  private filtered(tenantId: number, f: SaleFilter) {
    return this.orders(this.db, tenantId).where(this.condition(tenantId, f));
  }

  page(tenantId: number, f: SaleFilter, window: PageWindow) {
    const counted = this.db.selectFrom('sale_order as o').where(this.condition(tenantId, f));
    return pageQuery(counted, this.filtered(tenantId, f).orderBy('o.id', 'desc'), window);
  }

  /** Every order of the filter, newest first, in batches (the export). */
  async *batches(tenantId: number, f: SaleFilter, size = 500) {
    for (let offset = 0; ; offset += size) {
      const rows = await this.filtered(tenantId, f).orderBy('o.id', 'desc').offset(offset).limit(size).execute();
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  }

  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    if (!orderIds.length) return Promise.resolve([]);
    return db
      .selectFrom('sale_order_line')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
  }

  /** Pay records of orders with the card number and the card balance after the charge. */
  records(tenantId: number, orderIds: number[], db: Executor = this.db) {
    if (!orderIds.length) return Promise.resolve([]);
    return db
      .selectFrom('pay_record as r')
      .leftJoin('card as c', 'c.id', 'r.card_id')
      .leftJoin('card_consume as cc', 'cc.id', 'r.consume_id')
      .selectAll('r')
      .select(['c.card_no', 'cc.balance_after'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.order_type', '=', SALE_ORDER_TYPE)
      .where('r.order_id', 'in', orderIds)
      .orderBy('r.order_id')
      .orderBy('r.id')
      .execute();
  }

  /**
   * The check-and-set of a payment, the first statement of its transaction: marks the order paid only
   * if it still is payable (U, F), or, for a channel payment, still held by `lock`. The row lock it takes
   * (PostgreSQL) or the write lock (SQLite) makes a second payment of the same order wait, then find
   * nothing to update. Answers the attempt number when this caller won, else null.
   */
  async markPaid(trx: Executor, tenantId: number, orderId: number, set: PaidSet, lock?: string) {
    let q = trx
      .updateTable('sale_order')
      .set({
        pay_state: 'P',
        order_state: 'E',
        paid_at: set.nowIso,
        pay_lock: null,
        pay_lock_until: null,
        ...(set.priceFen !== undefined ? { price_pay_fen: set.priceFen } : {}),
        ...(set.payMode ? { pay_mode: set.payMode } : {}),
        ...(set.memberId ? { member_id: sql<number>`coalesce(member_id, ${set.memberId})` } : {}),
        ...(set.remark ? { remark: set.remark } : {}),
        ...(lock ? {} : { pay_attempt: sql<number>`pay_attempt + 1` }),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId);
    q = lock ? q.where('pay_state', '=', 'N').where('pay_lock', '=', lock) : q.where('pay_state', 'in', PAYABLE);
    const row = await q.returning('pay_attempt').executeTakeFirst();
    return row?.pay_attempt ?? null;
  }

  /** Claims a payable order for a channel payment: pay state N (result unknown until the channel answers), a new attempt, the lock. */
  async claimForChannel(
    trx: Executor,
    tenantId: number,
    orderId: number,
    set: { lock: string; until: string; priceFen: number; payMode: string; memberId: number | null; remark?: string },
  ) {
    const row = await trx
      .updateTable('sale_order')
      .set({
        pay_state: 'N',
        pay_attempt: sql<number>`pay_attempt + 1`,
        pay_lock: set.lock,
        pay_lock_until: set.until,
        price_pay_fen: set.priceFen,
        pay_mode: set.payMode,
        ...(set.memberId ? { member_id: sql<number>`coalesce(member_id, ${set.memberId})` } : {}),
        ...(set.remark ? { remark: set.remark } : {}),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', 'in', PAYABLE)
      .returning('pay_attempt')
      .executeTakeFirst();
    return row?.pay_attempt ?? null;
  }

  /** Claims an order whose channel result is unknown, to ask the channel again; none while another request holds it. */
  async claimPending(tenantId: number, orderId: number, lock: string, nowIso: string, until: string) {
    const row = await this.db
      .updateTable('sale_order')
      .set({ pay_lock: lock, pay_lock_until: until })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_state', '=', 'N')
      .where((eb) => eb.or([eb('pay_lock_until', 'is', null), eb('pay_lock_until', '<', nowIso)]))
      .returning('pay_attempt')
      .executeTakeFirst();
    return row?.pay_attempt ?? null;
  }

  /** Ends a channel attempt that did not pay: the order answers `payState` (F failed, or N still unknown) and is free again. */
  async release(trx: Executor, tenantId: number, orderId: number, lock: string, payState: Extract<PayState, 'F' | 'N'>) {
    await trx
      .updateTable('sale_order')
      .set({ pay_state: payState, pay_lock: null, pay_lock_until: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('pay_lock', '=', lock)
      .execute();
  }

  async insertRecords(trx: Executor, rows: NewRecord[]) {
    if (rows.length) await trx.insertInto('pay_record').values(rows).execute();
  }

  attemptRecords(tenantId: number, orderId: number, attempt: number, db: Executor = this.db) {
    return db
      .selectFrom('pay_record')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('order_type', '=', SALE_ORDER_TYPE)
      .where('order_id', '=', orderId)
      .where('attempt', '=', attempt)
      .orderBy('id')
      .execute();
  }

  async updateRecord(
    trx: Executor,
    id: number,
    set: { state: PayRecordState; consume_id?: number; channel_trade_no?: string | null; message?: string; paid_at?: string },
  ) {
    await trx.updateTable('pay_record').set(set).where('id', '=', id).execute();
  }
}
