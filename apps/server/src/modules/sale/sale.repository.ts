import { sql, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, OrderState, PayState, SaleOrderLineTable, SaleOrderTable } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

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
type NewOrder = Omit<Insertable<SaleOrderTable>, 'id'>;
type NewLine = Omit<Insertable<SaleOrderLineTable>, 'id' | 'order_id'>;

/** The only place with sale order queries: orders and lines (the pay claims are the checkout's, see checkout/payable.repository.ts). */
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
}
