import { Code, fenToYuan, ticket, ticketDesk, type QueryOut, type TicketRow, chinaText } from '@venue/contract';
import { type Clock } from '../../lib/clock.ts';
import { BizError, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { inUserVenues, type UserSession } from '../../plugins/session.ts';
import type { TicketCheckService } from './ticket-check.service.ts';
import type { TicketDeskRepository } from './ticket-desk.repository.ts';
import type { TicketOrderRepository } from './ticket-order.repository.ts';
import type { TicketOrderService } from './ticket-order.service.ts';
import { overstay } from './ticket-rules.ts';
import type { TicketTypeRepository } from './ticket-type.repository.ts';
import { toTicketRow } from './ticket.mapper.ts';

type Entry = Awaited<ReturnType<TicketDeskRepository['latest']>>[number];
const text = (at: string | null) => (at ? chinaText(new Date(at)) : null);

const withEntry = (row: TicketRow, e: Entry | undefined): ticketDesk.TicketEntry => ({
  ...row,
  checkId: e?.id ?? null,
  checkTime: text(e?.checked_at ?? null),
  exitTime: text(e?.exit_at ?? null),
  handId: e?.hand_id ?? null,
  handNo: e?.hand_no ?? null,
});

/**
 * The desk's ticket calls of spec 7 built on the ticket services: tickets with the band of their
 * entry, their overstay as of now, a look-up that verifies, and the overstay orders listed.
 */
export class TicketDeskService {
  constructor(
    private readonly desk: TicketDeskRepository,
    private readonly orders: TicketOrderService,
    private readonly orderRepo: TicketOrderRepository,
    private readonly types: TicketTypeRepository,
    private readonly checks: TicketCheckService,
    private readonly clock: Clock,
  ) {}

  private async entriesOf(tenantId: number, rows: TicketRow[]) {
    const latest = await this.desk.latest(
      tenantId,
      rows.map((r) => r.detailId),
    );
    return rows.map((r) => ({ row: r, entry: latest.find((e) => e.detail_id === r.detailId) }));
  }

  /** queryDetailAndHand: the order's tickets, each with the band its latest entry wore. */
  async lookupWithHand(s: UserSession, code: string) {
    const rows = await this.orders.lookup(s, code);
    return (await this.entriesOf(s.tenantId, rows)).map(({ row, entry }) => withEntry(row, entry));
  }

  /** getPrintDetailWithHand: the tickets to print (counted as getPrintDetail), with their bands. */
  async printWithHand(s: UserSession, orderIds: number[]) {
    const rows = await this.orders.print(s, orderIds);
    return (await this.entriesOf(s.tenantId, rows)).map(({ row, entry }) => withEntry(row, entry));
  }

  /** queryDetailWithTimeout: the order's tickets with what an exit now would owe (nothing is written). */
  async lookupWithTimeout(s: UserSession, code: string): Promise<ticketDesk.TicketOverstay[]> {
    const rows = await this.orders.lookup(s, code);
    const now = this.clock.now();
    return (await this.entriesOf(s.tenantId, rows)).map(({ row, entry }) => {
      const inside = !!entry && !entry.exit_at;
      const owed =
        entry && inside
          ? overstay(new Date(entry.slot_end), now, {
              freeMinutes: entry.free_minutes,
              periodMinutes: entry.overtime_minutes,
              periodFen: entry.overtime_price_fen,
            })
          : { minutes: 0, fen: 0 };
      return {
        ...withEntry(row, entry),
        inside,
        slotEnd: text(entry?.slot_end ?? null),
        timeoutMinutes: owed.fen ? owed.minutes : 0,
        timeoutPrice: fenToYuan(owed.fen),
        timeoutOrderId: entry?.timeout_id ?? null,
        timeoutPayState: entry?.timeout_pay_state ?? null,
      };
    });
  }

  /**
   * queryDetailAndCheck: a QR code verifies its own ticket; an order number verifies the order's usable
   * tickets (as the desk would tick them). Answers the order's tickets after the verification.
   */
  async lookupAndCheck(s: UserSession, code: string) {
    const rows = await this.orders.lookup(s, code);
    const scanned = rows.filter((r) => r.qrCode === code);
    const targets = (scanned.length ? scanned : rows).filter((r) => r.detailState === 'A' && r.usesLeft > 0);
    if (!targets.length) throw refuse(scanned.length ? `${scanned[0].typeName}：${this.unusable(scanned[0])}` : '该订单没有可核销的票据');
    const done = await this.checks.check(
      s,
      targets.map((r) => r.detailId),
    );
    return { ...done, details: await this.orders.lookup(s, code) };
  }

  private unusable(r: TicketRow) {
    if (r.detailState === 'U') return '票据已使用';
    if (r.detailState === 'P') return '票据未支付';
    return ticket.TICKET_STATE_OTHER;
  }

  /** queryDetailPageWithHand: entries handed a band in the user's venues, newest first. */
  async pageWithHand(s: UserSession, q: QueryOut<typeof ticketDesk.queryDetailPageWithHand>) {
    const { total, records } = await this.desk.withHand(
      s.tenantId,
      { visible: inUserVenues(s, 'c.venue_id'), handNo: q.handNo || undefined, qrCode: q.qrCode || undefined, inside: q.inside ? q.inside === 'T' : undefined },
      pageWindow(q),
    );
    if (!records.length) return { total, records: [] };
    const details = await this.orderRepo.detailsById(s.tenantId, [...new Set(records.map((r) => r.detail_id))]);
    const slots = await this.types.slots(s.tenantId, [...new Set(details.map((d) => d.type_id))]);
    const rows = new Map(details.map((d) => [d.id, toTicketRow(d, slots)]));
    return { total, records: records.flatMap((e) => (rows.has(e.detail_id) ? [withEntry(rows.get(e.detail_id)!, e)] : [])) };
  }

  /** ticketTimeoutOrderDetail/query: overstay orders by number or ticket code, in the user's venues. */
  async timeoutDetails(s: UserSession, q: QueryOut<typeof ticketDesk.timeoutDetailQuery>): Promise<ticketDesk.TimeoutDetail[]> {
    if (!q.orderId && !q.qrCode) throw new BizError(Code.NO_DATA_SELECTED, ticketDesk.TIMEOUT_MSG.chooseOne);
    const rows = await this.desk.timeouts(s.tenantId, { visible: inUserVenues(s, 'o.venue_id'), orderId: q.orderId, qrCode: q.qrCode || undefined });
    return rows.map((r) => ({
      orderId: r.id,
      qrCode: r.qr_code,
      typeName: r.type_name,
      venueName: r.venue_name,
      checkTime: chinaText(new Date(r.checked_at)),
      slotEnd: chinaText(new Date(r.slot_end)),
      exitTime: text(r.exit_at),
      minutes: r.minutes,
      pricePay: fenToYuan(r.price_pay_fen),
      orderState: r.order_state,
      payState: r.pay_state,
      payMode: r.pay_mode,
      createTime: chinaText(new Date(r.created_at)),
    }));
  }
}
