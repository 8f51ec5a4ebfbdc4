import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Updateable } from 'kysely';
import { pageQuery } from '../../db/page-query.ts';
import type { Database, EnabledState, GoodsTable, OnSale } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface GoodsFilter {
  name?: string;
  keyword?: string;
  classificationId?: number;
  state?: EnabledState;
  isOnSale?: OnSale;
}
/**
 * A barcode prefix, a name fragment or a shorthand prefix (any case): 商品档案's search box. The prefixes can
 * use the (tenant, barcode) and (tenant, shorthand) indexes. The till's search applies the same rule to the
 * catalogue it keeps in memory (`matchesSearch` in sale-list.ts).
 */
function matchesKeyword(keyword: string) {
  const k = keyword.toLowerCase();
  return (eb: ExpressionBuilder<GoodsRow, 'g'>) =>
    eb.or([eb('g.barcode', 'like', `${k}%`), eb('g.name', 'like', `%${keyword}%`), eb(eb.fn('lower', ['g.shorthand']), 'like', `${k}%`)]);
}
type GoodsRow = { g: GoodsTable };

export type GoodsValues = Omit<Insertable<GoodsTable>, 'id' | 'tenant_id' | 'created_at'>;

export class ArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Goods with their classification and sports item names. */
  private withNames(tenantId: number) {
    return this.db
      .selectFrom('goods as g')
      .innerJoin('goods_classification as c', 'c.id', 'g.classification_id')
      .leftJoin('sport_item as i', 'i.id', 'g.item_id')
      .selectAll('g')
      .select(['c.name as classification_name', 'i.name as item_name'])
      .where('g.tenant_id', '=', tenantId);
  }

  page(tenantId: number, f: GoodsFilter, window: PageWindow) {
    let q = this.withNames(tenantId);
    if (f.name) q = q.where('g.name', 'like', `%${f.name}%`);
    if (f.keyword) q = q.where(matchesKeyword(f.keyword));
    if (f.classificationId) q = q.where('g.classification_id', '=', f.classificationId);
    if (f.state) q = q.where('g.state', '=', f.state);
    if (f.isOnSale) q = q.where('g.is_on_sale', '=', f.isOnSale);
    return pageQuery(q, q.orderBy('g.id', 'desc'), window);
  }

  find(tenantId: number, id: number) {
    return this.withNames(tenantId).where('g.id', '=', id).executeTakeFirst();
  }

  /** Enabled, on-sale goods for choosing in a stock-in order. */
  enabled(tenantId: number) {
    return this.withNames(tenantId).where('g.state', '=', 'A').orderBy('g.classification_id').orderBy('g.id').execute();
  }

  async insert(tenantId: number, values: GoodsValues, nowIso: string) {
    const { id } = await this.db
      .insertInto('goods')
      .values({ ...values, tenant_id: tenantId, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(tenantId: number, id: number, values: Updateable<GoodsTable>) {
    await this.db.updateTable('goods').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  async sportItemExists(tenantId: number, itemId: number) {
    return (await this.db.selectFrom('sport_item').select('id').where('tenant_id', '=', tenantId).where('id', '=', itemId).executeTakeFirst()) !== undefined;
  }

  async barcodeTaken(tenantId: number, barcode: string, exceptId: number | null) {
    let q = this.db.selectFrom('goods').select('id').where('tenant_id', '=', tenantId).where('barcode', '=', barcode);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /**
   * The goods the till may sell, in the sale dialog's order (class sort, class, goods): enabled, with the
   * sale flag asked for, of an enabled class, with their class and sports item names. Changes only with the
   * catalogue (its version): the sale list keeps it in memory and filters it there.
   */
  saleCatalog(tenantId: number, isOnSale: OnSale) {
    return this.db
      .selectFrom('goods as g')
      .innerJoin('goods_classification as c', (j) => j.onRef('c.id', '=', 'g.classification_id').on('c.state', '=', 'A'))
      .leftJoin('sport_item as i', 'i.id', 'g.item_id')
      .selectAll('g')
      .select(['c.name as classification_name', 'i.name as item_name'])
      .where('g.tenant_id', '=', tenantId)
      .where('g.state', '=', 'A')
      .where('g.is_on_sale', '=', isOnSale)
      .orderBy('c.sort')
      .orderBy('g.classification_id')
      .orderBy('g.id')
      .execute();
  }

  /** Stock summed over `warehouseIds` per goods: of `goodsIds`, or of every goods with stock there when none are given. */
  stockSums(tenantId: number, warehouseIds: number[], goodsIds?: number[]) {
    let q = this.db
      .selectFrom('goods_stock as s')
      .select(['s.goods_id', (eb) => eb.fn.sum<number>('s.quantity').as('quantity')])
      .where('s.tenant_id', '=', tenantId)
      .where('s.warehouse_id', 'in', warehouseIds.length ? warehouseIds : [0]);
    if (goodsIds) q = q.where('s.goods_id', 'in', goodsIds.length ? goodsIds : [0]);
    return q.groupBy('s.goods_id').execute();
  }

  /** Units sold per goods since `sinceIso`: the stock ledger's SALE movements (the sale writes one per line). */
  soldSince(tenantId: number, sinceIso: string) {
    return this.db
      .selectFrom('stock_movement as m')
      .select(['m.goods_id', (eb) => eb.fn.sum<number>(sql`-m.change`).as('sold')])
      .where('m.tenant_id', '=', tenantId)
      .where('m.reason', '=', 'SALE')
      .where('m.created_at', '>=', sinceIso)
      .groupBy('m.goods_id')
      .execute();
  }
}
