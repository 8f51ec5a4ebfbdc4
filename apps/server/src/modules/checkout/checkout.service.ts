import { allocatePaid, cardDiscount, Code, fenToYuan, Msg, payment, yuanToFen } from '@venue/contract';
import type { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StatementPart } from '../../db/statement-part.ts';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { CardService } from '../member-card/card.service.ts';
import type { ChannelRegistry } from '../payment/channel-registry.ts';
import type { PaymentMethodService } from '../payment/payment-method.service.ts';
import type { InstallPrefix } from '../payment/install.ts';
import type { CardCharges } from './card-charges.ts';
import { paidChange } from './checkout-audit.ts';
import { ChannelPayFlow, type PayAnswers } from './channel-flow.ts';
import { listTotalFen, planPayment, precheckCards, type PayPlan } from './pay-plan.ts';
import { toPayRecord } from './pay-record.mapper.ts';
import {
  cardPerMille,
  outTradeNo,
  recordOf,
  type PayableKind,
  type PayableLine,
  type PayableLineDto,
  type PayableOrder,
  type PayContext,
  type PlannedPart,
} from './payable.ts';
import type { PayableRepository } from './payable.repository.ts';

export interface CheckoutDeps {
  db: Kysely<Database>;
  repo: PayableRepository;
  cards: CardService;
  methods: PaymentMethodService;
  channels: ChannelRegistry;
  charges: CardCharges;
  clock: Clock;
  audit: AuditService;
  prefix: InstallPrefix;
}

/**
 * The lines as 收款 shows them when the order costs `dueFen` (spec 4, step 3): each line pays its share of
 * it (allocatePaid, the share a refund of that line gives back), the lines adding up to it exactly.
 * `pricePay` stays the agreed unit price (the list the cards' discount is taken from).
 */
function payableDetails<Line extends PayableLine, Dto extends PayableLineDto>(
  kind: Pick<PayableKind<PayableOrder, Line, Dto>, 'toLine'>,
  lines: Line[],
  dueFen: number,
) {
  const shares = allocatePaid(
    lines.map((l) => l.price_orig_fen * l.quantity),
    dueFen,
  );
  return lines.map((l, i) => ({ ...kind.toLine(l), amountPay: fenToYuan(shares[i]) }));
}

/** Thrown inside a payment transaction that found the order already taken by another request: rolls it back. */
const TAKEN = Symbol('order taken');
/** Pay modes that pay (partly) by member card: a discountable card lowers the part it pays. */
const CARD_MODES: ReadonlySet<string> = new Set([payment.CARD_PAY, payment.COMPOSE_PAY]);

export type PayResult = payment.PayResult;
export type ForPayQuery = z.output<typeof payment.forPayQuery>;

