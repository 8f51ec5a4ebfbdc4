import { Code, payment, refund as contract, type OrderRefund } from '@venue/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables.ts';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { LedgerService } from '../member-card/ledger.service.ts';
import type { ChannelRegistry } from '../payment/channel-registry.ts';
import type { ChannelAnswer } from '../payment/channel.ts';
import type { PaymentMethodService } from '../payment/payment-method.service.ts';
import type { InstallPrefix } from '../payment/install.ts';
import type { AccountRoute, SettledBy } from './account-route.ts';
import { ask } from './channel-flow.ts';
import { refundChange } from './checkout-audit.ts';
import type { PayActor, RefundableKind, RefundableLine, RefundableOrder } from './payable.ts';
import { badRefund, planRefundLines, splitOverParts, type PlannedLine } from './refund-plan.ts';
import type { NewRefund, NewRefundPart, RefundRepository, WrittenPart } from './refund.repository.ts';
import { toOrderRefund } from './refund.mapper.ts';

/** How long a request may hold a refund while it talks to the channel; a crashed holder's claim expires. */
const LOCK_MS = 60_000;
const REFUND_PAST_LEFT = '退款数量或金额超过可退部分，请刷新后重试';
/** An order paid by a times card gives its times back to the card: there is no money to give another way. */
export const TIMES_ORIGINAL_ONLY = '计次卡支付的订单只能原路退回次数到会员卡，不能选择其他退款方式';
type RefundBody = z.output<typeof contract.refundRequest>;
type Kind = RefundableKind<RefundableOrder>;
type Order = RefundableOrder;

export interface RefundDeps {
  db: Kysely<Database>;
  refunds: RefundRepository;
  methods: PaymentMethodService;
  channels: ChannelRegistry;
  ledger: Pick<LedgerService, 'refundOrderCharge'>;
  clock: Clock;
  audit: AuditService;
  prefix: InstallPrefix;
}

/**
 * Refunds (退款) of paid orders of any refundable kind, whole or by line, by the original route (T:
 * every paid part back by its own channel, card parts to the card) or another (F: all by cash or a
 * cash-like method). Everything a refund changes in the database (the lines' and order's refunded
 * counts, what the kind gives back (goods to the warehouse), the card ledger, the pay and refund states)
 * is written in one transaction.
 * A refund with a scan-code part is two-step, as the channel may not be waited for inside a
 * transaction: 1. hold the units and the amount (refund U, so concurrent refunds cannot pass what is
 * left); 2. ask the channel; 3. refunded: everything else in one transaction (R); failed: the hold is
 * let go (F); unknown: the refund stays U and queryRefund asks the channel again later.
 */
export class RefundService {
  private readonly accounts = new Map<string, AccountRoute>();

  constructor(private readonly deps: RefundDeps) {}

  /** The order if it is the tenant's (else -1100) and its venue is one of the user's (else 403, 510). */
  private async orderOfUser(kind: Kind, s: UserSession, orderId: number) {
    const order = await kind.find(s.tenantId, orderId);
    if (!order) throw notFound(kind.notFoundMessage);
    assertVenue(s, order.venue_id);
    return order;
  }

  private async refundOfUser(kind: Kind, s: UserSession, refundId: number) {
    const refund = await this.deps.refunds.find(s.tenantId, refundId);
    if (!refund || refund.order_type !== kind.orderType) throw notFound('退款单不存在');
    await this.orderOfUser(kind, s, refund.order_id);
    return refund;
  }

  async list(kind: Kind, s: UserSession, orderId: number): Promise<OrderRefund[]> {
    await this.orderOfUser(kind, s, orderId);
    return this.dtos(kind, s.tenantId, orderId, await this.deps.refunds.ofOrder(kind, s.tenantId, orderId));
  }

  /** The refunds' states of orders, oldest first (the order lists show them). */
  statesOf(kind: Kind, tenantId: number, orderIds: number[]) {
    return this.deps.refunds.statesOf(kind, tenantId, orderIds);
  }

  private async dtos(kind: Kind, tenantId: number, orderId: number, rows: Awaited<ReturnType<RefundRepository['ofOrder']>>): Promise<OrderRefund[]> {
    const ids = rows.map((r) => r.id);
    const [lines, parts, orderLines] = await Promise.all([this.deps.refunds.lines(ids), this.deps.refunds.parts(ids), kind.refundLines(tenantId, orderId)]);
    return rows.map((r) => toOrderRefund(r, lines, parts, orderLines));
  }

