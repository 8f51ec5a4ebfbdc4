import { Code } from '@venue/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { StockChange, StockRepository } from './stock.repository.ts';

type StockRowRecord = NonNullable<Awaited<ReturnType<StockRepository['one']>>>;
const toStockRow = (r: StockRowRecord) => ({
  goodsId: r.goods_id, goodsName: r.goods_name, specs: r.specs, unit: r.unit, barcode: r.barcode,
  classificationName: r.classification_name, warehouseId: r.warehouse_id, warehouseName: r.warehouse_name, quantity: r.quantity,
});

export class StockService {
  constructor(
    private readonly repo: StockRepository,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * The one way stock changes, for every module (stock-in, sale, refund, adjustment): call it inside
   * the transaction that records why. Refuses, changing nothing, when stock would go below zero.
   */
  async applyStockChange(trx: Transaction<Database>, change: Omit<StockChange, 'nowIso'>): Promise<number> {
    const balance = await this.repo.apply(trx, { ...change, nowIso: iso(this.clock.now()) });
    if (balance === null) {
      const goods = await trx.selectFrom('goods').select('name').where('id', '=', change.goodsId).executeTakeFirst();
      throw new BizError(Code.CAUGHT_EXCEPTION, `商品「${goods?.name ?? change.goodsId}」库存不足`);
    }
    return balance;
  }

  async page(tenantId: number, q: { current: number; size: number; warehouseId?: number; classificationId?: number; goodsName?: string }) {
    const { offset, limit } = pageWindow(q);
    const { total, rows } = await this.repo.page(tenantId, q, offset, limit);
    return { total, records: rows.map(toStockRow) };
  }

  async movements(tenantId: number, q: { current: number; size: number; goodsId: number; warehouseId: number }) {
    const { offset, limit } = pageWindow(q);
    const { total, rows } = await this.repo.movements(tenantId, q.goodsId, q.warehouseId, offset, limit);
    return {
      total,
      records: rows.map((m) => ({
        movementId: m.id, goodsId: m.goods_id, warehouseId: m.warehouse_id, change: m.change, balance: m.balance, reason: m.reason,
        refId: m.ref_id, remark: m.remark, createTime: m.created_at, createName: m.real_name ?? '',
      })),
    };
  }

  /** Stock-taking: a signed change with its reason; the goods and the warehouse must be the tenant's. */
  async adjust(tenantId: number, userId: number, b: { goodsId: number; warehouseId: number; change: number; remark: string }) {
    const [goods, warehouse] = await Promise.all([
      this.db.selectFrom('goods').select('id').where('tenant_id', '=', tenantId).where('id', '=', b.goodsId).executeTakeFirst(),
      this.db.selectFrom('warehouse').select('id').where('tenant_id', '=', tenantId).where('id', '=', b.warehouseId).executeTakeFirst(),
    ]);
    if (!goods || !warehouse) throw notFound('商品或仓库不存在');
    await this.db.transaction().execute((trx) =>
      this.applyStockChange(trx, { tenantId, goodsId: b.goodsId, warehouseId: b.warehouseId, change: b.change, reason: 'ADJUST', refId: null, userId, remark: b.remark }),
    );
    return toStockRow((await this.repo.one(tenantId, b.goodsId, b.warehouseId))!);
  }
}