/**
 * The 收款 of every payable order kind (goods sale, lease, ticket, card sale…): the amounts due for
 * the chosen cards, and the payment itself. Idempotent per order: a paid order answers its paid result
 * and charges nothing; two payments of one order racing each other charge once (the conditional update
 * of the order is the first statement of the payment's transaction).
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** The order, if it is the tenant's (else -1100) and its venue is one of the user's (else 403, 510). */
  async orderOfUser<Order extends PayableOrder>(kind: PayableKind<Order, PayableLine>, s: UserSession, orderId: number): Promise<Order> {
    return this.ofUser(kind, s, await kind.find(s.tenantId, orderId));
  }

  private ofUser<Order extends PayableOrder>(kind: PayableKind<Order, PayableLine>, s: UserSession, order: Order | undefined): Order {
    if (!order) throw notFound(kind.notFoundMessage);
    assertVenue(s, order.venue_id);
    return order;
  }

  /** What the order costs with the cards chosen, in that order: each discountable card lowers only the part it pays. */
  async forPay<Order extends PayableOrder, Line extends PayableLine, Dto extends PayableLineDto>(
    kind: PayableKind<Order, Line, Dto>,
    s: UserSession,
    q: ForPayQuery,
  ) {
    const order = await this.orderOfUser(kind, s, q.orderId);
    const lines = await kind.lines(s.tenantId, order.id);
    const answer = (dueFen: number) => ({ orderId: order.id, totalPrice: fenToYuan(dueFen), details: payableDetails(kind, lines, dueFen) });
    if (order.pay_state === 'P') return answer(order.price_pay_fen);
    const found = q.cardIds?.length && CARD_MODES.has(q.payMode ?? '') ? await this.deps.cards.byIds(s.tenantId, q.cardIds) : [];
    const cards = (q.cardIds ?? []).map((id) => found.find((c) => c.cardId === id && kind.cardPayTypes.includes(c.payType))).filter((c) => c !== undefined);
    // A times card pays the whole list total alone: the answer says the times it takes.
    const timesCard = kind.cardTimes && cards.find((c) => c.payType === 'T');
    if (timesCard) return { ...answer(listTotalFen(lines)), times: (await kind.cardTimes!(s.tenantId, order, lines, timesCard.cardTypeId)).total };
    const split = cardDiscount.splitOverCards(
      listTotalFen(lines),
      cards.map((c) => ({ balanceFen: yuanToFen(c.balance), perMille: cardPerMille(kind, c) })),
    );
    return answer(split.dueFen);
  }

  async pay<Order extends PayableOrder, Line extends PayableLine>(
    kind: PayableKind<Order, Line>,
    s: UserSession,
    body: payment.PayRequest,
  ): Promise<PayResult> {
    const answers = this.answers(kind);
    const channelFlow = new ChannelPayFlow(this.deps, kind, answers);
    const found = kind.findWithLines ? await kind.findWithLines(s.tenantId, body.orderId) : undefined;
    let order = found ? this.ofUser(kind, s, found.order) : await this.orderOfUser(kind, s, body.orderId);
    if (order.pay_state === 'P') return answers.paid(s.tenantId, order.id);
    if (order.pay_state === 'N') {
      const settled = await channelFlow.settle(s, order);
      if (settled) return settled;
      order = await this.orderOfUser(kind, s, body.orderId);
      if (order.pay_state === 'P') return answers.paid(s.tenantId, order.id);
    }
    if (order.pay_state !== 'U' && order.pay_state !== 'F') throw refuse('订单已关闭，不能支付');
    const plan = await planPayment(this.deps, kind, s, order, body, found?.lines);
    if (!plan.remote) return this.payAtOnce(kind, s, order, plan);
    await kind.precheck?.(s.tenantId, order, plan.lines);
    await precheckCards(this.deps.cards, s.tenantId, plan);
    return channelFlow.pay(s, order, plan);
  }

  /**
   * Cash-like methods and cards: the whole payment in one transaction, the kind's fulfilment (shared rows:
   * stock) last; on PostgreSQL, a cash-like payment of a kind whose fulfilment joins a statement (a sale) is
   * one statement and no transaction. The answer is built from what was written (RETURNING), not read again.
   */
  private async payAtOnce<Order extends PayableOrder, Line extends PayableLine>(
    kind: PayableKind<Order, Line>,
    s: UserSession,
    order: Order,
    plan: PayPlan<Line>,
  ): Promise<PayResult> {
    const { db, repo, charges } = this.deps;
    const ctx: PayContext<Order> = { tenantId: s.tenantId, userId: s.userId, order, actor: s, times: plan.parts.find((p) => p.times)?.times };
    const nowIso = iso(this.deps.clock.now());
    const cards = plan.parts
      .filter((p) => p.cardId !== null)
      .map((p) => ({ cardId: p.cardId!, amount: p.times?.total ?? p.moneyFen, itemId: p.times?.itemId ?? kind.cardItem?.(order) }));
    const set = { nowIso, priceFen: plan.totalFen, payMode: plan.mode, memberId: plan.memberId, remark: plan.remark };
    // Cash-like methods only (their channel answers paid without a call): the claim, the records and the
    // audit entry in one statement; with the kind's fulfilment too where it can join it (a sale's stock),
    // and then the payment needs no transaction at all.
    const cashLike = repo.claimsInOneStatement && !cards.length && plan.parts.every((p) => !p.channel?.remote);
    const claimInOneStatement = async (executor: Executor, fulfilment?: (after: string) => StatementPart) => {
      const records = (attempt: number) => plan.parts.map((p) => recordOf(kind, ctx, attempt, p, 'P', nowIso));
      const entry = this.deps.audit.entry(s, paidChange(kind, order, plan.totalFen, records(0)));
      const done = await repo.claimWithRecords(executor, kind, s.tenantId, order.id, set, records, entry, fulfilment);
      if (done === null) throw TAKEN;
      return { ...done, consumed: new Map<number, { id: number; balance_after: number }>() };
    };
    const inTransaction = () =>
      db.transaction().execute(async (trx) => {
        if (cashLike) {
          const done = await claimInOneStatement(trx);
          await kind.fulfil(trx, ctx, plan.lines, done.claimed.price_pay_fen);
          return done;
        }
        const claimed = await repo.markPaid(trx, kind, s.tenantId, order.id, set);
        if (claimed === null) throw TAKEN;
        const consumed = await charges.charge(trx, kind, ctx, cards);
        const records = [];
        for (const p of plan.parts) {
          if (p.channel) {
            const answer = await p.channel.pay({
              tenantId: s.tenantId,
              orderNo: outTradeNo(kind, s.tenantId, order.id, claimed.pay_attempt),
              amountFen: p.moneyFen,
              authCode: p.authCode,
            });
            if (answer.state !== 'PAID') throw new BizError(Code.PAY_FAILED, Msg.payFailed);
          }
          records.push(recordOf(kind, ctx, claimed.pay_attempt, p, 'P', nowIso, p.cardId ? { consume_id: consumed.get(p.cardId)?.id } : {}));
        }
        const written = await repo.insertRecords(trx, records);
        await this.deps.audit.record(trx, s, paidChange(kind, order, plan.totalFen, written));
        await kind.fulfil(trx, ctx, plan.lines, claimed.price_pay_fen);
        return { claimed, written, consumed };
      });
    let paid;
    try {
      paid = await (cashLike && kind.fulfilPart ? claimInOneStatement(db, (after) => kind.fulfilPart!(ctx, plan.lines, after)) : inTransaction());
    } catch (error) {
      if (error === TAKEN) return this.answerTakenOrder(kind, s.tenantId, order.id);
      throw kind.refusal?.(error) ?? error;
    }
    const cardNos = new Map(plan.parts.map((p) => [p.cardId, p.cardNo ?? null]));
    return {
      orderId: order.id,
      orderState: paid.claimed.order_state,
      payState: paid.claimed.pay_state,
      pricePay: fenToYuan(paid.claimed.price_pay_fen),
      payRecords: paid.written.map((r) =>
        toPayRecord({ ...r, card_no: cardNos.get(r.card_id) ?? null, balance_after: r.card_id ? (paid.consumed.get(r.card_id)?.balance_after ?? null) : null }),
      ),
    };
  }

  /**
   * Pays an order with the member's cards only: cards in the order given, each up to its balance and at
   * its own discount, until the order is settled (member/card/payWithOrder).
   */
  async payWithCards<Order extends PayableOrder, Line extends PayableLine>(
    kind: PayableKind<Order, Line>,
    s: UserSession,
    b: { orderId: number; memberId?: number | null; cardIds: number[] },
  ): Promise<PayResult> {
    const order = await this.orderOfUser(kind, s, b.orderId);
    if (order.pay_state === 'P') return this.payResult(kind, s.tenantId, order.id);
    const cards = await this.deps.cards.byIds(s.tenantId, b.cardIds);
    if (cards.some((c) => !kind.cardPayTypes.includes(c.payType))) throw refuse(kind.cardRefusal);
    const split = cardDiscount.splitOverCards(
      listTotalFen(await kind.lines(s.tenantId, order.id)),
      cards.map((c) => ({ balanceFen: yuanToFen(c.balance), perMille: cardPerMille(kind, c) })),
    );
    if (split.restFen > 0) throw new BizError(Code.PAY_FAILED, Msg.cardBalanceShort);
    const parts: payment.PayRequest['payDetails'] = cards
      .map((card, i) => ({ payMode: payment.CARD_PAY, payType: card.payType, authCode: String(card.cardId), money: fenToYuan(split.cardFen[i]) }))
      .filter((_, i) => split.cardFen[i] > 0);
    const money = fenToYuan(split.dueFen);
    const body: payment.PayRequest =
      parts.length === 1
        ? { ...parts[0], orderId: order.id, memberId: b.memberId, money }
        : { payMode: payment.COMPOSE_PAY, orderId: order.id, memberId: b.memberId, money, payDetails: parts };
    return this.pay(kind, s, body);
  }

  /**
   * Settles an order without taking money now: its list total goes on an account (a wristband,
   * 手牌挂账) that `book` writes inside the payment's transaction, before the kind's fulfilment; a
   * refusal there rolls the whole payment back. One pay record of the account's mode; a paid order
   * answers its paid result and books nothing again.
   */
  async payOnAccount<Order extends PayableOrder, Line extends PayableLine>(
    kind: PayableKind<Order, Line>,
    s: UserSession,
    orderId: number,
    account: { payMode: string; payName: string },
    book: (trx: Transaction<Database>, order: Order, totalFen: number, lines: Line[]) => Promise<void>,
  ): Promise<PayResult> {
    const { db, repo } = this.deps;
    const order = await this.orderOfUser(kind, s, orderId);
    if (order.pay_state === 'P') return this.payResult(kind, s.tenantId, order.id);
    if (order.pay_state !== 'U' && order.pay_state !== 'F') throw refuse('订单已关闭，不能支付');
    const lines = await kind.lines(s.tenantId, order.id);
    const totalFen = listTotalFen(lines);
    const ctx: PayContext<Order> = { tenantId: s.tenantId, userId: s.userId, order, actor: s };
    const nowIso = iso(this.deps.clock.now());
    const part: PlannedPart = { payMode: account.payMode, payName: account.payName, payType: null, cardId: null, moneyFen: totalFen };
    let paid;
    try {
      paid = await db.transaction().execute(async (trx) => {
        const claimed = await repo.markPaid(trx, kind, s.tenantId, order.id, { nowIso, priceFen: totalFen, payMode: account.payMode });
        if (claimed === null) throw TAKEN;
        const written = await repo.insertRecords(trx, [recordOf(kind, ctx, claimed.pay_attempt, part, 'P', nowIso)]);
        await this.deps.audit.record(trx, s, paidChange(kind, order, totalFen, written));
        await book(trx, order, totalFen, lines);
        await kind.fulfil(trx, ctx, lines, claimed.price_pay_fen);
        return { claimed, written };
      });
    } catch (error) {
      if (error === TAKEN) return this.answerTakenOrder(kind, s.tenantId, order.id);
      throw error;
    }
    return {
      orderId: order.id,
      orderState: paid.claimed.order_state,
      payState: paid.claimed.pay_state,
      pricePay: fenToYuan(paid.claimed.price_pay_fen),
      payRecords: paid.written.map((r) => toPayRecord({ ...r, card_no: null, balance_after: null })),
    };
  }

  /**
   * The background job (jobs.ts): orders of `kind` whose channel result stayed unknown (605) are asked
   * again without waiting for the cashier, on behalf of the cashier who took the payment: paid, the order
   * completes; failed, or cancelled after the channel's wait, the attempt closes. Answers how many moved.
   */
  async settlePending(kind: PayableKind<PayableOrder, PayableLine>, limit = 50): Promise<number> {
    const flow = new ChannelPayFlow(this.deps, kind, this.answers(kind));
    let moved = 0;
    for (const row of await this.deps.repo.pendingOrders(kind, iso(this.deps.clock.now()), limit)) {
      const order = await kind.find(row.tenant_id, row.id);
      if (order?.pay_state !== 'N') continue;
      const taker = await this.deps.repo.attemptTaker(kind, row.tenant_id, row.id);
      const actor = { tenantId: row.tenant_id, userId: taker?.created_by ?? 0, username: taker?.username ?? '系统' };
      try {
        await flow.settle(actor, order);
        moved++;
      } catch (error) {
        if (!(error instanceof BizError)) throw error;
        if (error.code !== Code.PAY_UNKNOWN) moved++;
      }
    }
    return moved;
  }

  /** Pay records of orders of the kind, with the card number and the card balance after the charge. */
  records(kind: Pick<PayableKind, 'orderType'>, tenantId: number, orderIds: number[]) {
    return this.deps.repo.records(kind, tenantId, orderIds);
  }

  /** The answer of a payment: the order's states and amount and the parts paid. */
  async payResult(kind: PayableKind<PayableOrder, PayableLine>, tenantId: number, orderId: number): Promise<PayResult> {
    const order = await kind.find(tenantId, orderId);
    if (!order) throw notFound(kind.notFoundMessage);
    const records = await this.deps.repo.records(kind, tenantId, [orderId]);
    return {
      orderId,
      orderState: order.order_state,
      payState: order.pay_state,
      pricePay: fenToYuan(order.price_pay_fen),
      payRecords: records.filter((r) => r.state === 'P').map(toPayRecord),
    };
  }

  /**
   * The answer when another request changed the order first: paid (the paid result, nothing charged
   * again), or still being paid through a channel (605: click pay again later).
   */
  async answerTakenOrder(kind: PayableKind<PayableOrder, PayableLine>, tenantId: number, orderId: number): Promise<PayResult> {
    const order = await kind.find(tenantId, orderId);
    if (order?.pay_state === 'P') return this.payResult(kind, tenantId, orderId);
    if (order?.pay_state === 'N') throw new BizError(Code.PAY_UNKNOWN, '订单正在支付中，请稍后重新点击支付按钮');
    // Closed (unpaid too long, or by hand) while this payment was being planned: the same words as above.
    if (order?.pay_state === 'C') throw refuse('订单已关闭，不能支付');
    throw refuse('订单状态已变化，请重新收款');
  }

  private answers(kind: PayableKind<PayableOrder, PayableLine>): PayAnswers<PayResult> {
    return { paid: (t, o) => this.payResult(kind, t, o), taken: (t, o) => this.answerTakenOrder(kind, t, o) };
  }
}
