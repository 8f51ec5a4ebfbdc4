import {
  Code,
  fenToYuan,
  hand as contract,
  handChargedTooMuch,
  member,
  Msg,
  ticket,
  yuanToFen,
  type BodyOut,
  type Hand,
  type HandOrder,
  type HandTimeoutPrint,
  type QueryOut,
} from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { assertVenue, venuesOf, type Session, type UserSession } from '../../plugins/session.ts';
import type { CheckoutServices, PayableKind, PayableLine, PayableLineDto, PayableOrder } from '../checkout/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { UserService } from '../user/index.ts';
import { unsettledMessage, type HandDepositKind, type HandSettleKind } from './hand-payable.ts';
import { toHand, toHandCharge, toHandOrder, toHandTimeoutPrint } from './hand.mapper.ts';
import type { HandOrderViewRow, HandRepository } from './hand.repository.ts';

// Each kind's own order and line types are erased here: the checkout is generic over them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payable kind
export type AnyPayableKind = PayableKind<any, any, PayableLineDto>;

export interface HandDeps {
  repo: HandRepository;
  audit: AuditService;
  users: UserService;
  clock: Clock;
  checkout: CheckoutServices;
  deposit: HandDepositKind;
  settle: HandSettleKind;
  /** The kinds of order a band can be charged with, by order type. */
  chargeable: () => Record<string, AnyPayableKind>;
  /** A ticket's exit (离场): left, or the overstay order it owes. */
  exit: (s: UserSession, qrCode: string) => Promise<{ left: boolean; timeoutOrderId: number | null; minutes: number; pricePay: number }>;
  /** A ticket verification, with the band issued with each ticket (by detail id). */
  check: (s: UserSession, detailIds: number[], hands: Map<number, IssuedBand>) => Promise<{ checked: number; orderId: number }>;
}

/** A band handed out with a ticket at the entry. */
export interface IssuedBand {
  id: number;
  venueId: number;
  handNo: string;
}

/**
 * Wristbands (手牌): the register (bands scanned in by physical id), lending (a deposit order paid at
 * the till), charges to a band that is out (手牌挂账), the settlement of those charges and the deposit
 * back when it returns, the 手牌管理 lists and the scan lookup.
 */
export class HandService {
  constructor(private readonly d: HandDeps) {}

  private async band(tenantId: number, id: number) {
    const [row] = await this.d.repo.hands(tenantId, { ids: [id] });
    if (!row) throw notFound(contract.handMsg.notFound);
    return row;
  }

  async get(s: UserSession, id: number): Promise<Hand> {
    const row = await this.band(s.tenantId, id);
    assertVenue(s, row.venue_id);
    return toHand(row);
  }

  async page(s: UserSession, q: QueryOut<typeof contract.all>) {
    assertVenue(s, q.venueId);
    const venues = venuesOf(s);
    const { total, records } = await this.d.repo.handPage(
      s.tenantId,
      {
        keyword: q.keyword || undefined,
        venueId: q.venueId,
        venueIds: venues === 'all' ? undefined : [...venues],
        state: q.state,
        inUse: q.inUse === undefined ? undefined : q.inUse === 'T',
      },
      pageWindow(q),
    );
    return { total, records: records.map(toHand) };
  }

  private async checkFields(s: UserSession, b: BodyOut<typeof contract.add>, selfId: number | null) {
    assertVenue(s, b.venueId);
    const venue = await this.d.repo.venueEnabled(s.tenantId, b.venueId);
    if (venue === null) throw notFound('场馆不存在');
    if (await this.d.repo.phyTaken(s.tenantId, b.phyId, selfId)) throw alreadyExists(contract.handMsg.phyIdTaken);
  }

