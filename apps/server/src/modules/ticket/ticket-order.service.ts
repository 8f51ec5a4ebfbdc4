import { randomBytes } from 'node:crypto';
import { chinaToIso, Code, fenToYuan, MAX_TOTAL_FEN, member, totalTooLarge, type BodyOut, type QueryOut, type ticket, chinaText } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import { toTicketRow } from './ticket.mapper.ts';
import { venueClock } from './ticket-rules.ts';
import type { VenueService } from '../venue/index.ts';
import type { TicketOrderRepository, TicketOrderRow } from './ticket-order.repository.ts';
import type { TicketTypeRepository } from './ticket-type.repository.ts';
import type { TimeoutRepository } from './timeout.repository.ts';

export const ORDER_MISSING = '售票订单不存在';
/** A ticket's QR code: T, then 20 random base-32 characters (unguessable, scanner friendly). */
const newQrCode = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return 'T' + [...randomBytes(20)].map((b) => alphabet[b % 32]).join('');
};

/** Ticket sales: orders priced by the server, their tickets, receipts, lookups by QR code and lists. */
export class TicketOrderService {
  constructor(
    private readonly repo: TicketOrderRepository,
    private readonly types: TicketTypeRepository,
    private readonly venues: Pick<VenueService, 'assertOpen'>,
    private readonly clock: Clock,
    private readonly timeouts: TimeoutRepository,
  ) {}