  /** One refund of the order as the tills show it: its row, lines, parts and the order's lines read at once. */
  private async dto(kind: Kind, tenantId: number, orderId: number, refundId: number): Promise<OrderRefund> {
    const { refunds } = this.deps;
    const [row, lines, parts, orderLines] = await Promise.all([
      refunds.find(tenantId, refundId),
      refunds.lines([refundId]),
      refunds.parts([refundId]),
      kind.refundLines(tenantId, orderId),
    ]);
    return toOrderRefund(row!, lines, parts, orderLines);
  }

  /** Method of route F: cash unless said; enabled at the order's venue and settled by hand (no channel to ask). */
  private async otherRoute(s: UserSession, order: Order, body: RefundBody) {
    const payMode = body.payMode ?? payment.DEFAULT_PAY_MODE;
    const [method, channel] = [await this.deps.methods.enabledMethod(s.tenantId, order.venue_id, payMode, s.rulesVersion), this.deps.channels.kind(payMode)];
    if (!method || !channel || channel.remote) throw badRefund(`当前场馆未启用${payment.payModeName(payMode)}，请选择其他退款方式`);
    return { payMode, payName: method.pay_name };
  }

  /** `check`: the kind's own refusal of the order as read (a rental not out), before anything else. */
  async refund(kind: Kind, s: UserSession, body: RefundBody, check?: (order: Order) => void): Promise<OrderRefund> {
    const { db, refunds, clock } = this.deps;
    const order = await this.orderOfUser(kind, s, body.orderId);
    check?.(order);
    const retried = body.requestId ? await refunds.byRequest(kind, s.tenantId, order.id, body.requestId) : undefined;
    if (retried) return this.answer(kind, s, order, { refundId: retried.id, remote: false });
    if (!contract.REFUNDABLE_PAY_STATES.includes(order.pay_state))
      throw badRefund(order.pay_state === 'FR' ? contract.refundMsg.nothingLeft : contract.refundMsg.notPaid);
    const other = body.route === 'F' ? await this.otherRoute(s, order, body) : null;
    const prefix = await this.deps.prefix.get();
    const now = clock.now();
    let held: { refundId: number; remote: boolean; answer?: OrderRefund };
    try {
      held = await db.transaction().execute(async (trx) => {
        const locked = await refunds.lockOrder(trx, kind, s.tenantId, order.id, s.userId);
        if (body.requestId) {
          const known = await refunds.byRequest(kind, s.tenantId, order.id, body.requestId, trx);
          if (known) return { refundId: known.id, remote: false };
        }
        if (!locked || !contract.REFUNDABLE_PAY_STATES.includes(locked.pay_state))
          throw badRefund(locked?.pay_state === 'FR' ? contract.refundMsg.nothingLeft : contract.refundMsg.notPaid);
        const nowIso = iso(now);
        // A kind's refund request may say more per line (a rental's damage): its refundFen reads it.
        const asked = body.lines as { detailId: number; damage?: number }[] | undefined;
        const priceOf =
          kind.refundFen &&
          ((line: RefundableLine, quantity: number) =>
            kind.refundFen!(
              line,
              quantity,
              asked?.find((l) => l.detailId === line.id),
              nowIso,
            ));
        const orderLines = await kind.refundLines(s.tenantId, order.id, trx);
        const plan = planRefundLines(orderLines, body.lines, locked, priceOf);
        // A kind taking times cards: what the units give back in times, should a times card have paid.
        const timesBack = kind.refundTimes
          ? plan.lines.reduce(
              (sum, l) =>
                sum +
                kind.refundTimes!(
                  orderLines.find((o) => o.id === l.line_id)!,
                  l.quantity,
                  nowIso,
                ),
              0,
            )
          : 0;
        let parts: NewRefundPart[];
        if (other) {
          if (kind.refundTimes && (await refunds.paidRecords(trx, kind, s.tenantId, order.id)).some((r) => r.pay_type === 'T'))
            throw badRefund(TIMES_ORIGINAL_ONLY);
          parts = [{ ...this.part(s, order, plan.amountFen), pay_mode: other.payMode, pay_name: other.payName }];
        } else {
          parts = await this.originalParts(trx, kind, s, order, plan.amountFen, timesBack);
        }
        // A times card's part stays while it gives times back, even when the money they covered was 0.
        parts = parts.filter((p) => p.money_fen > 0 || (p.times ?? 0) > 0);
        const remote = parts.some((p) => p.remote);
        // Settled in this transaction: a part with no card to write back to is done as written (one update less).
        if (!remote) parts = parts.map((p) => (p.card_id === null ? { ...p, state: 'R' } : p));
        const newRefund = {
          tenant_id: s.tenantId,
          venue_id: order.venue_id,
          order_type: kind.orderType,
          order_id: order.id,
          request_id: body.requestId ?? null,
          route: body.route,
          amount_fen: plan.amountFen,
          state: remote ? 'U' : 'R',
          reason: body.reason,
          message: '',
          lock_until: remote ? iso(addMs(now, LOCK_MS)) : null,
          created_by: s.userId,
          created_at: iso(now),
          finished_at: remote ? null : iso(now),
        } satisfies NewRefund;
        const { id: refundId, parts: writtenParts } = await refunds.insert(
          trx,
          { tradePrefix: `${prefix}${kind.tradePrefix}` },
          newRefund,
          plan.lines.map((l) => ({ ...l, tenant_id: s.tenantId, order_id: order.id })),
          parts,
        );
        // Settled here, the amount is added with the pay state (one statement less); held now only when the channel is asked first.
        if (!(await refunds.hold(trx, kind, s.tenantId, order.id, plan.lines, remote ? plan.amountFen : null, 1))) throw badRefund(REFUND_PAST_LEFT);
        if (!remote) {
          const written = { id: refundId, amount_fen: plan.amountFen, route: body.route, reason: body.reason };
          await this.giveBack(kind, trx, s, order, refundId, { lines: plan.lines, refund: written, parts: writtenParts });
          // Answered from what was written, unless a card part's number and balance after are to be shown.
          if (!writtenParts.some((p) => p.card_id !== null)) {
            const row = { ...newRefund, id: refundId, venue_name: locked.venue_name ?? '', create_name: locked.create_name ?? '' };
            const lines = [...plan.lines].sort((a, b) => a.line_id - b.line_id).map((l) => ({ ...l, refund_id: refundId }));
            const shownParts = writtenParts.map((p) => ({ ...p, refund_id: refundId, card_no: null, balance_after: null }));
            return { refundId, remote, answer: toOrderRefund(row, lines, shownParts, orderLines) };
          }
        }
        return { refundId, remote };
      });
    } catch (error) {
      // Two requests with one request id raced: the loser answers the winner's refund.
      const known = body.requestId && isUniqueViolation(error) ? await refunds.byRequest(kind, s.tenantId, order.id, body.requestId) : undefined;
      if (!known) throw error;
      held = { refundId: known.id, remote: false };
    }
    return this.answer(kind, s, order, held);
  }