  async add(s: UserSession, b: BodyOut<typeof contract.add>): Promise<Hand> {
    await this.checkFields(s, b, null);
    const id = await this.d.repo.insertHand({
      tenant_id: s.tenantId,
      venue_id: b.venueId,
      hand_no: b.handNo || b.phyId,
      phy_id: b.phyId,
      deposit_fen: yuanToFen(b.deposit),
      state: b.state,
      lent_order_id: null,
      remark: b.remark ?? '',
      created_at: iso(this.d.clock.now()),
    });
    const after = await this.get(s, id);
    await this.d.audit.recordNow(s, { action: 'hand.add', target: `手牌 ${after.handNo}`, venueId: after.venueId, after });
    return after;
  }

  async edit(s: UserSession, b: BodyOut<typeof contract.edit>): Promise<Hand> {
    const before = await this.band(s.tenantId, b.handId);
    assertVenue(s, before.venue_id);
    await this.checkFields(s, b, b.handId);
    const money = yuanToFen(b.deposit) !== before.deposit_fen || b.state !== before.state || b.venueId !== before.venue_id;
    const changed = await this.d.repo.updateHand(
      s.tenantId,
      b.handId,
      { venue_id: b.venueId, hand_no: b.handNo || b.phyId, phy_id: b.phyId, deposit_fen: yuanToFen(b.deposit), state: b.state, remark: b.remark ?? '' },
      money,
    );
    if (!changed) throw refuse(contract.handMsg.editInUse);
    const after = await this.get(s, b.handId);
    await this.d.audit.recordNow(s, { action: 'hand.edit', target: `手牌 ${after.handNo}`, venueId: after.venueId, before: toHand(before), after });
    return after;
  }

  async setState(s: UserSession, b: BodyOut<typeof contract.setState>): Promise<Hand> {
    const before = await this.band(s.tenantId, b.handId);
    assertVenue(s, before.venue_id);
    if (!(await this.d.repo.updateHand(s.tenantId, b.handId, { state: b.state }, b.state === 'S'))) throw refuse(contract.handMsg.editInUse);
    const after = await this.get(s, b.handId);
    await this.d.audit.recordNow(s, {
      action: 'hand.state',
      target: `手牌 ${after.handNo}`,
      venueId: after.venueId,
      before: { state: before.state },
      after: { state: after.state },
    });
    return after;
  }

  /** The band and the deposit order it is out on (with its charges), if any. */
  private async withLending(s: UserSession, row: Awaited<ReturnType<HandService['band']>>) {
    const order = row.lent_order_id ? (await this.orders(s.tenantId, [row.lent_order_id], s))[0] : undefined;
    return { hand: toHand(row), order: order ?? null };
  }

  async getById(s: UserSession, id: number) {
    const row = await this.band(s.tenantId, id);
    assertVenue(s, row.venue_id);
    return this.withLending(s, row);
  }

  /** Spec 4's scan path: null when no band has the code (the caller then tries a member card); a stopped band is refused with why. */
  async lookup(s: UserSession, code: string) {
    const row = await this.d.repo.lookup(s.tenantId, code);
    if (!row) return null;
    assertVenue(s, row.venue_id);
    if (row.state !== 'A') throw refuse(contract.handMsg.disabled);
    return this.withLending(s, row);
  }

