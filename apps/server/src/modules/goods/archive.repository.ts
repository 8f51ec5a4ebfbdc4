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
export interface SaleFilter {
  classificationId?: number;
  keyword?: string;
  isOnSale: OnSale;
}
/**
 * A barcode prefix, a name fragment or a shorthand prefix (any case): the till's keyword and 商品档案's
 * search box. The prefixes can use the (tenant, barcode) and (tenant, shorthand) indexes.
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
   * The goods the till may sell: enabled, with the sale flag asked for, of an enabled class, narrowed
   * by class and by `keyword` (a barcode prefix, a name fragment or a shorthand prefix, any case).
   */
  private saleGoods(tenantId: number, f: SaleFilter) {
    let q = this.db
      .selectFrom('goods as g')
      .innerJoin('goods_classification as c', (j) => j.onRef('c.id', '=', 'g.classification_id').on('c.state', '=', 'A'))
      .where('g.tenant_id', '=', tenantId)
      .where('g.state', '=', 'A')
      .where('g.is_on_sale', '=', f.isOnSale);
    if (f.classificationId) q = q.where('g.classification_id', '=', f.classificationId);
    if (f.keyword) q = q.where(matchesKeyword(f.keyword));
    return q;
  }

  /** The sale goods with class and item names and their stock summed over `warehouseIds`, in one query. */
  saleTiles(tenantId: number, warehouseIds: number[], f: SaleFilter) {
    return (
      this.saleGoods(tenantId, f)
        .leftJoin('sport_item as i', 'i.id', 'g.item_id')
        .selectAll('g')
        .select(['c.name as classification_name', 'i.name as item_name'])
        // A correlated sum over the (goods, warehouse) unique index: the same cheap plan on both engines,
        // whatever the table statistics say.
        .select((eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom('goods_stock as s')
                .select((e) => e.fn.sum<number>('s.quantity').as('q'))
                .whereRef('s.goods_id', '=', 'g.id')
                .where('s.tenant_id', '=', tenantId)
                .where('s.warehouse_id', 'in', warehouseIds.length ? warehouseIds : [0]),
              sql<number>`0`,
            )
            .as('quantity'),
        )
        .orderBy('c.sort')
        .orderBy('g.classification_id')
        .orderBy('g.id')
        .execute()
    );
  }

  /**
   * Best sellers among the same sale goods: units sold (SALE movements of the stock ledger, the only
   * record of sales until the sale orders exist) since `sinceIso`, most first.
   */
  bestSellers(tenantId: number, f: SaleFilter, sinceIso: string, limit: number) {
    return this.saleGoods(tenantId, f)
      .innerJoin('stock_movement as m', (j) =>
        j.onRef('m.goods_id', '=', 'g.id').on('m.tenant_id', '=', tenantId).on('m.reason', '=', 'SALE').on('m.created_at', '>=', sinceIso),
      )
      .select(['g.id as goods_id', (eb) => eb.fn.sum<number>(sql`-m.change`).as('sold')])
      .groupBy('g.id')
      .orderBy('sold', 'desc')
      .orderBy('g.id')
      .limit(limit)
      .execute();
  }
}
