import { Code, fenToYuan, goods, MAX_TOTAL_FEN, totalTooLarge, yuanToFen, type BodyOut, type QueryOut, Msg, chinaToIso } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { worksInAllVenues, type UserSession } from '../../plugins/session.ts';
import type { UserService } from '../user/user.service.ts';
import type { StockInOrderRow, StockInRepository } from './stock-in.repository.ts';
import type { AuditService } from '../audit/index.ts';
import type { StockService } from './stock.service.ts';

/** Purchases of the user's current venue (list, lookup, review): P pending -> A passed (stock rises) | D not passed; A -> E completed. */
export class StockInService {
  constructor(
    private readonly repo: StockInRepository,
    private readonly db: Kysely<Database>,
    private readonly stock: StockService,
    private readonly users: UserService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  private async currentVenue(s: UserSession) {
    const venueId = await this.users.currentVenueId(s.tenantId, s.userId, worksInAllVenues(s));
    if (!venueId) throw new BizError(Code.NO_DATA, Msg.noCurrentVenue);
    return venueId;
  }

  private async withLines(tenantId: number, orders: StockInOrderRow[]) {
    const lines = await this.repo.lines(
      tenantId,
      orders.map((o) => o.id),
    );
    return orders.map((o) => ({
      stockInId: o.id,
      warehouseId: o.warehouse_id,
      warehouseName: o.warehouse_name,
      venueId: o.venue_id,
      venueName: o.venue_name,
      supplierId: o.supplier_id,
      supplierName: o.supplier_name,
      supplyType: o.supply_type,
      state: o.state,
      totalPrice: fenToYuan(o.total_fen),
      remark: o.remark,
      reviewRemark: o.review_remark,
      createTime: o.created_at,
      createName: o.create_name,
      reviewTime: o.reviewed_at,
      reviewName: o.review_name,
      details: lines
        .filter((l) => l.stock_in_id === o.id)
        .map((l) => ({
          goodsId: l.goods_id,
          goodsName: l.name,
          specs: l.specs,
          unit: l.unit,
          quantity: l.quantity,
          price: fenToYuan(l.price_fen),
        })),
    }));
  }

  /** One order of the user's current venue: another venue's (or tenant's) order is not there. */
  async get(s: UserSession, id: number) {
    const venueId = await this.currentVenue(s);
    const row = await this.repo.find(s.tenantId, venueId, id);
    if (!row) throw notFound('进货单不存在');
    return (await this.withLines(s.tenantId, [row]))[0];
  }

  async page(s: UserSession, q: QueryOut<typeof goods.stockInQuery>) {
    const venueId = await this.currentVenue(s);
    const { total, records } = await this.repo.page(
      s.tenantId,
      {
        venueId,
        state: q.state,
        warehouseId: q.warehouseId,
        supplierId: q.supplierId,
        beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined,
        endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined,
      },
      pageWindow(q),
    );
    return { total, records: await this.withLines(s.tenantId, records) };
  }

  async create(s: UserSession, b: BodyOut<typeof goods.stockInCreate>) {
    const venueId = await this.currentVenue(s);
    if (!(await this.repo.warehouseServes(s.tenantId, b.warehouseId, venueId))) throw new BizError(Code.NOT_EXISTENT, '该仓库不可用或不服务当前场馆');
    if (!(await this.repo.supplierEnabled(s.tenantId, b.supplierId))) throw new BizError(Code.NOT_EXISTENT, '供应商不存在或已停用');
    const goodsIds = [...new Set(b.details.map((d) => d.goodsId))];
    if (goodsIds.length !== b.details.length) throw new BizError(Code.REPEAT, '同一商品请合并为一行');
    if ((await this.repo.goodsFound(s.tenantId, goodsIds)) !== goodsIds.length) throw new BizError(Code.NOT_EXISTENT, '所选商品不存在');
    const total = goods.stockInTotalFen(b.details);
    if (total > MAX_TOTAL_FEN) throw new BizError(Code.CAUGHT_EXCEPTION, totalTooLarge('进货总金额'));
    const id = await this.repo.insert(
      {
        tenant_id: s.tenantId,
        warehouse_id: b.warehouseId,
        venue_id: venueId,
        supplier_id: b.supplierId,
        supply_type: b.supplyType,
        state: 'P',
        total_fen: total,
        remark: b.remark,
        review_remark: '',
        created_at: iso(this.clock.now()),
        created_by: s.userId,
        reviewed_at: null,
        reviewed_by: null,
      },
      b.details.map((d) => ({ tenant_id: s.tenantId, goods_id: d.goodsId, quantity: d.quantity, price_fen: yuanToFen(d.price) })),
    );
    const created = await this.get(s, id);
    await this.audit.recordNow(s, { action: 'stockIn.add', target: `进货单 ${id}`, venueId, after: created });
    return created;
  }

  /** Review: only a pending order; passing raises the stock of every line in the same transaction. */
  async review(s: UserSession, b: BodyOut<typeof goods.stockInReview>) {
    const pending = await this.get(s, b.stockInId);
    await this.db.transaction().execute(async (trx) => {
      const review = { state: b.pass ? 'A' : 'D', review_remark: b.reviewRemark, reviewed_at: iso(this.clock.now()), reviewed_by: s.userId } as const;
      if (!(await this.repo.move(s.tenantId, b.stockInId, 'P', review, trx))) throw new BizError(Code.UPDATE_FAILED, '只能审核待审核的进货单');
      await this.audit.record(trx, s, {
        action: 'stockIn.review',
        target: `进货单 ${b.stockInId}`,
        venueId: pending.venueId,
        before: { state: 'P' },
        after: { state: review.state, reviewRemark: b.reviewRemark },
      });
      if (!b.pass) return;
      const order = await this.repo.warehouseOf(trx, b.stockInId);
      const lines = await this.repo.linesOf(trx, b.stockInId);
      for (const line of lines) {
        await this.stock.applyStockChange(trx, {
          tenantId: s.tenantId,
          goodsId: line.goods_id,
          warehouseId: order.warehouse_id,
          change: line.quantity,
          reason: 'STOCK_IN',
          refId: b.stockInId,
          userId: s.userId,
          remark: `进货单 ${b.stockInId}`,
        });
      }
    });
    return this.get(s, b.stockInId);
  }

  async complete(s: UserSession, stockInId: number) {
    await this.get(s, stockInId);
    if (!(await this.repo.move(s.tenantId, stockInId, 'A', { state: 'E' }))) throw new BizError(Code.UPDATE_FAILED, '只能完结审核通过的进货单');
    const done = await this.get(s, stockInId);
    await this.audit.recordNow(s, {
      action: 'stockIn.complete',
      target: `进货单 ${stockInId}`,
      venueId: done.venueId,
      before: { state: 'A' },
      after: { state: 'E' },
    });
    return done;
  }
}
