import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Engine, Executor } from '../../db/database.ts';
import { insertOrderWithLines } from '../../db/order-insert.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, OrderState, PayState, SaleOrderLineTable, SaleOrderTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { readOrderLines, type OrderLineRow } from '../checkout/index.ts';

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
export type OrderRow = Awaited<ReturnType<SaleRepository['findOrders']>>[number];
/** A sale order as the checkout pays and refunds it: its own columns, no names. */
export type PayOrderRow = Selectable<SaleOrderTable>;
export type LineRow = OrderLineRow<'sale_order_line'>;
type NewOrder = Omit<Insertable<SaleOrderTable>, 'id'>;
/** A row of `saleContext`: the checks (0/1, a state), then one goods with its stock, or nulls. */
interface SaleContextRow {
  venue_enabled: number;
  warehouse_state: string | null;
  serves: number;
  member_found: number;
  id: number | null;
  name: string | null;
  specs: string | null;
  unit: string | null;
  price_fen: number | null;
  state: string | null;
  is_on_sale: string | null;
  stock: number;
}
type NewLine = Omit<Insertable<SaleOrderLineTable>, 'id' | 'order_id'>;

/** The only place with sale order queries: orders and lines (the pay claims are the checkout's, see checkout/payable.repository.ts). */
export class SaleRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

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

  /**
   * What a new sale is checked against, in one read: whether the venue is the tenant's and enabled (its
   * center too), the warehouse's state (null: not the tenant's) and whether it serves the venue, whether
   * the member is the tenant's, and one row per goods found with its stock in the warehouse. Always at
   * least one row (the checks; goods columns null when no goods matched).
   */
  async saleContext(tenantId: number, c: { venueId: number; warehouseId: number; memberId: number | null; goodsIds: number[] }) {
    // Written as SQL: every sale runs it, and Kysely's builder would cost more than the query (see bench/probe).
    const member =
      c.memberId === null ? sql`1` : sql`case when exists (select 1 from member m where m.tenant_id = ${tenantId} and m.id = ${c.memberId}) then 1 else 0 end`;
    const { rows } = await sql<SaleContextRow>`select
        case when exists (select 1 from venue v join center c on c.id = v.center_id
          where v.tenant_id = ${tenantId} and v.id = ${c.venueId} and v.state = 'A' and c.state = 'A') then 1 else 0 end as venue_enabled,
        (select w.state from warehouse w where w.tenant_id = ${tenantId} and w.id = ${c.warehouseId}) as warehouse_state,
        case when exists (select 1 from warehouse_venue wv where wv.warehouse_id = ${c.warehouseId} and wv.venue_id = ${c.venueId}) then 1 else 0 end as serves,
        ${member} as member_found,
        g.id, g.name, g.specs, g.unit, g.price_fen, g.state, g.is_on_sale, coalesce(s.quantity, 0) as stock
      from (select 1 as one) k
      left join goods g on g.tenant_id = ${tenantId} and g.id in (${sql.join(c.goodsIds)})
      left join goods_stock s on s.goods_id = g.id and s.warehouse_id = ${c.warehouseId}`.execute(this.db);
    return rows;
  }

  /** Writes an order and its lines; `alsoWrite` (an audit entry) joins their transaction. */
  insertOrder(order: NewOrder, lines: NewLine[], alsoWrite?: (trx: Transaction<Database>, orderId: number) => Promise<void>): Promise<number> {
    return insertOrderWithLines(this.db, this.engine, { order: 'sale_order', lines: 'sale_order_line' }, order, lines, alsoWrite);
  }

  /** One order of the tenant as the checkout sees it (no joins: the payment needs its own columns only). */
  findPayable(tenantId: number, id: number, db: Executor = this.db) {
    return db.selectFrom('sale_order').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  }

  /** An order and its lines: PostgreSQL in one statement (the lines as JSON, their columns integers and text), SQLite in two. */
  async findPayableWithLines(tenantId: number, id: number) {
    if (this.engine !== 'postgres') {
      const order = await this.findPayable(tenantId, id);
      return order && { order, lines: await this.lines(tenantId, [id]) };
    }
    const row = await this.db
      .selectFrom('sale_order as o')
      .selectAll('o')
      .select(
        sql<
          Selectable<SaleOrderLineTable>[] | null
        >`(select json_agg(l order by l.id) from sale_order_line l where l.tenant_id = o.tenant_id and l.order_id = o.id)`.as('lines'),
      )
      .where('o.tenant_id', '=', tenantId)
      .where('o.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { lines, ...order } = row;
    return { order, lines: lines ?? [] };
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

  /** The orders' lines, in order and line order (the checkout's one line read). */
  lines(tenantId: number, orderIds: number[], db: Executor = this.db) {
    return readOrderLines(db, 'sale_order_line', tenantId, orderIds);
  }
}
