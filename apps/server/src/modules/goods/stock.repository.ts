import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { MAX_STOCK } from '@venue/contract';
import type { Engine, Executor } from '../../db/database.ts';
import { pageQuery } from '../../db/page-query.ts';
import { withCtes, type StatementPart } from '../../db/statement-part.ts';
import type { Database, StockReason } from '../../db/tables.ts';
import type { PageWindow } from '../../lib/paging.ts';

export interface StockChange {
  tenantId: number;
  goodsId: number;
  warehouseId: number;
  /** Signed: positive adds stock, negative takes it. */
  change: number;
  reason: StockReason;
  refId: number | null;
  userId: number | null;
  remark?: string;
  nowIso: string;
}

interface StockFilter {
  warehouseId?: number;
  /** Only the warehouses serving this venue. */
  venueId?: number;
  classificationId?: number;
  maxQuantity?: number;
  goodsName?: string;
  /** Only warehouses serving the viewer's venues (a condition on `s.warehouse_id`). */
  within?: Expression<SqlBool>;
}
/** A stock row as the screens list it: the goods, its class, the warehouse and the quantity. */
const STOCK_ROW = [
  'g.id as goods_id',
  'g.name as goods_name',
  'g.specs',
  'g.unit',
  'g.barcode',
  'c.name as classification_name',
  'w.id as warehouse_id',
  'w.name as warehouse_name',
  's.quantity',
] as const;

/** Several changes to one warehouse for one reason (the lines of a sale or a refund), each goods once. */
export interface StockLines extends Omit<StockChange, 'goodsId' | 'change'> {
  lines: { goodsId: number; change: number }[];
}

const int = (n: number | null) => sql`cast(${n} as integer)`;

/**
 * `c`'s lines applied on PostgreSQL as CTEs: the lines (stock_want), their stock rows locked in goods
 * order (no deadlock between sales taking the same goods), each line applied only within 0..MAX_STOCK
 * (stock_moved: a line missing there did not fit), and its movement (stock_movements: goods_id, balance).
 * With `after`, nothing is locked or changed unless that CTE has a row.
 */
function stockCtes(c: StockLines, after?: string): StatementPart['ctes'] {
  const want = sql.join(c.lines.map((l) => sql`(${int(l.goodsId)}, ${int(l.change)})`));
  const gate = after ? sql`and exists (select 1 from ${sql.table(after)})` : sql``;
  return [
    { name: 'stock_want(goods_id, change)', body: sql`values ${want}` },
    {
      name: 'stock_locked',
      materialized: true,
      body: sql`select s.id from goods_stock s join stock_want w on w.goods_id = s.goods_id
          where s.tenant_id = ${c.tenantId} and s.warehouse_id = ${c.warehouseId} ${gate}
          order by s.goods_id for update of s`,
    },
    {
      name: 'stock_moved',
      body: sql`update goods_stock s set quantity = s.quantity + w.change from stock_want w
          where s.id in (select id from stock_locked) and s.goods_id = w.goods_id
            and s.quantity + w.change >= 0 and s.quantity + w.change <= ${MAX_STOCK}
          returning s.goods_id, s.quantity, w.change`,
    },
    {
      name: 'stock_movements',
      body: sql`insert into stock_movement (tenant_id, goods_id, warehouse_id, change, balance, reason, ref_id, remark, created_at, created_by)
          select ${int(c.tenantId)}, goods_id, ${int(c.warehouseId)}, change, quantity, ${c.reason}, ${int(c.refId)}, ${c.remark ?? ''}, ${c.nowIso}, ${int(c.userId)}
          from stock_moved order by goods_id
          returning goods_id, balance`,
    },
  ];
}

