import { MAX_STOCK, type BodyOut, type goods, type QueryOut } from '@venue/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { inUserVenues, mayUseVenue, venueForbidden, venuesOf, type Session, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { StatementPart } from '../../db/statement-part.ts';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { StockChange, StockLines, StockRepository } from './stock.repository.ts';

type StockRowRecord = NonNullable<Awaited<ReturnType<StockRepository['one']>>>;
const toStockRow = (r: StockRowRecord) => ({
  goodsId: r.goods_id,
  goodsName: r.goods_name,
  specs: r.specs,
  unit: r.unit,
  barcode: r.barcode,
  classificationName: r.classification_name,
  warehouseId: r.warehouse_id,
  warehouseName: r.warehouse_name,
  quantity: r.quantity,
});
type MovementRecord = Awaited<ReturnType<StockRepository['movements']>>['records'][number];
const toMovement = (m: MovementRecord) => ({
  movementId: m.id,
  goodsId: m.goods_id,
  warehouseId: m.warehouse_id,
  change: m.change,
  balance: m.balance,
  reason: m.reason,
  refId: m.ref_id,
  remark: m.remark,
  createTime: m.created_at,
  createName: m.real_name ?? '',
});

/** The lines of one change, each goods once (its changes added up), in goods order: the order stock rows are locked in. */
function mergedLines(lines: StockLines['lines']): StockLines['lines'] {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.goodsId, (merged.get(l.goodsId) ?? 0) + l.change);
  return [...merged].sort(([a], [b]) => a - b).map(([goodsId, change]) => ({ goodsId, change }));
}

export class StockService {
  constructor(
    private readonly repo: StockRepository,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /**
   * The one way stock changes, for every module (stock-in, sale, refund, adjustment): call it inside
   * the transaction that records why. Refuses, changing nothing, when stock would go below zero.
   */
  async applyStockChange(trx: Transaction<Database>, change: Omit<StockChange, 'nowIso'>): Promise<number> {
    const balance = await this.repo.apply(trx, { ...change, nowIso: iso(this.clock.now()) });
    if (balance === null) {
      const name = (await this.repo.goodsName(trx, change.goodsId)) ?? change.goodsId;
      throw refuse(change.change > 0 ? `商品「${name}」在该仓库的库存不能超过${MAX_STOCK}` : `商品「${name}」库存不足`);
    }
    return balance;
  }

  /**
   * Several changes to one warehouse at once (the lines of a sale, a refund), inside the transaction that
   * records why: every line applies, or the first in goods order that does not fit is refused by name and
   * the caller's transaction rolls back. Call it last in the transaction: the stock rows every till shares
   * stay locked until the commit.
   */
  async applyStockChanges(trx: Transaction<Database>, change: Omit<StockLines, 'nowIso'>): Promise<void> {
    const lines = mergedLines(change.lines);
    const nowIso = iso(this.clock.now());
    const balances = await this.repo.applyLines(trx, { ...change, lines, nowIso });
    // A goods coming into a warehouse for the first time has no stock row yet: made only then, and applied.
    // (Making it first for every incoming line was one more statement waiting on a row every till shares.)
    const unmade = lines.filter((l) => l.change > 0 && !balances.has(l.goodsId));
    if (unmade.length) {
      await this.repo.ensureRows(
        trx,
        change.tenantId,
        change.warehouseId,
        unmade.map((l) => l.goodsId),
      );
      for (const [goodsId, balance] of await this.repo.applyLines(trx, { ...change, lines: unmade, nowIso })) balances.set(goodsId, balance);
    }
    const refused = lines.find((l) => !balances.has(l.goodsId));
    if (refused) {
      const name = (await this.repo.goodsName(trx, refused.goodsId)) ?? refused.goodsId;
      throw refuse(refused.change > 0 ? `商品「${name}」在该仓库的库存不能超过${MAX_STOCK}` : `商品「${name}」库存不足`);
    }
  }

  /**
   * Stock taken from one warehouse (a sale's lines) as part of another module's statement, after its CTE
   * `after` (PostgreSQL; see StockRepository.takingPart): every line is taken, or the statement raises the
   * refusal of the first in goods order that does not fit and changes nothing.
   */
  takingPart(change: Omit<StockLines, 'nowIso'>, after: string): StatementPart {
    const lines = mergedLines(change.lines);
    if (lines.some((l) => l.change >= 0)) throw new Error('takingPart takes stock only: every change must be negative');
    return this.repo.takingPart({ ...change, lines, nowIso: iso(this.clock.now()) }, after);
  }

  /**
   * Refuses (403, 510) a warehouse of the tenant that serves none of the viewer's venues. Warehouses
   * that are not the tenant's are left to the caller's not-found answer.
   */
  async assertWarehouses(tenantId: number, viewer: Session, warehouseIds: number[]): Promise<void> {
    if (venuesOf(viewer) === 'all' || !warehouseIds.length) return;
    const rows = await this.repo.warehouseVenues(tenantId, [...new Set(warehouseIds)]);
    const served = new Set(rows.filter((r) => r.venue_id !== null && mayUseVenue(viewer, r.venue_id)).map((r) => r.id));
    if (rows.some((r) => !served.has(r.id))) throw venueForbidden();
  }

  /** Stock rows; with `viewer`, of the warehouses serving its venues only (a warehouse filter is checked). */
  async page(tenantId: number, q: QueryOut<typeof goods.queryStock>, viewer?: Session) {
    if (viewer && q.warehouseId) await this.assertWarehouses(tenantId, viewer, [q.warehouseId]);
    if (viewer && q.venueId && !mayUseVenue(viewer, q.venueId)) throw venueForbidden();
    const within =
      viewer && venuesOf(viewer) !== 'all'
        ? sql<boolean>`s.warehouse_id in (select wv.warehouse_id from warehouse_venue wv where wv.tenant_id = ${tenantId} and ${inUserVenues(viewer, 'wv.venue_id')})`
        : undefined;
    const filter = { ...q, within };
    return mapPage(await this.repo.page(tenantId, filter, pageWindow(q)), toStockRow);
  }

  async movements(tenantId: number, q: QueryOut<typeof goods.stockMovements>, viewer?: Session) {
    if (viewer) await this.assertWarehouses(tenantId, viewer, [q.warehouseId]);
    return mapPage(await this.repo.movements(tenantId, q.goodsId, q.warehouseId, pageWindow(q)), toMovement);
  }

  /** Stock-taking: a signed change with its reason; the goods and the warehouse must be the tenant's. */
  async adjust(s: UserSession, b: BodyOut<typeof goods.adjustStock>) {
    const tenantId = s.tenantId;
    await this.assertWarehouses(tenantId, s, [b.warehouseId]);
    if (!(await this.repo.goodsAndWarehouseExist(tenantId, b.goodsId, b.warehouseId))) throw notFound('商品或仓库不存在');
    await this.db.transaction().execute(async (trx) => {
      const balance = await this.applyStockChange(trx, {
        tenantId,
        goodsId: b.goodsId,
        warehouseId: b.warehouseId,
        change: b.change,
        reason: 'ADJUST',
        refId: null,
        userId: s.userId,
        remark: b.remark,
      });
      const name = (await this.repo.goodsName(trx, b.goodsId)) ?? String(b.goodsId);
      await this.audit.record(trx, s, {
        action: 'stock.adjust',
        target: `商品「${name}」（仓库 ${b.warehouseId}）`,
        before: { quantity: balance - b.change },
        after: { quantity: balance, change: b.change, remark: b.remark },
      });
    });
    return toStockRow((await this.repo.one(tenantId, b.goodsId, b.warehouseId))!);
  }
}
