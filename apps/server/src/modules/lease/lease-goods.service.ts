import { lease, yuanToFen, type BodyOut, type LeaseGoods, type QueryOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, notFound } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { toLeaseGoods } from './lease.mapper.ts';
import type { LeaseRepository } from './lease.repository.ts';

type Fields = Omit<BodyOut<typeof lease.goodsAdd>, 'goodsId'>;
const columns = (f: Fields) => ({
  item_id: f.itemId,
  rent_mode: f.rentMode,
  rent_fen: yuanToFen(f.price),
  unit_minutes: f.unitMinutes,
  free_minutes: f.freeMinutes,
  daily_cap_fen: yuanToFen(f.dailyCap),
  deposit_fen: yuanToFen(f.deposit),
  state: f.state,
});

/** The lease goods archive (租赁商品档案): goods archive entries lent out, with the stock of a venue's warehouse. */
export class LeaseGoodsService {
  constructor(
    private readonly repo: LeaseRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  private async warehouseOf(s: UserSession, venueId: number | undefined) {
    if (!venueId) return null;
    assertVenue(s, venueId);
    if (!(await this.repo.venueExists(s.tenantId, venueId))) throw notFound('场馆不存在');
    return this.repo.venueWarehouse(s.tenantId, venueId);
  }

  async page(s: UserSession, q: QueryOut<typeof lease.goodsQuery>) {
    const warehouseId = await this.warehouseOf(s, q.venueId);
    return mapPage(
      await this.repo.goodsPage(s.tenantId, { warehouseId, itemId: q.itemId, goodsName: q.goodsName, state: q.state }, pageWindow(q)),
      toLeaseGoods,
    );
  }

  /** The 商品租赁 dialog's goods: enabled ones, with the venue warehouse's stock. */
  async forVenue(s: UserSession, q: QueryOut<typeof lease.goodsAll>): Promise<LeaseGoods[]> {
    const warehouseId = await this.warehouseOf(s, q.venueId);
    return (await this.repo.goods(s.tenantId, { warehouseId, itemId: q.itemId, goodsName: q.goodsName, state: 'A' })).map(toLeaseGoods);
  }

  async get(tenantId: number, id: number): Promise<LeaseGoods> {
    const [row] = await this.repo.goods(tenantId, { warehouseId: null, ids: [id] });
    if (!row) throw notFound(lease.leaseMsg.notFound);
    return toLeaseGoods(row);
  }

  private async check(tenantId: number, goodsId: number | null, itemId: number, selfId: number | null) {
    const found = await this.repo.goodsCheck(tenantId, goodsId, itemId, selfId);
    if (!found.goods) throw notFound('商品不存在');
    if (!found.item) throw notFound('项目不存在');
    if (found.taken) throw alreadyExists(lease.leaseMsg.goodsTaken);
  }

  async add(who: AuditActor, b: BodyOut<typeof lease.goodsAdd>) {
    const { tenantId } = who;
    await this.check(tenantId, b.goodsId, b.itemId, null);
    const id = await this.repo.insertGoods({ tenant_id: tenantId, goods_id: b.goodsId, ...columns(b), created_at: iso(this.clock.now()) });
    const after = await this.get(tenantId, id);
    await this.audit.recordNow(who, { action: 'leaseGoods.add', target: `租赁物品 ${after.goodsName}`, after });
    return after;
  }

  async edit(who: AuditActor, b: BodyOut<typeof lease.goodsEdit>) {
    const { tenantId } = who;
    const before = await this.get(tenantId, b.leaseGoodsId);
    await this.check(tenantId, null, b.itemId, b.leaseGoodsId);
    await this.repo.updateGoods(tenantId, b.leaseGoodsId, columns(b));
    const after = await this.get(tenantId, b.leaseGoodsId);
    await this.audit.recordNow(who, { action: 'leaseGoods.edit', target: `租赁物品 ${after.goodsName}`, before, after });
    return after;
  }

  async setState(who: AuditActor, b: BodyOut<typeof lease.goodsState>) {
    const { tenantId } = who;
    const before = await this.get(tenantId, b.leaseGoodsId);
    await this.repo.updateGoods(tenantId, b.leaseGoodsId, { state: b.state });
    const after = await this.get(tenantId, b.leaseGoodsId);
    await this.audit.recordNow(who, {
      action: 'leaseGoods.state',
      target: `租赁物品 ${after.goodsName}`,
      before: { state: before.state },
      after: { state: after.state },
    });
    return after;
  }
}