export class StockRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /**
   * Applies one change inside `trx`: a conditional update that cannot take stock below zero or past
   * MAX_STOCK, then the movement row saying why. Answers the new balance, or null when the change does not fit.
   */
  async apply(trx: Executor, c: StockChange): Promise<number | null> {
    if (c.change > 0) {
      await trx
        .insertInto('goods_stock')
        .values({ tenant_id: c.tenantId, goods_id: c.goodsId, warehouse_id: c.warehouseId, quantity: 0 })
        .onConflict((oc) => oc.columns(['goods_id', 'warehouse_id']).doNothing())
        .execute();
    }
    const updated = await trx
      .updateTable('goods_stock')
      .set({ quantity: sql`quantity + ${c.change}` })
      .where('tenant_id', '=', c.tenantId)
      .where('goods_id', '=', c.goodsId)
      .where('warehouse_id', '=', c.warehouseId)
      .where(sql<boolean>`quantity + ${c.change} >= 0`)
      .where(sql<boolean>`quantity + ${c.change} <= ${MAX_STOCK}`)
      .returning('quantity')
      .executeTakeFirst();
    if (!updated) return null;
    await trx
      .insertInto('stock_movement')
      .values({
        tenant_id: c.tenantId,
        goods_id: c.goodsId,
        warehouse_id: c.warehouseId,
        change: c.change,
        balance: updated.quantity,
        reason: c.reason,
        ref_id: c.refId,
        remark: c.remark ?? '',
        created_at: c.nowIso,
        created_by: c.userId,
      })
      .execute();
    return updated.quantity;
  }

  /**
   * Applies every line of `c` inside `trx`, each only if it keeps the stock within 0..MAX_STOCK (the check
   * in the update's WHERE), and writes a movement for each line applied. Answers the new balance of each
   * goods applied: a line missing there did not fit, and the caller must roll the transaction back.
   * PostgreSQL: one statement; it locks the stock rows in goods order first (no deadlock between sales
   * taking the same goods), and they stay locked only until the caller commits, so call it last.
   * SQLite (one writer at a time): the update, then the movements.
   */
  async applyLines(trx: Executor, c: StockLines): Promise<Map<number, number>> {
    if (!c.lines.length) return new Map();
    if (this.engine === 'postgres') {
      const rows = await withCtes<Database>(trx, stockCtes(c))
        .selectFrom(sql<{ goods_id: number; balance: number }>`stock_movements`.as('m'))
        .select(['m.goods_id', 'm.balance'])
        .execute();
      return new Map(rows.map((r) => [r.goods_id, r.balance]));
    }
    const want = sql.join(c.lines.map((l) => sql`(${l.goodsId}, ${l.change})`));
    const { rows } = await sql<{ goods_id: number; quantity: number }>`update goods_stock set quantity = quantity + w.change
      from (select column1 as goods_id, column2 as change from (values ${want})) as w
      where goods_stock.goods_id = w.goods_id and goods_stock.tenant_id = ${c.tenantId} and goods_stock.warehouse_id = ${c.warehouseId}
        and goods_stock.quantity + w.change >= 0 and goods_stock.quantity + w.change <= ${MAX_STOCK}
      returning goods_stock.goods_id, goods_stock.quantity`.execute(trx);
    const balances = new Map(rows.map((r) => [r.goods_id, r.quantity]));
    const moved = c.lines.filter((l) => balances.has(l.goodsId));
    if (moved.length) {
      await trx
        .insertInto('stock_movement')
        .values(
          moved.map((l) => ({
            tenant_id: c.tenantId,
            goods_id: l.goodsId,
            warehouse_id: c.warehouseId,
            change: l.change,
            balance: balances.get(l.goodsId)!,
            reason: c.reason,
            ref_id: c.refId,
            remark: c.remark ?? '',
            created_at: c.nowIso,
            created_by: c.userId,
          })),
        )
        .execute();
    }
    return balances;
  }

  /**
   * Takes `c`'s lines (every change negative) as part of another statement (PostgreSQL), after its CTE
   * `after` and only when that has a row (a payment's claim): `applyLines`' one statement as CTEs, and a
   * refusal naming the first goods in goods order that the stock cannot cover (商品「…」库存不足), which
   * undoes the whole statement.
   */
  takingPart(c: StockLines, after: string): StatementPart {
    const name = sql`coalesce(g.name, cast(w.goods_id as text))`;
    return {
      ctes: stockCtes(c, after),
      refusal: sql`(select raise_refusal('商品「' || ${name} || '」库存不足') from stock_want w left join goods g on g.id = w.goods_id
        where not exists (select 1 from stock_moved m where m.goods_id = w.goods_id) order by w.goods_id limit 1)`,
    };
  }

  /** Makes the stock rows of these goods in the warehouse (at 0) where there are none yet. */
  async ensureRows(trx: Executor, tenantId: number, warehouseId: number, goodsIds: number[]): Promise<void> {
    await trx
      .insertInto('goods_stock')
      .values(goodsIds.map((goods_id) => ({ tenant_id: tenantId, goods_id, warehouse_id: warehouseId, quantity: 0 })))
      .onConflict((oc) => oc.columns(['goods_id', 'warehouse_id']).doNothing())
      .execute();
  }

  /** The goods' name, for a refusal that names it. */
  async goodsName(trx: Executor, goodsId: number): Promise<string | undefined> {
    return (await trx.selectFrom('goods').select('name').where('id', '=', goodsId).executeTakeFirst())?.name;
  }

  /** Whether the goods and the warehouse are both the tenant's (read at once). */
  async goodsAndWarehouseExist(tenantId: number, goodsId: number, warehouseId: number): Promise<boolean> {
    const [goods, warehouse] = await Promise.all([
      this.db.selectFrom('goods').select('id').where('tenant_id', '=', tenantId).where('id', '=', goodsId).executeTakeFirst(),
      this.db.selectFrom('warehouse').select('id').where('tenant_id', '=', tenantId).where('id', '=', warehouseId).executeTakeFirst(),
    ]);
    return goods !== undefined && warehouse !== undefined;
  }

  private stockRows(tenantId: number, f: StockFilter & { goodsId?: number }) {
    let q = this.db
      .selectFrom('goods_stock as s')
      .innerJoin('goods as g', 'g.id', 's.goods_id')
      .innerJoin('goods_classification as c', 'c.id', 'g.classification_id')
      .innerJoin('warehouse as w', 'w.id', 's.warehouse_id')
      .where('s.tenant_id', '=', tenantId);
    if (f.warehouseId) q = q.where('s.warehouse_id', '=', f.warehouseId);
    if (f.venueId)
      q = q.where('s.warehouse_id', 'in', (eb) =>
        eb.selectFrom('warehouse_venue').select('warehouse_id').where('tenant_id', '=', tenantId).where('venue_id', '=', f.venueId!),
      );
    if (f.maxQuantity !== undefined) q = q.where('s.quantity', '<=', f.maxQuantity);
    if (f.classificationId) q = q.where('g.classification_id', '=', f.classificationId);
    if (f.goodsName) q = q.where('g.name', 'like', `%${f.goodsName}%`);
    if (f.goodsId) q = q.where('g.id', '=', f.goodsId);
    if (f.within) q = q.where(f.within);
    return q;
  }

  /** The venues each of the tenant's warehouses of `ids` serves (a warehouse serving none has one row with null). */
  warehouseVenues(tenantId: number, ids: number[]) {
    return this.db
      .selectFrom('warehouse as w')
      .leftJoin('warehouse_venue as wv', 'wv.warehouse_id', 'w.id')
      .select(['w.id', 'wv.venue_id'])
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', 'in', ids)
      .execute();
  }

  page(tenantId: number, f: StockFilter, window: PageWindow) {
    const q = this.stockRows(tenantId, f);
    return pageQuery(q, q.select(STOCK_ROW).orderBy('g.id').orderBy('w.id'), window);
  }

  one(tenantId: number, goodsId: number, warehouseId: number) {
    return this.stockRows(tenantId, { goodsId, warehouseId }).select(STOCK_ROW).executeTakeFirst();
  }

  movements(tenantId: number, goodsId: number, warehouseId: number, window: PageWindow) {
    const q = this.db
      .selectFrom('stock_movement as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .where('m.tenant_id', '=', tenantId)
      .where('m.goods_id', '=', goodsId)
      .where('m.warehouse_id', '=', warehouseId);
    return pageQuery(q, q.selectAll('m').select('u.real_name').orderBy('m.id', 'desc'), window);
  }
}
