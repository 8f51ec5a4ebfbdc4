import { MAX_HAND_CHARGED_FEN, ticket } from '@venue/contract';
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import type { HandChargeTable, HandOrderKind, HandOrderLineTable, HandOrderTable, HandTable } from '../../db/hand-tables.ts';
import { insertOrderWithLines } from '../../db/order-insert.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines, type OrderLineRow } from '../checkout/index.ts';

const TIMEOUT_ORDER_TYPE = ticket.TIMEOUT_ORDER_TYPE;

export type HandOrderRow = Selectable<HandOrderTable>;
export type HandLineRow = OrderLineRow<'hand_order_line'>;
export type HandChargeRow = Selectable<HandChargeTable>;
export type HandRow = Awaited<ReturnType<HandRepository['hands']>>[number];
export type HandOrderViewRow = Awaited<ReturnType<HandRepository['findOrders']>>[number];
type NewOrder = Omit<Insertable<HandOrderTable>, 'id'>;
type NewLine = Omit<Insertable<HandOrderLineTable>, 'id' | 'order_id'>;

export interface HandFilter {
  keyword?: string;
  venueId?: number;
  venueIds?: number[];
  state?: 'A' | 'S';
  inUse?: boolean;
  ids?: number[];
}

/** The only place with wristband queries: bands, their deposit and settlement orders, and what was charged to them. */
export class HandRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  private handQuery(tenantId: number, f: HandFilter) {
    let q = this.db.selectFrom('hand as h').innerJoin('venue as v', 'v.id', 'h.venue_id').where('h.tenant_id', '=', tenantId);
    if (f.venueId) q = q.where('h.venue_id', '=', f.venueId);
    if (f.venueIds) q = q.where('h.venue_id', 'in', f.venueIds.length ? f.venueIds : [0]);
    if (f.state) q = q.where('h.state', '=', f.state);
    if (f.inUse !== undefined) q = q.where('h.lent_order_id', f.inUse ? 'is not' : 'is', null);
    if (f.ids) q = q.where('h.id', 'in', f.ids.length ? f.ids : [0]);
    if (f.keyword) q = q.where((eb) => eb.or([eb('h.hand_no', 'like', `%${f.keyword}%`), eb('h.phy_id', 'like', `%${f.keyword}%`)]));
    return q;
  }

  hands(tenantId: number, f: HandFilter) {
    return this.handQuery(tenantId, f).selectAll('h').select('v.name as venue_name').orderBy('h.venue_id').orderBy('h.hand_no').orderBy('h.id').execute();
  }

  handPage(tenantId: number, f: HandFilter, window: PageWindow) {
    return pageQuery(
      this.handQuery(tenantId, f),
      this.handQuery(tenantId, f).selectAll('h').select('v.name as venue_name').orderBy('h.venue_id').orderBy('h.hand_no').orderBy('h.id'),
      window,
    );
  }

  /** The scan path: a band by its physical id or number, or its id when the code is a number. */
  async lookup(tenantId: number, code: string) {
    const asId = /^\d{1,9}$/.test(code) ? Number(code) : 0;
    const rows = await this.db
      .selectFrom('hand as h')
      .innerJoin('venue as v', 'v.id', 'h.venue_id')
      .selectAll('h')
      .select('v.name as venue_name')
      .where('h.tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('h.phy_id', '=', code), eb('h.hand_no', '=', code), eb('h.id', '=', asId)]))
      .execute();
    // The physical id wins (what a reader sends), then the number, then the id.
    return rows.find((r) => r.phy_id === code) ?? rows.find((r) => r.hand_no === code) ?? rows[0];
  }

  async phyTaken(tenantId: number, phyId: string, selfId: number | null) {
    return !!(await this.db
      .selectFrom('hand')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('phy_id', '=', phyId)
      .where('id', '!=', selfId ?? 0)
      .executeTakeFirst());
  }

  async insertHand(row: Omit<Insertable<HandTable>, 'id'>) {
    return (await this.db.insertInto('hand').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Changes a band; `idleOnly` changes it only while it is not out (answers whether it changed). */
  async updateHand(tenantId: number, id: number, patch: Partial<Omit<Insertable<HandTable>, 'id' | 'tenant_id' | 'lent_order_id'>>, idleOnly: boolean) {
    let q = this.db.updateTable('hand').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id);
    if (idleOnly) q = q.where('lent_order_id', 'is', null);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  }

  async venueEnabled(tenantId: number, venueId: number) {
    const row = await this.db.selectFrom('venue').select('state').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst();
    return row ? row.state === 'A' : null;
  }

  async memberExists(tenantId: number, memberId: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst());
  }

  insertOrder(order: NewOrder, lines: NewLine[]): Promise<number> {
    return insertOrderWithLines(this.db, this.engine, { order: 'hand_order', lines: 'hand_order_line' }, order, lines);
  }

  /** The deposit order's settlement waiting for its payment (one at most: hand_order_settle_open_uq). */
  openSettlement(tenantId: number, depositOrderId: number) {
    return this.db
      .selectFrom('hand_order')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('deposit_order_id', '=', depositOrderId)
      .where('kind', '=', 'S')
      .where('order_state', '=', 'P')
      .where('pay_state', 'in', ['U', 'F', 'N'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Closes a settlement that no longer adds up, unless a payment of it is under way; answers whether it was closed. */
  async closeSettlement(tenantId: number, id: number) {
    const r = await this.db
      .updateTable('hand_order')
      .set({ order_state: 'C', pay_state: 'C' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('kind', '=', 'S')
      .where('order_state', '=', 'P')
      .where('pay_state', 'in', ['U', 'F'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  findOrder(tenantId: number, id: number, kind: HandOrderKind | null, db: Executor = this.db) {
    let q = db.selectFrom('hand_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
    if (kind) q = q.where('kind', '=', kind);
    return q.executeTakeFirst();
  }

  /** The orders' lines, in order and line order (the checkout's one line read). */
  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'hand_order_line', tenantId, orderIds);
  }

  charges(tenantId: number, depositOrderIds: number[], db: Executor = this.db) {
    if (!depositOrderIds.length) return Promise.resolve([] as HandChargeRow[]);
    return db
      .selectFrom('hand_charge')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('deposit_order_id', 'in', depositOrderIds)
      .orderBy('deposit_order_id')
      .orderBy('id')
      .execute();
  }

  /** Lends the band on a paid deposit order: only while it is enabled and not out (answers whether it was lent). */
  async lend(trx: Executor, tenantId: number, handId: number, orderId: number) {
    const r = await trx
      .updateTable('hand')
      .set({ lent_order_id: orderId })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', handId)
      .where('state', '=', 'A')
      .where('lent_order_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The band back from its deposit order: free again, the order returned (E). Answers whether this call returned it. */
  async giveBack(trx: Executor, tenantId: number, handId: number, orderId: number, nowIso: string) {
    const r = await trx
      .updateTable('hand_order')
      .set({ order_state: 'E', returned_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('order_state', '=', 'A')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('hand')
      .set({ lent_order_id: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', handId)
      .where('lent_order_id', '=', orderId)
      .execute();
    return true;
  }

  /**
   * Books a charge on a deposit order that is out and has room for it (MAX_HAND_CHARGED_FEN): answers
   * true, or why not (nothing written).
   */
  async charge(trx: Executor, row: Omit<Insertable<HandChargeTable>, 'id'>): Promise<true | 'notOut' | 'full'> {
    const r = await trx
      .updateTable('hand_order')
      .set({ charged_fen: sql<number>`charged_fen + ${row.amount_fen}` })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.deposit_order_id)
      .where('kind', '=', 'D')
      .where('order_state', '=', 'A')
      // Compared without the sum, which PostgreSQL's integer would overflow before comparing it.
      .where(sql<boolean>`charged_fen <= ${sql.lit(MAX_HAND_CHARGED_FEN)} - ${row.amount_fen}`)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const order = await this.findOrder(row.tenant_id, row.deposit_order_id, 'D', trx);
      return order?.order_state === 'A' ? 'full' : 'notOut';
    }
    await trx.insertInto('hand_charge').values(row).execute();
    return true;
  }

  /** Marks the charges settled by a paid settlement, each only once; answers how many were marked. */
  async settle(trx: Executor, tenantId: number, depositOrderId: number, settleOrderId: number, chargeIds: number[], amountFen: number) {
    if (!chargeIds.length) return 0;
    const r = await trx
      .updateTable('hand_charge')
      .set({ settle_order_id: settleOrderId })
      .where('tenant_id', '=', tenantId)
      .where('deposit_order_id', '=', depositOrderId)
      .where('id', 'in', chargeIds)
      .where('settle_order_id', 'is', null)
      .executeTakeFirst();
    let marked = Number(r.numUpdatedRows);
    // A refund may have lowered a charge since the settlement was made: then it no longer adds up.
    const now = await trx
      .selectFrom('hand_charge')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('fen'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', chargeIds)
      .executeTakeFirstOrThrow();
    if (Number(now.fen) !== amountFen) marked = -1;
    if (marked === chargeIds.length) {
      await trx
        .updateTable('hand_order')
        .set({ settled_fen: sql<number>`settled_fen + ${amountFen}` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', depositOrderId)
        .execute();
    }
    return marked;
  }

  /**
   * The charge of an order booked on a band, locked until the caller's commit (a no-op update, as a
   * refund's lock on its order): the settlement that paid it, if any.
   */
  async lockCharge(trx: Executor, tenantId: number, orderType: string, orderId: number) {
    return trx
      .updateTable('hand_charge')
      .set({ amount_fen: sql<number>`amount_fen` })
      .where('tenant_id', '=', tenantId)
      .where('order_type', '=', orderType)
      .where('order_id', '=', orderId)
      .returning(['id', 'settle_order_id'])
      .executeTakeFirst();
  }

  /** Takes a refund off an order's charge that is not settled, and off its band's total; answers whether it could. */
  async lowerCharge(trx: Executor, tenantId: number, orderType: string, orderId: number, amountFen: number) {
    const row = await trx
      .updateTable('hand_charge')
      .set({ amount_fen: sql<number>`amount_fen - ${amountFen}` })
      .where('tenant_id', '=', tenantId)
      .where('order_type', '=', orderType)
      .where('order_id', '=', orderId)
      .where('settle_order_id', 'is', null)
      .where('amount_fen', '>=', amountFen)
      .returning('deposit_order_id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('hand_order')
      .set({ charged_fen: sql<number>`charged_fen - ${amountFen}` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.deposit_order_id)
      .execute();
    return true;
  }

  /** What is charged to a deposit order and not settled, fen. */
  async unsettledFen(tenantId: number, depositOrderId: number, db: Executor = this.db) {
    const row = await db
      .selectFrom('hand_charge')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('fen'))
      .where('tenant_id', '=', tenantId)
      .where('deposit_order_id', '=', depositOrderId)
      .where('settle_order_id', 'is', null)
      .executeTakeFirst();
    return Number(row?.fen ?? 0);
  }

  private orders(db: Executor, tenantId: number) {
    return db
      .selectFrom('hand_order as o')
      .innerJoin('hand as h', 'h.id', 'o.hand_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['h.hand_no', 'h.phy_id', 'v.name as venue_name', 'u.real_name as create_name', 'm.name as member_name'])
      .where('o.tenant_id', '=', tenantId);
  }

  findOrders(tenantId: number, ids: number[]) {
    return ids.length ? this.orders(this.db, tenantId).where('o.id', 'in', ids).orderBy('o.id').execute() : Promise.resolve([]);
  }

  /** A venue's deposit orders: out ones (A) only, or all (newest first), of a band, of a state, by band number or physical id. */
  depositPage(tenantId: number, f: { venueId: number; handId?: number; orderState?: string; keyword?: string }, window: PageWindow) {
    const parts = [sql`o.tenant_id = ${tenantId}`, sql`o.venue_id = ${f.venueId}`, sql`o.kind = 'D'`];
    if (f.handId) parts.push(sql`o.hand_id = ${f.handId}`);
    if (f.orderState) parts.push(sql`o.order_state = ${f.orderState}`);
    if (f.keyword)
      parts.push(
        sql`o.hand_id in (select h.id from hand h where h.tenant_id = ${tenantId} and (h.hand_no like ${`%${f.keyword}%`} or h.phy_id like ${`%${f.keyword}%`}))`,
      );
    const where = sql<SqlBool>`${sql.join(parts, sql` and `)}`;
    return pageQuery(this.db.selectFrom('hand_order as o').where(where), this.orders(this.db, tenantId).where(where).orderBy('o.id', 'desc'), window);
  }

  /** Overstay orders charged to a band (手牌挂账), with their entry, ticket, band and who made them. */
  timeoutCharges(tenantId: number, orderIds: number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('hand_charge as hc')
      .innerJoin('ticket_timeout_order as o', 'o.id', 'hc.order_id')
      .innerJoin('ticket_check as c', 'c.id', 'o.check_id')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'c.item_id')
      .innerJoin('hand as h', 'h.id', 'hc.hand_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .select([
        'hc.order_id',
        'hc.hand_id',
        'h.hand_no',
        'hc.deposit_order_id',
        'hc.settle_order_id',
        'hc.amount_fen',
        'o.venue_id',
        'o.minutes',
        'o.created_at',
        'd.qr_code',
        'd.type_name',
        'v.name as venue_name',
        'i.name as item_name',
        'c.checked_at',
        'c.slot_end',
        'c.exit_at',
        'u.real_name as create_name',
      ])
      .where('hc.tenant_id', '=', tenantId)
      .where('hc.order_type', '=', TIMEOUT_ORDER_TYPE)
      .where('hc.order_id', 'in', orderIds)
      .orderBy('hc.id')
      .execute();
  }
}