  /** A held refund is sent to its channel; a failed refund answers 606, also to a retry of its request. */
  private async answer(kind: Kind, s: UserSession, order: Order, held: { refundId: number; remote: boolean; answer?: OrderRefund }) {
    if (held.answer) return held.answer;
    const done = held.remote
      ? await this.finish(kind, s, order, held.refundId, await this.askChannel(s.tenantId, held.refundId, 'refund'))
      : await this.dto(kind, s.tenantId, order.id, held.refundId);
    if (done.state === 'F') throw new BizError(Code.PAY_FAILED, contract.refundMsg.failed(done.message));
    return done;
  }

  /** A wristband's (手牌挂账) refunds by the original route: its module registers how, by pay mode. */
  registerAccount(payMode: string, route: AccountRoute) {
    this.accounts.set(payMode, route);
  }

  /**
   * Route T: the amount split over the order's paid records by what is left of each. A record on an
   * account (手牌挂账) whose charge was settled since is split again over the settlement's paid records.
   */
  private async originalParts(trx: Transaction<Database>, kind: Kind, s: UserSession, order: Order, amountFen: number, timesBack: number, from?: SettledBy) {
    const { refunds, channels } = this.deps;
    const records = await refunds.paidRecords(trx, from ?? kind, s.tenantId, from?.orderId ?? order.id);
    const shares = splitOverParts(
      amountFen,
      records.map((r) => r.money_fen - Number(r.refunded_fen)),
    );
    const parts: NewRefundPart[] = [];
    for (const [i, r] of records.entries()) {
      const account = from || !shares[i] ? undefined : this.accounts.get(r.pay_mode);
      const charge = account && (await account.charge(trx, s.tenantId, kind.orderType, order.id));
      if (charge && charge !== 'open') {
        parts.push(...(await this.originalParts(trx, kind, s, order, shares[i], 0, charge)));
        continue;
      }
      parts.push({
        ...this.part(s, order, shares[i]),
        pay_record_id: r.id,
        pay_mode: r.pay_mode,
        pay_name: r.pay_name,
        card_id: r.card_id,
        charge_id: r.consume_id,
        remote: !!channels.kind(r.pay_mode)?.remote,
        // A times card pays an order alone: its part gives back the units' times.
        ...(r.pay_type === 'T' ? { times: timesBack } : {}),
      });
    }
    return parts;
  }

