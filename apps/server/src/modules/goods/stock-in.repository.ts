import type { Insertable, Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, StockInLineTable, StockInState, StockInTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

interface StockInFilter {
  venueId: number;
  state?: StockInState;
  warehouseId?: number;
  supplierId?: number;
  beginIso?: string;
  endIso?: string;
}
export type StockInOrderRow = NonNullable<Awaited<ReturnType<StockInRepository['find']>>>;
type NewStockIn = Omit<Insertable<StockInTable>, 'id'>;
type NewStockInLine = Omit<Insertable<StockInLineTable>, 'id' | 'stock_in_id'>;

/** Stock-in (purchase) orders and their lines. */
export class StockInRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private orders(tenantId: number) {
    return this.db
      .selectFrom('stock_in as o')
      .innerJoin('warehouse as w', 'w.id', 'o.warehouse_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('supplier as s', 's.id', 'o.supplier_id')
      .innerJoin('users as cu', 'cu.id', 'o.created_by')
      .leftJoin('users as ru', 'ru.id', 'o.reviewed_by')
      .where('o.tenant_id', '=', tenantId);
  }

  private withNames(q: ReturnType<StockInRepository['orders']>) {
    return q
      .selectAll('o')
      .select(['w.name as warehouse_name', 'v.name as venue_name', 's.name as supplier_name', 'cu.real_name as create_name', 'ru.real_name as review_name']);
  }

  /** One order of the venue: another venue's (or tenant's) order is not there. */
  find(tenantId: number, venueId: number, id: number) {
    return this.withNames(this.orders(tenantId).where('o.id', '=', id).where('o.venue_id', '=', venueId)).executeTakeFirst();
  }

  page(tenantId: number, f: StockInFilter, window: PageWindow) {
    let q = this.orders(tenantId).where('o.venue_id', '=', f.venueId);
    if (f.state) q = q.where('o.state', '=', f.state);
    if (f.warehouseId) q = q.where('o.warehouse_id', '=', f.warehouseId);
    if (f.supplierId) q = q.where('o.supplier_id', '=', f.supplierId);
    if (f.beginIso) q = q.where('o.created_at', '>=', f.beginIso);
    if (f.endIso) q = q.where('o.created_at', '<=', f.endIso);
    return pageQuery(q, this.withNames(q.orderBy('o.id', 'desc')), window);
  }

  /** The lines of the orders with their goods' names. */
  lines(tenantId: number, orderIds: number[]) {
    if (!orderIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('stock_in_line as l')
      .innerJoin('goods as g', 'g.id', 'l.goods_id')
      .select(['l.stock_in_id', 'l.goods_id', 'l.quantity', 'l.price_fen', 'g.name', 'g.specs', 'g.unit'])
      .where('l.tenant_id', '=', tenantId)
      .where('l.stock_in_id', 'in', orderIds)
      .orderBy('l.id')
      .execute();
  }

  /** Whether the tenant's warehouse is enabled and serves the venue. */
  async warehouseServes(tenantId: number, warehouseId: number, venueId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('warehouse as w')
      .innerJoin('warehouse_venue as wv', 'wv.warehouse_id', 'w.id')
      .select('w.id')
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', '=', warehouseId)
      .where('w.state', '=', 'A')
      .where('wv.venue_id', '=', venueId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async supplierEnabled(tenantId: number, supplierId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('supplier')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', supplierId)
      .where('state', '=', 'A')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How many of these goods are the tenant's. */
  async goodsFound(tenantId: number, goodsIds: number[]): Promise<number> {
    return (await this.db.selectFrom('goods').select('id').where('tenant_id', '=', tenantId).where('id', 'in', goodsIds).execute()).length;
  }

  /** A new order with its lines, in one transaction. */
  async insert(order: NewStockIn, lines: NewStockInLine[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('stock_in').values(order).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('stock_in_line')
        .values(lines.map((l) => ({ ...l, stock_in_id: id })))
        .execute();
      return id;
    });
  }

  /**
   * Moves an order from state `from` to `to` (with the review fields, when given). False when the
   * order was not in `from` any more: another request moved it first.
   */
  async move(
    tenantId: number,
    id: number,
    from: StockInState,
    set: Partial<Pick<StockInTable, 'state' | 'review_remark' | 'reviewed_at' | 'reviewed_by'>>,
    db: Executor = this.db,
  ) {
    const moved = await db.updateTable('stock_in').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).where('state', '=', from).executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  warehouseOf(db: Executor, id: number) {
    return db.selectFrom('stock_in').select('warehouse_id').where('id', '=', id).executeTakeFirstOrThrow();
  }

  linesOf(db: Executor, id: number) {
    return db.selectFrom('stock_in_line').selectAll().where('stock_in_id', '=', id).execute();
  }
}
