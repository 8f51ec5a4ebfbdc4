import { Code, fenToYuan, yuanToFen } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { iso, shanghaiToIso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { UserService } from '../user/user.service.ts';
import type { StockService } from './stock.service.ts';

interface CreateBody { warehouseId: number; supplierId: number; supplyType: string; remark: string; details: { goodsId: number; quantity: number; price: number }[] }
interface QueryBody { current: number; size: number; state?: string; warehouseId?: number; supplierId?: number; beginTime?: string; endTime?: string }

/** Purchases of the user's current venue (list, lookup, review): P pending -> A passed (stock rises) | D not passed; A -> E completed. */
export class StockInService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stock: StockService,
    private readonly users: UserService,
    private readonly clock: Clock,
  ) {}

  private async currentVenue(s: UserSession) {
    const venueId = await this.users.currentVenueId(s.tenantId, s.userId, s.isAdmin);
    if (!venueId) throw new BizError(Code.NO_DATA, '请先选择当前场馆');
    return venueId;
  }

  private base(tenantId: number) {
    return this.db
      .selectFrom('stock_in as o')
      .innerJoin('warehouse as w', 'w.id', 'o.warehouse_id')
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .innerJoin('supplier as s', 's.id', 'o.supplier_id')
      .innerJoin('users as cu', 'cu.id', 'o.created_by')
      .leftJoin('users as ru', 'ru.id', 'o.reviewed_by')
      .where('o.tenant_id', '=', tenantId);
  }

  private async withLines(tenantId: number, orders: Awaited<ReturnType<StockInService['selectOrders']>>) {
    const ids = orders.map((o) => o.id);
    const lines = ids.length
      ? await this.db.selectFrom('stock_in_line as l').innerJoin('goods as g', 'g.id', 'l.goods_id')
          .select(['l.stock_in_id', 'l.goods_id', 'l.quantity', 'l.price_fen', 'g.name', 'g.specs', 'g.unit'])
          .where('l.tenant_id', '=', tenantId).where('l.stock_in_id', 'in', ids).orderBy('l.id').execute()
      : [];
    return orders.map((o) => ({
      stockInId: o.id, warehouseId: o.warehouse_id, warehouseName: o.warehouse_name, venueId: o.venue_id, venueName: o.venue_name,
      supplierId: o.supplier_id, supplierName: o.supplier_name, supplyType: o.supply_type, state: o.state, totalPrice: fenToYuan(o.total_fen),
      remark: o.remark, reviewRemark: o.review_remark, createTime: o.created_at, createName: o.create_name, reviewTime: o.reviewed_at,
      reviewName: o.review_name,
      details: lines.filter((l) => l.stock_in_id === o.id).map((l) => ({
        goodsId: l.goods_id, goodsName: l.name, specs: l.specs, unit: l.unit, quantity: l.quantity, price: fenToYuan(l.price_fen),
      })),
    }));
  }

  private selectOrders(q: ReturnType<StockInService['base']>) {
    return q
      .selectAll('o')
      .select(['w.name as warehouse_name', 'v.name as venue_name', 's.name as supplier_name', 'cu.real_name as create_name', 'ru.real_name as review_name'])
      .execute();
  }

  /** One order of the user's current venue: another venue's (or tenant's) order is not there. */
  async get(s: UserSession, id: number) {
    const venueId = await this.currentVenue(s);
    const [order] = await this.withLines(s.tenantId, await this.selectOrders(this.base(s.tenantId).where('o.id', '=', id).where('o.venue_id', '=', venueId)));
    if (!order) throw notFound('进货单不存在');
    return order;
  }

  async page(s: UserSession, q: QueryBody) {
    const venueId = await this.currentVenue(s);
    let query = this.base(s.tenantId).where('o.venue_id', '=', venueId);
    if (q.state) query = query.where('o.state', '=', q.state);
    if (q.warehouseId) query = query.where('o.warehouse_id', '=', q.warehouseId);
    if (q.supplierId) query = query.where('o.supplier_id', '=', q.supplierId);
    if (q.beginTime) query = query.where('o.created_at', '>=', shanghaiToIso(q.beginTime));
    if (q.endTime) query = query.where('o.created_at', '<=', shanghaiToIso(q.endTime, true));
    const { offset, limit } = pageWindow(q);
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await this.selectOrders(query.orderBy('o.id', 'desc').offset(offset).limit(limit));
    return { total: Number(total), records: await this.withLines(s.tenantId, rows) };
  }

  async create(s: UserSession, b: CreateBody) {
    const venueId = await this.currentVenue(s);
    const serves = await this.db.selectFrom('warehouse as w').innerJoin('warehouse_venue as wv', 'wv.warehouse_id', 'w.id')
      .select('w.id').where('w.tenant_id', '=', s.tenantId).where('w.id', '=', b.warehouseId).where('w.state', '=', 'A').where('wv.venue_id', '=', venueId)
      .executeTakeFirst();
    if (!serves) throw new BizError(Code.NOT_EXISTENT, '该仓库不可用或不服务当前场馆');
    const supplier = await this.db.selectFrom('supplier').select('id').where('tenant_id', '=', s.tenantId).where('id', '=', b.supplierId).where('state', '=', 'A').executeTakeFirst();
    if (!supplier) throw new BizError(Code.NOT_EXISTENT, '供应商不存在或已停用');
    const goodsIds = [...new Set(b.details.map((d) => d.goodsId))];
    if (goodsIds.length !== b.details.length) throw new BizError(Code.REPEAT, '同一商品请合并为一行');
    const found = await this.db.selectFrom('goods').select('id').where('tenant_id', '=', s.tenantId).where('id', 'in', goodsIds).execute();
    if (found.length !== goodsIds.length) throw new BizError(Code.NOT_EXISTENT, '所选商品不存在');
    const total = b.details.reduce((sum, d) => sum + yuanToFen(d.price) * d.quantity, 0);
    const id = await this.db.transaction().execute(async (trx) => {
      const { id: orderId } = await trx.insertInto('stock_in').values({
        tenant_id: s.tenantId, warehouse_id: b.warehouseId, venue_id: venueId, supplier_id: b.supplierId, supply_type: b.supplyType,
        state: 'P', total_fen: total, remark: b.remark, review_remark: '', created_at: iso(this.clock.now()), created_by: s.userId, reviewed_at: null, reviewed_by: null,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('stock_in_line').values(b.details.map((d) => ({
        tenant_id: s.tenantId, stock_in_id: orderId, goods_id: d.goodsId, quantity: d.quantity, price_fen: yuanToFen(d.price),
      }))).execute();
      return orderId;
    });
    return this.get(s, id);
  }

  /** Review: only a pending order; passing raises the stock of every line in the same transaction. */
  async review(s: UserSession, b: { stockInId: number; pass: boolean; reviewRemark: string }) {
    await this.get(s, b.stockInId);
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('stock_in')
        .set({ state: b.pass ? 'A' : 'D', review_remark: b.reviewRemark, reviewed_at: iso(this.clock.now()), reviewed_by: s.userId })
        .where('tenant_id', '=', s.tenantId).where('id', '=', b.stockInId).where('state', '=', 'P')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new BizError(Code.UPDATE_FAILED, '只能审核待审核的进货单');
      if (!b.pass) return;
      const order = await trx.selectFrom('stock_in').select('warehouse_id').where('id', '=', b.stockInId).executeTakeFirstOrThrow();
      const lines = await trx.selectFrom('stock_in_line').selectAll().where('stock_in_id', '=', b.stockInId).execute();
      for (const line of lines) {
        await this.stock.applyStockChange(trx, {
          tenantId: s.tenantId, goodsId: line.goods_id, warehouseId: order.warehouse_id, change: line.quantity,
          reason: 'STOCK_IN', refId: b.stockInId, userId: s.userId, remark: `进货单 ${b.stockInId}`,
        });
      }
    });
    return this.get(s, b.stockInId);
  }

  async complete(s: UserSession, stockInId: number) {
    await this.get(s, stockInId);
    const moved = await this.db.updateTable('stock_in').set({ state: 'E' })
      .where('tenant_id', '=', s.tenantId).where('id', '=', stockInId).where('state', '=', 'A').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new BizError(Code.UPDATE_FAILED, '只能完结审核通过的进货单');
    return this.get(s, stockInId);
  }
}