  private part(s: UserSession, order: Order, moneyFen: number): NewRefundPart {
    return {
      tenant_id: s.tenantId,
      order_id: order.id,
      pay_record_id: null,
      pay_mode: '',
      pay_name: '',
      card_id: null,
      consume_id: null,
      money_fen: moneyFen,
      channel_refund_no: null,
      state: 'N',
      message: '',
    };
  }

  /** Asks the channel of the refund's scan-code part (its venue's) to refund it, or what became of that refund. */
  private async askChannel(tenantId: number, refundId: number, how: 'refund' | 'query'): Promise<ChannelAnswer> {
    const [parts, refund] = await Promise.all([this.deps.refunds.parts([refundId]), this.deps.refunds.find(tenantId, refundId)]);
    const part = parts.find((p) => p.out_refund_no !== null);
    const channel = part && refund ? await this.deps.channels.forVenue(tenantId, refund.venue_id, part.pay_mode).catch(() => undefined) : undefined;
    if (!part || !channel) return { state: how === 'refund' ? 'FAILED' : 'UNKNOWN', channelTradeNo: null, message: '退款记录不完整或收款通道未配置' };
    const ref = { tenantId, orderNo: part.out_trade_no!, refundNo: part.out_refund_no! };
    return ask(() =>
      how === 'refund'
        ? channel.refund({ ...ref, amountFen: part.money_fen, totalFen: part.record_fen ?? part.money_fen, reason: refund!.reason })
        : channel.queryRefund(ref),
    );
  }

  /**
   * The background job (jobs.ts): refunds their channel left unknown are asked again, on behalf of the
   * user who made them, so a refund settles without anyone pressing 查询. Answers how many settled.
   */
  async settlePending(kinds: Kind[], limit = 50): Promise<number> {
    const now = this.deps.clock.now();
    let settled = 0;
    for (const r of await this.deps.refunds.pending(iso(now), limit)) {
      const kind = kinds.find((k) => k.orderType === r.order_type);
      if (!kind || !(await this.deps.refunds.claim(r.tenant_id, r.id, iso(now), iso(addMs(now, LOCK_MS))))) continue;
      const order = await kind.find(r.tenant_id, r.order_id);
      if (!order) continue;
      const actor: PayActor = { tenantId: r.tenant_id, userId: r.created_by, username: r.username ?? '系统' };
      const done = await this.finish(kind, actor, order, r.id, await this.askChannel(r.tenant_id, r.id, 'query'));
      if (done.state !== 'U') settled++;
    }
    return settled;
  }

  /** The channel's answer to a held refund: completed (R), let go (F), or still unknown (U). */
  private async finish(kind: Kind, s: PayActor, order: Order, refundId: number, answer: ChannelAnswer): Promise<OrderRefund> {
    const { db, refunds } = this.deps;
    const nowIso = iso(this.deps.clock.now());
    if (answer.state === 'UNKNOWN') {
      await refunds.unlock(refundId, answer.message || contract.refundMsg.unknown);
      return this.dto(kind, s.tenantId, order.id, refundId);
    }
    await db.transaction().execute(async (trx) => {
      await refunds.lockOrder(trx, kind, s.tenantId, order.id, s.userId);
      const state = answer.state === 'PAID' ? 'R' : 'F';
      if (!(await refunds.settle(trx, refundId, state, { nowIso, message: answer.message }))) return;
      const parts = await refunds.parts([refundId], trx);
      const remote = parts.find((p) => p.out_refund_no !== null);
      if (remote) await refunds.updatePart(trx, remote.id, { state, channel_refund_no: answer.channelTradeNo, message: answer.message });
      if (state === 'R') {
        await this.giveBack(kind, trx, s, order, refundId);
        return;
      }
      for (const p of parts) if (p !== remote) await refunds.updatePart(trx, p.id, { state: 'F', message: answer.message });
      const lines = await refunds.lines([refundId], trx);
      const refund = (await refunds.find(s.tenantId, refundId, trx))!;
      await refunds.hold(trx, kind, s.tenantId, order.id, lines, refund.amount_fen, -1);
    });
    return this.dto(kind, s.tenantId, order.id, refundId);
  }