  /** Lends a band: an unpaid deposit order of its deposit; the band goes out when it is paid. */
  async createDepositOrder(s: UserSession, b: BodyOut<typeof contract.createHandDepositOrder>) {
    assertVenue(s, b.venueId);
    const row = await this.band(s.tenantId, b.handId);
    assertVenue(s, row.venue_id);
    if (row.venue_id !== b.venueId) throw refuse('该手牌不属于当前场馆');
    if (row.state !== 'A') throw refuse(contract.handMsg.disabled);
    if (row.lent_order_id !== null) throw refuse(contract.handMsg.inUse);
    if (b.memberId && !(await this.d.repo.memberExists(s.tenantId, b.memberId))) throw new BizError(Code.CARD_LOOKUP_FAILED, member.CARD_MESSAGES.notFound);
    const nowIso = iso(this.d.clock.now());
    const orderId = await this.d.repo.insertOrder(this.newOrder(s, row.venue_id, row.id, 'D', null, row.deposit_fen, b.memberId ?? null, nowIso), [
      {
        tenant_id: s.tenantId,
        charge_id: null,
        name: `手牌押金（${row.hand_no}）`,
        quantity: 1,
        price_orig_fen: row.deposit_fen,
        price_pay_fen: row.deposit_fen,
      },
    ]);
    return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(row.deposit_fen) };
  }

  private newOrder(
    s: UserSession,
    venueId: number,
    handId: number,
    kind: 'D' | 'S',
    depositOrderId: number | null,
    fen: number,
    memberId: number | null,
    nowIso: string,
  ) {
    return {
      tenant_id: s.tenantId,
      venue_id: venueId,
      member_id: memberId,
      hand_id: handId,
      kind,
      deposit_order_id: depositOrderId,
      order_state: 'P' as const,
      pay_state: 'U' as const,
      price_pay_fen: fen,
      pay_mode: null,
      pay_lock: null,
      pay_lock_until: null,
      remark: '',
      paid_at: null,
      returned_at: null,
      created_by: s.userId,
      username: s.username,
      created_at: nowIso,
    };
  }

  /**
   * What was charged to a band that is out and not settled yet, as a settlement order to pay at the till.
   * One settlement per band waits for its payment: asked again (another till, a double click) while it
   * still adds up, the open one answers; one that no longer does (a refund lowered a charge) is closed
   * and made again. Calls at once meet the one-open-settlement index: the losers answer the winner's.
   */
  async createSettleOrder(s: UserSession, b: BodyOut<typeof contract.createHandSettleOrder>) {
    const deposit = await this.d.checkout.payments.orderOfUser(this.d.deposit, s, b.orderId);
    if (deposit.order_state !== 'A') throw refuse(contract.handMsg.notInUse);
    for (let attempt = 1; ; attempt++) {
      // A charge refunded whole (its order refunded by the original route) leaves nothing to settle.
      const open = (await this.d.repo.charges(s.tenantId, [deposit.id])).filter((c) => c.settle_order_id === null && c.amount_fen > 0);
      const current = await this.d.repo.openSettlement(s.tenantId, deposit.id);
      if (current) {
        const lines = await this.d.repo.lines(s.tenantId, [current.id]);
        const same =
          lines.length === open.length && lines.every((l) => open.some((c) => c.id === l.charge_id && c.amount_fen === l.price_orig_fen * l.quantity));
        if (same || current.pay_state === 'N')
          return { orderId: current.id, orderState: current.order_state, payState: current.pay_state, pricePay: fenToYuan(current.price_pay_fen) };
        // Closed here or by another call; a payment that started meanwhile is answered next time round.
        if (!(await this.d.repo.closeSettlement(s.tenantId, current.id))) {
          if (attempt < 3) continue;
          throw refuse(contract.handMsg.settleChanged);
        }
      }
      if (!open.length) throw refuse(contract.handMsg.nothingToSettle);
      const fen = open.reduce((sum, c) => sum + c.amount_fen, 0);
      try {
        const orderId = await this.d.repo.insertOrder(
          this.newOrder(s, deposit.venue_id, deposit.hand_id, 'S', deposit.id, fen, deposit.member_id, iso(this.d.clock.now())),
          open.map((c) => ({
            tenant_id: s.tenantId,
            charge_id: c.id,
            name: `${contract.CHARGE_TYPE_LABELS[c.order_type] ?? c.order_type} ${c.order_id}：${c.summary}`.slice(0, 100),
            quantity: 1,
            price_orig_fen: c.amount_fen,
            price_pay_fen: c.amount_fen,
          })),
        );
        return { orderId, orderState: 'P', payState: 'U', pricePay: fenToYuan(fen) };
      } catch (error) {
        // Another call made the band's settlement first: answer that one.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  /** The kind of a wristband order (deposit or settlement), for the shared 收款 calls. */
  async kindOf(s: UserSession, orderId: number): Promise<HandDepositKind | HandSettleKind> {
    const order = await this.d.repo.findOrder(s.tenantId, orderId, null);
    if (!order) throw notFound(contract.handMsg.orderNotFound);
    return order.kind === 'D' ? this.d.deposit : this.d.settle;
  }

  /** The band back: its charges settled, the deposit refunded (the checkout's refund rules), the band free. */
  async returnDeposit(s: UserSession, b: BodyOut<typeof contract.returnHandDeposit>) {
    const order = await this.d.checkout.payments.orderOfUser(this.d.deposit, s, b.orderId);
    if (order.order_state !== 'A') throw refuse(contract.handMsg.notInUse);
    const unsettled = await this.d.repo.unsettledFen(s.tenantId, order.id);
    if (unsettled > 0) throw refuse(unsettledMessage(unsettled));
    return this.d.checkout.refunds.refund(this.d.deposit, s, { ...b, lines: undefined });
  }

  /** 记到手牌: the order paid on the band's account, a charge of the deposit order it is out on. */
  async payWithHand(s: UserSession, b: BodyOut<typeof contract.payWithHand>) {
    const kind = this.d.chargeable()[b.orderType];
    if (!kind) throw refuse('不支持记到手牌的订单类型');
    const row = await this.band(s.tenantId, b.handId);
    assertVenue(s, row.venue_id);
    if (row.state !== 'A') throw refuse(contract.handMsg.disabled);
    const depositOrderId = row.lent_order_id;
    if (depositOrderId === null) throw refuse(contract.handMsg.notInUse);
    const nowIso = iso(this.d.clock.now());
    return this.d.checkout.payments.payOnAccount(
      kind,
      s,
      b.orderId,
      { payMode: contract.HAND_PAY, payName: contract.HAND_PAY_NAME },
      async (trx, order: PayableOrder, totalFen, lines: PayableLine[]) => {
        if (order.venue_id !== row.venue_id) throw refuse('手牌与订单不属于同一场馆');
        const summary = lines
          .map((l) => {
            const dto = kind.toLine(l);
            return `${dto.goodsName}×${dto.quantity}`;
          })
          .join('、')
          .slice(0, 200);
        const booked = await this.d.repo.charge(trx, {
          tenant_id: s.tenantId,
          deposit_order_id: depositOrderId,
          hand_id: row.id,
          order_type: kind.orderType,
          order_id: order.id,
          summary,
          amount_fen: totalFen,
          settle_order_id: null,
          created_by: s.userId,
          created_at: nowIso,
        });
        if (booked !== true) throw refuse(booked === 'full' ? handChargedTooMuch : contract.handMsg.notInUse);
      },
    );
  }

  /** 手牌离场: the overstay, if any, charged to the band; paid, the visitor leaves (the timeout order's fulfilment). */
  async exitWithHand(s: UserSession, b: BodyOut<typeof contract.createHandTimeoutOrder>) {
    const exit = await this.d.exit(s, b.qrCode);
    if (exit.left || exit.timeoutOrderId === null) return exit;
    const paid = await this.payWithHand(s, { orderType: ticket.TIMEOUT_ORDER_TYPE, orderId: exit.timeoutOrderId, handId: b.handId });
    return { ...exit, left: paid.payState === 'P' };
  }

  /**
   * checkTicketWithHand: each band as scanned (physical id, number or id) must be the tenant's, of a venue
   * of the user, enabled, and given to one ticket only; the ticket check refuses a band for a type that
   * issues none, a missing band for one that does, a band of another venue, and one worn inside already.
   */
  async checkWithHand(s: UserSession, b: BodyOut<typeof contract.checkTicketWithHand>) {
    const hands = new Map<number, IssuedBand>();
    const given = new Set<number>();
    for (const d of b.ticketCheckDetails) {
      if (!d.handCode) continue;
      const row = await this.d.repo.lookup(s.tenantId, d.handCode);
      if (!row) throw notFound(`${contract.handMsg.notFound}：${d.handCode}`);
      assertVenue(s, row.venue_id);
      if (row.state !== 'A') throw refuse(contract.handMsg.disabled);
      if (given.has(row.id)) throw refuse(`手牌${row.hand_no}不能同时发给两张票`);
      given.add(row.id);
      hands.set(d.detailId, { id: row.id, venueId: row.venue_id, handNo: row.hand_no });
    }
    return this.d.check(
      s,
      b.ticketCheckDetails.map((d) => d.detailId),
      hands,
    );
  }

  /** The slips of overstay orders charged to a band, in the order asked; others (not charged to a band, not the tenant's) are left out. */
  async printTimeouts(s: UserSession, orderIds: number[]): Promise<HandTimeoutPrint[]> {
    const rows = await this.d.repo.timeoutCharges(s.tenantId, orderIds);
    assertVenue(s, ...rows.map((r) => r.venue_id));
    return orderIds.flatMap((id) => rows.filter((r) => r.order_id === id).map(toHandTimeoutPrint));
  }

  async charges(s: UserSession, depositOrderId: number) {
    const order = await this.d.checkout.payments.orderOfUser(this.d.deposit, s, depositOrderId);
    return (await this.d.repo.charges(s.tenantId, [order.id])).map(toHandCharge);
  }

  async printCharges(s: UserSession, depositOrderId: number): Promise<HandOrder> {
    const order = await this.d.checkout.payments.orderOfUser(this.d.deposit, s, depositOrderId);
    const [dto] = await this.orders(s.tenantId, [order.id], s);
    return dto;
  }

  private async withDetails(tenantId: number, rows: HandOrderViewRow[]): Promise<HandOrder[]> {
    const ids = rows.map((r) => r.id);
    const deposits = rows.filter((r) => r.kind === 'D').map((r) => r.id);
    const [lines, depositRecords, settleRecords, charges] = await Promise.all([
      this.d.repo.lines(tenantId, ids),
      this.d.checkout.payments.records(this.d.deposit, tenantId, deposits),
      this.d.checkout.payments.records(
        this.d.settle,
        tenantId,
        rows.filter((r) => r.kind === 'S').map((r) => r.id),
      ),
      this.d.repo.charges(tenantId, deposits),
    ]);
    return rows.map((r) => toHandOrder(r, lines, r.kind === 'D' ? depositRecords : settleRecords, charges));
  }

  /** The tenant's wristband orders of `ids`, in the order asked; another venue's refuses the read (403). */
  async orders(tenantId: number, ids: number[], viewer: Session): Promise<HandOrder[]> {
    const rows = await this.d.repo.findOrders(tenantId, ids);
    assertVenue(viewer, ...rows.map((r) => r.venue_id));
    return this.withDetails(
      tenantId,
      ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is HandOrderViewRow => !!r),
    );
  }

  private async currentVenue(s: UserSession) {
    const venueId = await this.d.users.currentVenueId(s.tenantId, s.userId, s.isAdmin);
    if (!venueId) throw new BizError(Code.NO_DATA, Msg.noCurrentVenue);
    assertVenue(s, venueId);
    return venueId;
  }

  /** 使用中: the current venue's bands out now, with what is charged to them. */
  async inUse(s: UserSession, q: QueryOut<typeof contract.queryHandInUse>) {
    const venueId = await this.currentVenue(s);
    const { total, records } = await this.d.repo.depositPage(s.tenantId, { venueId, orderState: 'A', keyword: q.keyword || undefined }, pageWindow(q));
    return { total, records: await this.withDetails(s.tenantId, records) };
  }

  /** 押金明细: the current venue's deposit orders, newest first. */
  async depositDetail(s: UserSession, q: QueryOut<typeof contract.queryHandDepositDetail>) {
    const venueId = await this.currentVenue(s);
    if (q.handId) {
      const band = await this.band(s.tenantId, q.handId);
      if (band.venue_id !== venueId) assertVenue(s, band.venue_id);
    }
    const { total, records } = await this.d.repo.depositPage(s.tenantId, { venueId, handId: q.handId, orderState: q.orderState || undefined }, pageWindow(q));
    return { total, records: await this.withDetails(s.tenantId, records) };
  }
}
