import { randomUUID } from 'node:crypto';
import { Code, Msg } from '@venue/contract';
import type { Kysely } from 'kysely';
import type { Database, PayRecordState } from '../../db/tables.ts';
import { addMs, iso, type Clock } from '../../lib/clock.ts';
import { BizError } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { ChannelRegistry } from '../payment/channel-registry.ts';
import type { ChannelAnswer, PaymentChannel } from '../payment/channel.ts';
import type { InstallPrefix } from '../payment/install.ts';
import type { AuditService } from '../audit/index.ts';
import type { CardCharges } from './card-charges.ts';
import { paidChange } from './checkout-audit.ts';
import type { PayPlan } from './pay-plan.ts';
import { outTradeNo, recordOf, type PayActor, type PayableKind, type PayableLine, type PayableOrder, type PayContext } from './payable.ts';
import type { PayableRepository } from './payable.repository.ts';

/** How long a request may hold an order while it talks to a channel; a crashed holder's claim expires. */
const LOCK_MS = 60_000;
const CHANNEL_TIMEOUT_MS = 30_000;

type PayRow = Awaited<ReturnType<PayableRepository['attemptRecords']>>[number];
interface Attempt<Order extends PayableOrder> {
  ctx: PayContext<Order>;
  attempt: number;
  lock: string;
  records: PayRow[];
  channelRecord: PayRow;
}

