import {
  Code,
  fenToYuan,
  MAX_TOTAL_FEN,
  Msg,
  sale,
  totalTooLarge,
  yuanToFen,
  type BodyOut,
  type QueryOut,
  type SaleOrder,
  member,
  chinaToIso,
} from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, venueForbidden, worksInAllVenues, type Session, type UserSession } from '../../plugins/session.ts';
import type { RecordRow } from '../checkout/index.ts';
import type { UserService } from '../user/user.service.ts';
import { toSaleOrder } from './sale.mapper.ts';
import type { Transaction } from 'kysely';
import type { Database, OrderState, PayState } from '../../db/tables.ts';
import type { AuditService } from '../audit/index.ts';
import type { OrderRow, SaleFilter, SaleRepository } from './sale.repository.ts';

/** The search fields of a list or an export (the list's paging aside). */
export type SaleQuery = Omit<QueryOut<typeof sale.query>, 'current' | 'size' | 'page'>;

export const orderNotFound = () => notFound('销售订单不存在');
export const canEditPrice = (s: UserSession) => s.isAdmin || s.permissions.includes(sale.EDIT_PRICE_PERMISSION);

/** Goods sale orders: creation (priced by the server), the amounts due for a pay mode, lookups, lists and receipts. */
export class SaleOrderService {
  constructor(
    private readonly repo: SaleRepository,
    private readonly users: UserService,
    private readonly clock: Clock,
    /** What the checkout knows of sale orders: their pay records and their refunds' states. */
    private readonly paid: {
      records(tenantId: number, orderIds: number[]): Promise<RecordRow[]>;
      refundStates(tenantId: number, orderIds: number[]): Promise<{ order_id: number; state: string }[]>;
    },
    private readonly audit: AuditService,
  ) {}

  /**
   * Creates an unpaid order. Every line is priced from the goods archive; a different paid price needs
   * goods:saleOrder:editPrice. The venue must be the user's (the session's grants) and enabled, the warehouse
   * enabled and serving it, the goods enabled and on sale, the stock enough now (it is taken at payment):
   * all read in one statement, then the order written in one more. Nothing is written on a refusal.
   */
  async create(s: UserSession, b: BodyOut<typeof sale.createOrder>) {
    assertVenue(s, b.venueId);
    const wanted = new Map<number, { quantity: number; pricePay?: number }>();
    for (const d of b.details) {
      const seen = wanted.get(d.goodsId);
      wanted.set(d.goodsId, { quantity: (seen?.quantity ?? 0) + d.quantity, pricePay: seen?.pricePay ?? d.pricePay });
    }
    const found = await this.repo.saleContext(s.tenantId, {
      venueId: b.venueId,
      warehouseId: b.warehouseId,
      memberId: b.memberId ?? null,
      goodsIds: [...wanted.keys()],
    });
    const [context] = found;
    if (!Number(context.venue_enabled)) throw venueForbidden();
    if (context.warehouse_state !== 'A' || !Number(context.serves)) throw refuse('所选仓库不可用，请重新选择仓库');
    if (!Number(context.member_found)) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);

