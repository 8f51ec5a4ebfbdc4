import { Code, fenToYuan, lease, MAX_TOTAL_FEN, member, Msg, totalTooLarge, type BodyOut, type LeaseOrder, type QueryOut } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, venueForbidden, type Session, type UserSession } from '../../plugins/session.ts';
import type { RecordRow } from '../checkout/index.ts';
import type { UserService } from '../user/index.ts';
import { toLeaseOrder } from './lease.mapper.ts';
import type { LeaseOrderRow, LeaseRepository } from './lease.repository.ts';

/** Lease orders: creation (rent and deposit priced by the server), lookups, the 租赁订单 list and receipts. */
export class LeaseOrderService {
  constructor(
    private readonly repo: LeaseRepository,
    private readonly users: UserService,
    private readonly clock: Clock,
    private readonly records: (tenantId: number, orderIds: number[]) => Promise<RecordRow[]>,
  ) {}

  /**
   * An unpaid rental of the venue's sports item: the venue must be the user's and enabled and run the
   * item, lend from an enabled warehouse, the goods be enabled lease goods with the units in stock now
   * (they leave at payment). Nothing is written on a refusal.
   */
  async create(s: UserSession, b: BodyOut<typeof lease.createOrder>) {
    assertVenue(s, b.venueId);
    const place = await this.repo.venueAndItem(s.tenantId, b.venueId, b.itemId);
    if (!place.venue) throw venueForbidden();
    if (!place.item) throw refuse('所选项目不属于当前场馆，请重新选择项目');
    const warehouseId = place.warehouseId;
    if (!warehouseId) throw refuse(lease.leaseMsg.noWarehouse);
    if (b.memberId && !(await this.repo.memberExists(s.tenantId, b.memberId))) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    const wanted = new Map<number, number>();
    for (const d of b.details) wanted.set(d.goodsId, (wanted.get(d.goodsId) ?? 0) + d.quantity);
    const goods = await this.repo.goods(s.tenantId, { warehouseId, ids: [...wanted.keys()] });
    const lines = [...wanted].map(([id, quantity]) => {
      const g = goods.find((row) => row.id === id);
      if (!g) throw notFound(lease.leaseMsg.notFound);
      if (g.state !== 'A') throw refuse(`租赁商品「${g.goods_name}」已停用`);
      if (Number(g.qty) < quantity) throw refuse(`商品「${g.goods_name}」库存不足`);
      const unitFen = g.rent_fen + g.deposit_fen;
      return {
        tenant_id: s.tenantId,
        lease_goods_id: g.id,
        goods_id: g.goods_id,
        goods_name: g.goods_name,
        specs: g.specs,
        unit: g.unit,
        quantity,
        rent_mode: g.rent_mode,
        rent_fen: g.rent_fen,
        unit_minutes: g.unit_minutes,
        free_minutes: g.free_minutes,
        daily_cap_fen: g.daily_cap_fen,
        deposit_fen: g.deposit_fen,
        price_orig_fen: unitFen,
        price_pay_fen: unitFen,
        returned_at: null,
      };
    });
    const rent = lines.reduce((sum, l) => sum + l.rent_fen * l.quantity, 0);
    const deposit = lines.reduce((sum, l) => sum + l.deposit_fen * l.quantity, 0);
    if (rent + deposit > MAX_TOTAL_FEN) throw refuse(totalTooLarge('订单总金额'));
    const orderId = await this.repo.insertOrder(
      {
        tenant_id: s.tenantId,
        venue_id: b.venueId,
        warehouse_id: warehouseId,
        item_id: b.itemId,
        member_id: b.memberId ?? null,
        order_state: 'P',
        pay_state: 'U',
        price_orig_fen: rent + deposit,
        price_pay_fen: rent + deposit,
        rent_fen: rent,
        deposit_fen: deposit,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        remark: '',
        paid_at: null,
        created_by: s.userId,
        username: s.username,
        created_at: iso(this.clock.now()),
      },
      lines,
    );
    return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(rent + deposit) };
  }

  private async withDetails(tenantId: number, rows: LeaseOrderRow[]): Promise<LeaseOrder[]> {
    const ids = rows.map((r) => r.id);
    const [lines, records] = await Promise.all([this.repo.lines(tenantId, ids), this.records(tenantId, ids)]);
    const nowIso = iso(this.clock.now());
    return rows.map((r) => toLeaseOrder(r, lines, records, nowIso));
  }

  /** The tenant's orders of `ids`, in the order asked; an order of a venue not the viewer's refuses the read (403). */
  async orders(tenantId: number, ids: number[], viewer: Session): Promise<LeaseOrder[]> {
    const rows = await this.repo.findOrders(tenantId, ids);
    assertVenue(viewer, ...rows.map((r) => r.venue_id));
    return this.withDetails(
      tenantId,
      ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is LeaseOrderRow => !!r),
    );
  }

  async get(tenantId: number, id: number, viewer: Session): Promise<LeaseOrder> {
    const [order] = await this.orders(tenantId, [id], viewer);
    if (!order) throw notFound(lease.leaseMsg.orderNotFound);
    return order;
  }

  /** 租赁订单 of the user's current venue: the ones out first. */
  async page(s: UserSession, q: QueryOut<typeof lease.query>) {
    const venueId = await this.users.currentVenueId(s.tenantId, s.userId, s.isAdmin);
    if (!venueId) throw new BizError(Code.NO_DATA, Msg.noCurrentVenue);
    const { total, records } = await this.repo.page(
      s.tenantId,
      { venueId, orderState: q.orderState || undefined, memberName: q.memberName || undefined, orderId: q.orderId },
      pageWindow(q),
    );
    return { total, records: await this.withDetails(s.tenantId, records) };
  }
}