  async create(s: UserSession, b: BodyOut<typeof ticket.createOrder>) {
    assertVenue(s, b.venueId);
    if (b.memberId && !(await this.repo.memberExists(s.tenantId, b.memberId))) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    const found = await this.types.find(
      s.tenantId,
      b.details.map((d) => d.typeId),
    );
    const today = venueClock(this.clock.now()).date;
    const details = b.details.flatMap((d) => {
      const t = found.find((row) => row.id === d.typeId);
      if (!t || t.venue_id !== b.venueId) throw notFound('票种不存在');
      if (t.state !== 'A') throw refuse(`票种「${t.name}」已停用`);
      if (t.use_end_date < today) throw refuse(`票种「${t.name}」已过有效期`);
      return Array.from({ length: d.quantity }, () => ({
        tenant_id: s.tenantId,
        type_id: t.id,
        venue_id: t.venue_id,
        item_id: t.item_id,
        qr_code: newQrCode(),
        detail_state: 'P' as const,
        type_name: t.name,
        use_begin_date: t.use_begin_date < today ? today : t.use_begin_date,
        use_end_date: t.use_end_date,
        uses_left: t.uses,
        price_fen: t.price_fen,
        price_orig_fen: t.price_fen,
        price_pay_fen: t.price_fen,
      }));
    });
    if (details.length > 50) throw refuse('一次最多售50张票');
    // A venue closed today sells no tickets for it (its closures, venues module).
    for (const itemId of new Set(details.map((d) => d.item_id))) await this.venues.assertOpen(s.tenantId, b.venueId, today, itemId);
    const total = details.reduce((sum, d) => sum + d.price_fen, 0);
    if (total > MAX_TOTAL_FEN) throw refuse(totalTooLarge('订单总金额'));
    const orderId = await this.repo.insert(
      {
        tenant_id: s.tenantId,
        venue_id: b.venueId,
        member_id: b.memberId ?? null,
        order_state: 'P',
        pay_state: 'U',
        price_pay_fen: total,
        price_orig_fen: total,
        pay_mode: null,
        pay_lock: null,
        pay_lock_until: null,
        paid_at: null,
        source: 'B',
        created_by: s.userId,
        username: s.username,
        created_at: iso(this.clock.now()),
      },
      details,
    );
    return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(total) };
  }

  private async rows(tenantId: number, orderIds: number[]) {
    const details = await this.repo.details(tenantId, orderIds);
    const slots = await this.types.slots(tenantId, [...new Set(details.map((d) => d.type_id))]);
    return details.map((d) => toTicketRow(d, slots));
  }

  private async toOrders(tenantId: number, orders: (TicketOrderRow & { member_name: string | null })[]): Promise<ticket.TicketOrder[]> {
    const rows = await this.rows(
      tenantId,
      orders.map((o) => o.id),
    );
    return orders.map((o) => ({
      orderId: o.id,
      orderState: o.order_state,
      payState: o.pay_state,
      pricePay: fenToYuan(o.price_pay_fen),
      venueId: o.venue_id,
      memberName: o.member_name,
      createName: o.username,
      createTime: chinaText(new Date(o.created_at)),
      refundType: o.refund_type,
      refundedAmount: fenToYuan(o.refunded_fen),
      details: rows.filter((r) => r.orderId === o.id),
    }));
  }

  async page(s: UserSession, q: QueryOut<typeof ticket.orderQuery>) {
    const { total, records } = await this.repo.page(
      s.tenantId,
      { visible: inUserVenues(s, 'o.venue_id'), orderId: q.orderId, orderState: q.orderState },
      pageWindow(q),
    );
    return { total, records: await this.toOrders(s.tenantId, records) };
  }

  /** 超时订单: the overstay orders of the user's venues, newest first. */
  async timeoutPage(s: UserSession, q: QueryOut<typeof ticket.timeoutQuery>) {
    const { total, records } = await this.timeouts.page(
      s.tenantId,
      { visible: inUserVenues(s, 'o.venue_id'), orderId: q.orderId, payState: q.payState },
      pageWindow(q),
    );
    return {
      total,
      records: records.map((o): ticket.TimeoutOrder => ({
        orderId: o.id,
        venueId: o.venue_id,
        qrCode: o.qr_code,
        typeName: o.type_name,
        minutes: o.minutes,
        orderState: o.order_state,
        payState: o.pay_state,
        pricePay: fenToYuan(o.price_pay_fen),
        refundType: o.refund_type,
        refundedAmount: fenToYuan(o.refunded_fen),
        createTime: chinaText(new Date(o.created_at)),
      })),
    };
  }

  async get(s: UserSession, orderId: number) {
    const orders = await this.repo.ordersById(s.tenantId, [orderId]);
    if (!orders.length) throw notFound(ORDER_MISSING);
    assertVenue(s, orders[0].venue_id);
    return (await this.toOrders(s.tenantId, orders))[0];
  }

  async detailPage(s: UserSession, q: QueryOut<typeof ticket.queryDetailPage>) {
    const { total, records } = await this.repo.detailPage(
      s.tenantId,
      { visible: inUserVenues(s, 'd.venue_id'), qrCode: q.qrCode || undefined, detailState: q.detailState, typeId: q.typeId, venueId: q.venueId },
      pageWindow(q),
    );
    const slots = await this.types.slots(s.tenantId, [...new Set(records.map((d) => d.type_id))]);
    return { total, records: records.map((d) => toTicketRow(d, slots)) };
  }

  /** The paid tickets of orders, to print; every print counts (a reprint shows its number). */
  async print(s: UserSession, orderIds: number[]) {
    const orders = await this.repo.ordersById(s.tenantId, orderIds);
    assertVenue(s, ...orders.map((o) => o.venue_id));
    const ids = orders.map((o) => o.id);
    if (!ids.length) return [];
    await this.repo.countPrint(s.tenantId, ids);
    return (await this.rows(s.tenantId, ids)).filter((r) => r.detailState !== 'P' && r.detailState !== 'C');
  }

  /** The tickets of the order a QR code or an order number names: 未查询到票据信息 when none. */
  async lookup(s: UserSession, code: string) {
    const orderId = await this.repo.orderOfCode(s.tenantId, code);
    const order = orderId ? await this.repo.findOrder(s.tenantId, orderId) : undefined;
    if (!order) throw new BizError(Code.NO_DATA, '未查询到票据信息');
    assertVenue(s, order.venue_id);
    return this.rows(s.tenantId, [order.id]);
  }

  /** Tickets paid per venue day and type (the payment's day in the venue's time zone). */
  async saleByDay(s: UserSession, q: QueryOut<typeof ticket.queryTicketSaleByDay>) {
    if (q.beginDate > q.endDate) throw refuse('开始日期不能晚于结束日期');
    const rows = await this.repo.saleByDay(s.tenantId, {
      beginIso: chinaToIso(q.beginDate),
      endIso: chinaToIso(q.endDate, true),
      visible: inUserVenues(s, 'o.venue_id'),
      venueId: q.venueId,
    });
    const byKey = new Map<string, { day: string; typeName: string; quantity: number; fen: number; checked: number }>();
    for (const r of rows) {
      const day = venueClock(new Date(r.paid_at!)).date;
      const key = `${day}\u0000${r.type_name}`;
      const acc = byKey.get(key) ?? { day, typeName: r.type_name, quantity: 0, fen: 0, checked: 0 };
      acc.quantity += 1;
      acc.fen += r.price_pay_fen;
      if (r.detail_state === 'U') acc.checked += 1;
      byKey.set(key, acc);
    }
    return [...byKey.values()].map((a) => ({ day: a.day, typeName: a.typeName, quantity: a.quantity, amount: fenToYuan(a.fen), checked: a.checked }));
  }
}