    const lines = [...wanted].map(([goodsId, want]) => {
      const g = found.find((row) => row.id === goodsId);
      if (!g?.name) throw notFound(Msg.goodsNotFound);
      if (g.state !== 'A' || g.is_on_sale !== '1') throw refuse(`商品「${g.name}」已停售`);
      const agreed = want.pricePay === undefined ? g.price_fen! : yuanToFen(want.pricePay);
      if (agreed !== g.price_fen && !canEditPrice(s)) throw new BizError(Code.NO_AUTHORIZATION, '没有修改商品实收价的权限', 403);
      if (Number(g.stock) < want.quantity) throw refuse(`商品「${g.name}」库存不足`);
      return {
        tenant_id: s.tenantId,
        goods_id: goodsId,
        goods_name: g.name,
        specs: g.specs!,
        unit: g.unit!,
        quantity: want.quantity,
        price_fen: g.price_fen!,
        price_orig_fen: agreed,
        price_pay_fen: agreed,
      };
    });
    const pay = lines.reduce((sum, l) => sum + l.price_pay_fen * l.quantity, 0);
    const orig = lines.reduce((sum, l) => sum + l.price_fen * l.quantity, 0);
    if (pay > MAX_TOTAL_FEN || orig > MAX_TOTAL_FEN) throw refuse(totalTooLarge('订单总金额'));
    const orderId = await this.repo.insertOrder(
      {
        tenant_id: s.tenantId,
        venue_id: b.venueId,
        warehouse_id: b.warehouseId,
        member_id: b.memberId ?? null,
        order_state: 'P',
        pay_state: 'U',
        source: 'B',
        price_orig_fen: orig,
        price_pay_fen: pay,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        created_by: s.userId,
        username: s.username,
        remark: '',
        created_at: iso(this.clock.now()),
        paid_at: null,
      },
      lines,
      this.priceOverrideAudit(s, b.venueId, lines),
    );
    return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(pay) };
  }

  /** The audit entry of lines sold at another price than the archive's (goods:saleOrder:editPrice), or nothing. */
  private priceOverrideAudit(s: UserSession, venueId: number, lines: { goods_name: string; price_fen: number; price_pay_fen: number; quantity: number }[]) {
    const changed = lines.filter((l) => l.price_pay_fen !== l.price_fen);
    if (!changed.length) return undefined;
    return (trx: Transaction<Database>, orderId: number) =>
      this.audit.record(trx, s, {
        action: 'sale.editPrice',
        target: `销售订单 ${orderId}`,
        venueId,
        before: changed.map((l) => ({ goodsName: l.goods_name, price: fenToYuan(l.price_fen) })),
        after: changed.map((l) => ({ goodsName: l.goods_name, pricePay: fenToYuan(l.price_pay_fen), quantity: l.quantity })),
      });
  }

  /** Orders with their lines and pay records, in the order of `rows`. */
  private async withDetails(tenantId: number, rows: OrderRow[]): Promise<SaleOrder[]> {
    const ids = rows.map((r) => r.id);
    const [lines, records, refunds] = await Promise.all([
      this.repo.lines(tenantId, ids),
      this.paid.records(tenantId, ids),
      this.paid.refundStates(tenantId, ids),
    ]);
    return rows.map((r) => toSaleOrder(r, lines, records, refunds));
  }

  /**
   * The tenant's orders of `ids` (receipts), in the order asked; others are skipped. With `viewer`, an
   * order of a venue that is not the viewer's refuses the whole read (403, 510).
   */
  async orders(tenantId: number, ids: number[], viewer?: Session): Promise<SaleOrder[]> {
    const rows = await this.repo.findOrders(tenantId, ids);
    if (viewer) assertVenue(viewer, ...rows.map((r) => r.venue_id));
    return this.withDetails(
      tenantId,
      ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is OrderRow => !!r),
    );
  }

  async get(tenantId: number, id: number, viewer?: Session): Promise<SaleOrder> {
    const [order] = await this.orders(tenantId, [id], viewer);
    if (!order) throw orderNotFound();
    return order;
  }

  /** The filter of a list or export: the user's current venue and the screen's fields. */
  async filterOf(s: UserSession, q: SaleQuery): Promise<SaleFilter> {
    const venueId = await this.users.currentVenueId(s.tenantId, s.userId, worksInAllVenues(s));
    if (!venueId) throw new BizError(Code.NO_DATA, Msg.noCurrentVenue);
    return {
      venueId,
      beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined,
      endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined,
      // The screen sends the code table's codes; a code that is none of them simply finds no order.
      orderState: (q.orderState || undefined) as OrderState | undefined,
      payState: (q.payState || undefined) as PayState | undefined,
      memberName: q.memberName || undefined,
      createName: q.createName || undefined,
      orderId: q.orderId,
    };
  }

  async page(s: UserSession, q: QueryOut<typeof sale.query>) {
    const { total, records } = await this.repo.page(s.tenantId, await this.filterOf(s, q), pageWindow(q));
    return { total, records: await this.withDetails(s.tenantId, records) };
  }

  /** Every order of a filter, in batches (the .xlsx export). */
  async *exportBatches(tenantId: number, filter: SaleFilter): AsyncGenerator<SaleOrder[]> {
    for await (const rows of this.repo.batches(tenantId, filter)) yield await this.withDetails(tenantId, rows);
  }
}