  /**
   * The refund's effects, inside its transaction: card parts back to their cards (a REFUND ledger row
   * each), cash-like parts settled, the order's pay state (FR when every unit is refunded, else PR) and
   * refund type, the audit entry, and what the kind gives back (last: the rows every till shares, such
   * as stock, are locked the shortest).
   */
  private async giveBack(
    kind: Kind,
    trx: Transaction<Database>,
    s: PayActor,
    order: Order,
    refundId: number,
    /** What the caller wrote in this transaction (a refund settled at once): not read again; its amount is not held yet. */
    written?: { lines: PlannedLine[]; refund: { id: number; amount_fen: number; route: string; reason: string }; parts: WrittenPart[] },
  ) {
    const { refunds, ledger, channels } = this.deps;
    const parts = written?.parts ?? (await refunds.parts([refundId], trx));
    const remark = `${kind.orderName} ${order.id} 退款（退款单 ${refundId}）`;
    for (const p of [...parts].sort((a, b) => (a.card_id ?? 0) - (b.card_id ?? 0))) {
      if (p.out_refund_no !== null) continue;
      const account = this.accounts.get(p.pay_mode);
      if (account) {
        await account.lower(trx, s.tenantId, kind.orderType, order.id, p.money_fen);
        if (p.state !== 'R') await refunds.updatePart(trx, p.id, { state: 'R' });
        continue;
      }
      if (p.card_id !== null && p.charge_id !== null) {
        // A times card's part gives back its times (none, when the fee kept them all); a stored-value card's its money.
        const amount = p.times ?? p.money_fen;
        if (amount === 0) {
          await refunds.updatePart(trx, p.id, { state: 'R' });
          continue;
        }
        const row = await ledger.refundOrderCharge(trx, { tenantId: s.tenantId, consumeId: p.charge_id, amount, userId: s.userId, remark });
        await refunds.updatePart(trx, p.id, { state: 'R', consume_id: row.id });
        continue;
      }
      // A cash-like part is given back by hand at the till; a mode no channel serves cannot be.
      if (channels.kind(p.pay_mode)?.remote !== false) throw badRefund(`${p.pay_name}退款失败，请选择其他退款方式`);
      if (p.state !== 'R') await refunds.updatePart(trx, p.id, { state: 'R' });
    }
    const lines = written?.lines ?? (await refunds.lines([refundId], trx));
    const payState = await refunds.setOrderRefunded(trx, kind, s.tenantId, order.id, written?.refund.amount_fen);
    if (!payState) throw badRefund(REFUND_PAST_LEFT);
    const refund = written?.refund ?? (await refunds.find(s.tenantId, refundId, trx))!;
    await this.deps.audit.record(trx, s, refundChange(kind, order, refund, parts, payState));
    // Last: the stock rows every till shares are locked from here to the commit only.
    await kind.restore(trx, { tenantId: s.tenantId, userId: s.userId, order, actor: s }, lines, remark);
  }

  /**
   * A refund whose channel result was unknown: asks the channel again. Refunded: completed, once,
   * whoever asks. Failed (or never received): the held units and amount are let go and the order can
   * be refunded again. A refund another request is talking to the channel about answers as it is.
   */
  async query(kind: Kind, s: UserSession, refundId: number): Promise<OrderRefund> {
    const refund = await this.refundOfUser(kind, s, refundId);
    if (refund.state !== 'U') return this.dto(kind, s.tenantId, refund.order_id, refundId);
    const now = this.deps.clock.now();
    if (!(await this.deps.refunds.claim(s.tenantId, refundId, iso(now), iso(addMs(now, LOCK_MS)))))
      return this.dto(kind, s.tenantId, refund.order_id, refundId);
    const order = (await kind.find(s.tenantId, refund.order_id))!;
    return this.finish(kind, s, order, refundId, await this.askChannel(s.tenantId, refundId, 'query'));
  }
}
