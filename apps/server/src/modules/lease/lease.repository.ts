import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import type { LeaseGoodsTable, LeaseOrderLineTable, LeaseOrderTable } from '../../db/lease-tables.ts';
import { insertOrderWithLines } from '../../db/order-insert.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines, type OrderLineRow } from '../checkout/index.ts';

export interface LeaseGoodsFilter {
  warehouseId: number | null;
  itemId?: number;
  goodsName?: string;
  state?: 'A' | 'S';
  ids?: number[];
}
export type LeaseGoodsRow = Awaited<ReturnType<LeaseRepository['goods']>>[number];
export type LeasePayRow = Selectable<LeaseOrderTable>;
export type LeaseLineRow = OrderLineRow<'lease_order_line'>;
export type LeaseOrderRow = Awaited<ReturnType<LeaseRepository['findOrders']>>[number];
type NewOrder = Omit<Insertable<LeaseOrderTable>, 'id'>;
type NewLine = Omit<Insertable<LeaseOrderLineTable>, 'id' | 'order_id'>;

/** The only place with lease queries: the lease goods archive (with the venue warehouse's stock), lease orders and lines. */
export class LeaseRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** The warehouse a venue lends from: its first enabled warehouse (lowest id), or none. */
  async venueWarehouse(tenantId: number, venueId: number, db: Executor = this.db): Promise<number | null> {
    const row = await db
      .selectFrom('warehouse_venue as wv')
      .innerJoin('warehouse as w', 'w.id', 'wv.warehouse_id')
      .select('w.id')
      .where('wv.tenant_id', '=', tenantId)
      .where('wv.venue_id', '=', venueId)
      .where('w.state', '=', 'A')
      .orderBy('w.id')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  private goodsQuery(tenantId: number, f: LeaseGoodsFilter) {
    let q = this.db
      .selectFrom('lease_goods as lg')
      .innerJoin('goods as g', 'g.id', 'lg.goods_id')
      .innerJoin('sport_item as i', 'i.id', 'lg.item_id')
      .leftJoin('goods_stock as s', (j) => j.onRef('s.goods_id', '=', 'lg.goods_id').on('s.warehouse_id', '=', f.warehouseId ?? 0))
      .where('lg.tenant_id', '=', tenantId);
    if (f.itemId) q = q.where('lg.item_id', '=', f.itemId);
    if (f.state) q = q.where('lg.state', '=', f.state);
    if (f.goodsName) q = q.where('g.name', 'like', `%${f.goodsName}%`);
    if (f.ids) q = q.where('lg.id', 'in', f.ids.length ? f.ids : [0]);
    return q;
  }

  private withColumns<Q extends ReturnType<LeaseRepository['goodsQuery']>>(q: Q) {
    return q
      .selectAll('lg')
      .select(['g.name as goods_name', 'g.specs', 'g.picture', 'g.unit', 'i.name as item_name', sql<number>`coalesce(s.quantity, 0)`.as('qty')]);
  }

  goods(tenantId: number, f: LeaseGoodsFilter) {
    return this.withColumns(this.goodsQuery(tenantId, f)).orderBy('lg.id').execute();
  }

  goodsPage(tenantId: number, f: LeaseGoodsFilter, window: PageWindow) {
    const counted = this.db.selectFrom('lease_goods as lg').innerJoin('goods as g', 'g.id', 'lg.goods_id').where('lg.tenant_id', '=', tenantId);
    const filtered = [
      f.itemId && sql`lg.item_id = ${f.itemId}`,
      f.state && sql`lg.state = ${f.state}`,
      f.goodsName && sql`g.name like ${`%${f.goodsName}%`}`,
    ].filter((c) => !!c);
    const where = filtered.length ? sql<SqlBool>`${sql.join(filtered, sql` and `)}` : sql<SqlBool>`1 = 1`;
    return pageQuery(counted.where(where), this.withColumns(this.goodsQuery(tenantId, f)).orderBy('lg.id'), window);
  }

  /** Whether the goods and the item are the tenant's, and whether the goods is already lent out as another archive entry. */
  async goodsCheck(tenantId: number, goodsId: number | null, itemId: number, selfId: number | null) {
    const [goods, item, taken] = await Promise.all([
      goodsId === null
        ? Promise.resolve({ id: 0 })
        : this.db.selectFrom('goods').select('id').where('tenant_id', '=', tenantId).where('id', '=', goodsId).executeTakeFirst(),
      this.db.selectFrom('sport_item').select('id').where('tenant_id', '=', tenantId).where('id', '=', itemId).executeTakeFirst(),
      goodsId === null
        ? Promise.resolve(undefined)
        : this.db
            .selectFrom('lease_goods')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('goods_id', '=', goodsId)
            .where('id', '!=', selfId ?? 0)
            .executeTakeFirst(),
    ]);
    return { goods: !!goods, item: !!item, taken: !!taken };
  }

  async insertGoods(row: Omit<Insertable<LeaseGoodsTable>, 'id'>) {
    return (await this.db.insertInto('lease_goods').values(row).returning('id').executeTakeFirstOrThrow()).id;
  }

  updateGoods(tenantId: number, id: number, patch: Partial<Omit<Insertable<LeaseGoodsTable>, 'id' | 'tenant_id'>>) {
    return this.db.updateTable('lease_goods').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async venueExists(tenantId: number, venueId: number) {
    return !!(await this.db.selectFrom('venue').select('id').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst());
  }

  /** Is the venue the tenant's and enabled, does it run the item (enabled), and the warehouse it lends from (`venueWarehouse`): one statement. */
  async venueAndItem(tenantId: number, venueId: number, itemId: number) {
    const row = await this.db
      .selectFrom('venue as v')
      .leftJoin('venue_item as vi', (j) => j.onRef('vi.venue_id', '=', 'v.id').on('vi.item_id', '=', itemId).on('vi.state', '=', 'A'))
      .select(['v.state', 'vi.id as venue_item_id'])
      .select((eb) =>
        eb
          .selectFrom('warehouse_venue as wv')
          .innerJoin('warehouse as w', 'w.id', 'wv.warehouse_id')
          .select('w.id')
          .where('wv.tenant_id', '=', tenantId)
          .whereRef('wv.venue_id', '=', 'v.id')
          .where('w.state', '=', 'A')
          .orderBy('w.id')
          .limit(1)
          .as('warehouse_id'),
      )
      .where('v.tenant_id', '=', tenantId)
      .where('v.id', '=', venueId)
      .executeTakeFirst();
    return { venue: row?.state === 'A', item: !!row?.venue_item_id, warehouseId: row?.warehouse_id ?? null };
  }

  async memberExists(tenantId: number, memberId: number) {
    return !!(await this.db.selectFrom('member').select('id').where('tenant_id', '=', tenantId).where('id', '=', memberId).executeTakeFirst());
  }

  insertOrder(order: NewOrder, lines: NewLine[]): Promise<number> {
    return insertOrderWithLines(this.db, this.engine, { order: 'lease_order', lines: 'lease_order_line' }, order, lines);
  }

  findPayable(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('lease_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** The orders' lines, in order and line order (the checkout's one line read). */
  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'lease_order_line', tenantId, orderIds);
  }

  /** Lines with their order's lend time (paid_at), for a return priced inside its transaction. */
  linesWithLendTime(tenantId: number, orderId: number, db: Executor = this.db) {
    return db
      .selectFrom('lease_order_line as l')
      .innerJoin('lease_order as o', 'o.id', 'l.order_id')
      .selectAll('l')
      .select('o.paid_at')
      .where('l.tenant_id', '=', tenantId)
      .where('l.order_id', '=', orderId)
      .orderBy('l.id')
      .execute();
  }

  /** After a return: what the deposit kept and when; the order is done (E) once every unit is back. */
  async markReturned(trx: Executor, tenantId: number, orderId: number, lines: { line_id: number; quantity: number; amount_fen: number }[], nowIso: string) {
    for (const l of lines) {
      await trx
        .updateTable('lease_order_line')
        .set({ deducted_fen: sql<number>`deducted_fen + deposit_fen * ${l.quantity} - ${l.amount_fen}`, returned_at: nowIso })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', l.line_id)
        .execute();
    }
    await trx
      .updateTable('lease_order')
      .set({ order_state: 'E' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', orderId)
      .where('order_state', '=', 'A')
      .where(sql<SqlBool>`not exists (select 1 from lease_order_line l where l.order_id = ${orderId} and l.refunded_quantity < l.quantity)`)
      .execute();
  }

  private orders(db: Executor, tenantId: number) {
    return db
      .selectFrom('lease_order as o')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('sport_item as i', 'i.id', 'o.item_id')
      .innerJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('member as m', 'm.id', 'o.member_id')
      .selectAll('o')
      .select(['v.name as venue_name', 'i.name as item_name', 'u.real_name as create_name', 'm.name as member_name'])
      .where('o.tenant_id', '=', tenantId);
  }

  findOrders(tenantId: number, ids: number[]) {
    return ids.length ? this.orders(this.db, tenantId).where('o.id', 'in', ids).orderBy('o.id').execute() : Promise.resolve([]);
  }

  /** A venue's orders, the ones out (A) first, newest first. */
  page(tenantId: number, f: { venueId: number; orderState?: string; memberName?: string; orderId?: number }, window: PageWindow) {
    const parts = [sql`o.tenant_id = ${tenantId}`, sql`o.venue_id = ${f.venueId}`];
    if (f.orderState) parts.push(sql`o.order_state = ${f.orderState}`);
    if (f.orderId) parts.push(sql`o.id = ${f.orderId}`);
    if (f.memberName) parts.push(sql`o.member_id in (select m.id from member m where m.tenant_id = ${tenantId} and m.name like ${`%${f.memberName}%`})`);
    const where = sql<SqlBool>`${sql.join(parts, sql` and `)}`;
    const counted = this.db.selectFrom('lease_order as o').where(where);
    const rows = this.orders(this.db, tenantId)
      .where(where)
      .orderBy(sql`case when o.order_state = 'A' then 0 else 1 end`)
      .orderBy('o.id', 'desc');
    return pageQuery(counted, rows, window);
  }
}