export interface ChannelFlowDeps {
  db: Kysely<Database>;
  repo: PayableRepository;
  channels: ChannelRegistry;
  charges: CardCharges;
  clock: Clock;
  audit: AuditService;
  prefix: InstallPrefix;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A channel call that throws or does not answer in time has an unknown result. */
export async function ask(call: () => Promise<ChannelAnswer>): Promise<ChannelAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ChannelAnswer>((done) => {
    timer = setTimeout(() => done({ state: 'UNKNOWN', channelTradeNo: null, message: '支付渠道无响应' }), CHANNEL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch {
    return { state: 'UNKNOWN', channelTradeNo: null, message: '支付渠道无响应' };
  } finally {
    clearTimeout(timer);
  }
}

/** What a payment answers: the paid order's result, or, for a request that found the order taken by another, the paid result or 605. */
export interface PayAnswers<Result> {
  paid(tenantId: number, orderId: number): Promise<Result>;
  taken(tenantId: number, orderId: number): Promise<Result>;
}

/**
 * Payment through an outside channel (scan code), which no database transaction may wait for:
 * 1. claim the order (pay state N, a new attempt, a lock) and record the attempt's parts as pending;
 * 2. call the channel; 3. PAID: the order settled (cards, records, the kind's fulfilment) in one
 *    transaction, held by the lock; FAILED: 606, nothing taken; UNKNOWN: 605, the order stays N and a
 *    later payment asks the channel again.
 * A crash anywhere leaves either a paid order or an unpaid order with nothing taken.
 */
export class ChannelPayFlow<Order extends PayableOrder, Line extends PayableLine, Result> {
  constructor(
    private readonly deps: ChannelFlowDeps,
    private readonly kind: PayableKind<Order, Line>,
    private readonly answers: PayAnswers<Result>,
  ) {}

  async pay(s: UserSession, order: Order, plan: PayPlan<Line>) {
    const { db, repo, clock } = this.deps;
    const kind = this.kind;
    const ctx: PayContext<Order> = { tenantId: s.tenantId, userId: s.userId, order, actor: s };
    const lock = randomUUID();
    const [prefix, venueName] = await Promise.all([this.deps.prefix.get(), repo.venueName(s.tenantId, order.venue_id)]);
    const tradeNo = (n: number) => outTradeNo(kind, s.tenantId, order.id, n, prefix);
    const now = clock.now();
    const attempt = await db.transaction().execute(async (trx) => {
      const n = await repo.claimForChannel(trx, kind, s.tenantId, order.id, {
        lock,
        until: iso(addMs(now, LOCK_MS)),
        priceFen: plan.totalFen,
        payMode: plan.mode,
        memberId: plan.memberId,
        remark: plan.remark,
      });
      if (n === null) return null;
      await repo.insertRecords(
        trx,
        plan.parts.map((p) => recordOf(kind, ctx, n, p, 'N', iso(now), p === plan.remote ? { out_trade_no: tradeNo(n) } : {})),
      );
      return n;
    });
    if (attempt === null) return this.answers.taken(s.tenantId, order.id);
    const remote = plan.remote!;
    const channel = remote.channel!;
    const orderNo = tradeNo(attempt);
    let answer = await ask(() =>
      channel.pay({
        tenantId: s.tenantId,
        orderNo,
        amountFen: remote.moneyFen,
        authCode: remote.authCode,
        description: `${venueName}-${kind.label}`,
        clientIp: s.clientIp,
      }),
    );
    if (answer.state === 'UNKNOWN') answer = await this.waitFor(channel, s.tenantId, orderNo, answer);
    return this.finish(await this.attemptOf(ctx, attempt, lock), answer);
  }

  /**
   * The documented wait on an unclear pay answer (USERPAYING: the customer confirming on the phone):
   * query every `queryEveryMs` while the cashier's request may wait; then the last answer stands (605 if
   * still unknown, and the background job goes on).
   */
  private async waitFor(channel: PaymentChannel, tenantId: number, orderNo: string, first: ChannelAnswer): Promise<ChannelAnswer> {
    const timing = channel.timing;
    if (!timing?.waitMs) return first;
    let answer = first;
    const until = Date.now() + timing.waitMs;
    while (answer.state === 'UNKNOWN' && Date.now() + timing.queryEveryMs <= until) {
      await sleep(timing.queryEveryMs);
      answer = await ask(() => channel.query({ tenantId, orderNo }));
      if (answer.state === 'UNKNOWN' && !answer.channelTradeNo) answer = { ...answer, channelTradeNo: first.channelTradeNo };
    }
    return answer;
  }

  /**
   * An order whose channel result was unknown: ask the channel about that trade. Paid: the order is
   * settled (the channel is not charged again). Still unknown: 605. Failed: the attempt is closed and
   * null lets the caller go on with the new request.
   */
  async settle(s: PayActor, order: Order) {
    const { repo, clock } = this.deps;
    const lock = randomUUID();
    const now = clock.now();
    const attempt = await repo.claimPending(this.kind, s.tenantId, order.id, lock, iso(now), iso(addMs(now, LOCK_MS)));
    if (attempt === null) {
      const current = await this.kind.find(s.tenantId, order.id);
      return current?.pay_state === 'P' || current?.pay_state === 'N' ? this.answers.taken(s.tenantId, order.id) : null;
    }
    const a = await this.attemptOf({ tenantId: s.tenantId, userId: s.userId, order, actor: s }, attempt, lock);
    if (!a.records.length) {
      await repo.release(this.deps.db, this.kind, s.tenantId, order.id, lock, 'F');
      return null;
    }
    const channel = await this.channelOf(a);
    const ref = { tenantId: s.tenantId, orderNo: a.channelRecord.out_trade_no! };
    let answer: ChannelAnswer =
      a.channelRecord.state === 'N' && channel ? await ask(() => channel.query(ref)) : { state: 'FAILED', channelTradeNo: null, message: '支付记录不完整' };
    // Unclear past the channel's wait (WeChat: never before 15 s after the pay call): the documented way out is to cancel the trade.
    const age = now.getTime() - new Date(a.channelRecord.created_at).getTime();
    if (answer.state === 'UNKNOWN' && channel?.cancel && channel.timing && age >= channel.timing.cancelAfterMs) {
      const cancelled = await ask(() => channel.cancel!(ref));
      if (cancelled.state === 'FAILED') answer = { ...cancelled, message: `支付超时未确认，${cancelled.message}` };
    }
    if (answer.state !== 'FAILED') return this.finish(a, answer);
    await this.close(a, answer.message, answer.channelTradeNo);
    return null;
  }

  /** The channel the attempt's trade went through (the order's venue's); none when its setting is gone. */
  private async channelOf(a: Attempt<Order>): Promise<PaymentChannel | undefined> {
    try {
      return await this.deps.channels.forVenue(a.ctx.tenantId, a.ctx.order.venue_id, a.channelRecord.pay_mode);
    } catch {
      return undefined;
    }
  }

  private async attemptOf(ctx: PayContext<Order>, attempt: number, lock: string): Promise<Attempt<Order>> {
    const records = await this.deps.repo.attemptRecords(this.kind, ctx.tenantId, ctx.order.id, attempt);
    const channelRecord = records.find((r) => r.out_trade_no !== null) ?? records[0];
    return { ctx, attempt, lock, records, channelRecord };
  }

  private async finish(a: Attempt<Order>, answer: ChannelAnswer) {
    if (answer.state === 'PAID') return this.complete(a, answer);
    if (answer.state === 'FAILED') {
      await this.close(a, answer.message, answer.channelTradeNo);
      throw new BizError(Code.PAY_FAILED, Msg.payFailed);
    }
    await this.deps.db.transaction().execute(async (trx) => {
      if (answer.channelTradeNo)
        await this.deps.repo.updateRecord(trx, a.channelRecord.id, { state: 'N', channel_trade_no: answer.channelTradeNo, message: answer.message });
      await this.deps.repo.release(trx, this.kind, a.ctx.tenantId, a.ctx.order.id, a.lock, 'N');
    });
    throw new BizError(Code.PAY_UNKNOWN, Msg.payUnknown);
  }

  /** The channel has the money: the order settled in one transaction, or, if it is refused now, the money back. */
  private async complete(a: Attempt<Order>, answer: ChannelAnswer) {
    const { db, repo, charges } = this.deps;
    const kind = this.kind;
    const nowIso = iso(this.deps.clock.now());
    try {
      const won = await db.transaction().execute(async (trx) => {
        const claimed = await repo.markPaid(trx, kind, a.ctx.tenantId, a.ctx.order.id, { nowIso }, a.lock);
        if (claimed === null) return false;
        const lines = await kind.lines(a.ctx.tenantId, a.ctx.order.id, trx);
        const cards = a.records
          .filter((r) => r.card_id !== null)
          .map((r) => ({ cardId: r.card_id!, amount: r.money_fen, itemId: kind.cardItem?.(a.ctx.order) }));
        const consumed = await charges.charge(trx, kind, a.ctx, cards);
        for (const r of a.records) {
          await repo.updateRecord(trx, r.id, {
            state: 'P',
            paid_at: nowIso,
            ...(r.card_id ? { consume_id: consumed.get(r.card_id)?.id } : {}),
            ...(r.id === a.channelRecord.id ? { channel_trade_no: answer.channelTradeNo, message: answer.message } : {}),
          });
        }
        await this.deps.audit.record(trx, a.ctx.actor, paidChange(kind, a.ctx.order, claimed.price_pay_fen, a.records));
        await kind.fulfil(trx, a.ctx, lines, claimed.price_pay_fen);
        return true;
      });
      return won ? this.answers.paid(a.ctx.tenantId, a.ctx.order.id) : this.answers.taken(a.ctx.tenantId, a.ctx.order.id);
    } catch (error) {
      const refusal = error instanceof BizError ? error : kind.refusal?.(error);
      if (!refusal) throw error;
      return this.giveBack(a, refusal);
    }
  }

  private async giveBack(a: Attempt<Order>, error: BizError): Promise<never> {
    const r = a.channelRecord;
    const channel = await this.channelOf(a);
    const refund = channel
      ? await ask(() =>
          channel.refund({
            tenantId: a.ctx.tenantId,
            orderNo: r.out_trade_no!,
            refundNo: `${r.out_trade_no}B`,
            amountFen: r.money_fen,
            totalFen: r.money_fen,
            reason: error.message,
          }),
        )
      : undefined;
    const back = refund?.state === 'PAID';
    // Refunded: R; the refund failed: the channel record stays paid (money held) for the staff to refund by hand.
    await this.close(a, error.message, undefined, back ? 'R' : 'P');
    throw new BizError(error.code, back ? `${error.message}，款项已原路退回` : `${error.message}，自动退款失败，请联系管理员退款（交易号 ${r.out_trade_no}）`);
  }

  /** Ends an attempt that did not settle the order: its records failed, the order F (failed) and free. */
  private async close(a: Attempt<Order>, message: string, channelTradeNo?: string | null, channelState: PayRecordState = 'F') {
    await this.deps.db.transaction().execute(async (trx) => {
      for (const r of a.records) {
        const isChannel = r.id === a.channelRecord.id;
        await this.deps.repo.updateRecord(trx, r.id, {
          state: isChannel ? channelState : 'F',
          message,
          ...(isChannel && channelTradeNo ? { channel_trade_no: channelTradeNo } : {}),
        });
      }
      // The order as read before this attempt claimed it (a payment's own attempt): its remark comes back.
      await this.deps.repo.release(trx, this.kind, a.ctx.tenantId, a.ctx.order.id, a.lock, 'F', a.ctx.order.remark);
    });
  }
}
