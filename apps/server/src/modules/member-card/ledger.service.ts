import { cardCeilingMsg, Code, type BodyOut, type member, type QueryOut, Msg, chinaText, chinaToIso } from '@venue/contract';
import type { Kysely, Transaction } from 'kysely';
import type { ConsumeKind, Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { assertVenue, inUserVenues, type Session, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VenueService } from '../venue/venue.service.ts';
import {
  effectiveState,
  orderRefundedMsg,
  refundedByOrder,
  STATE_MESSAGES,
  STATE_UNUSABLE,
  toCard,
  toConsume,
  unitsOut,
  type CardRow,
  type ConsumeRow,
} from './card.mapper.ts';
import type { CardRepository } from './card.repository.ts';
import { cardNotFound } from './card.service.ts';
import type { ConsumeFilter, LedgerRepository } from './ledger.repository.ts';
import type { MemberRepository } from './member.repository.ts';

export interface ChargeInput {
  tenantId: number;
  cardId: number;
  /** Positive: fen for M cards, times for T cards; ignored (0) for D cards, whose use is recorded without value. */
  amount: number;
  orderType: string;
  orderId: number;
  userId: number | null;
  remark?: string;
  venueId?: number | null;
  /** When given, the card type must cover this sports item. */
  itemId?: number;
}
export interface RefundInput {
  tenantId: number;
  consumeId: number;
  userId: number | null;
  remark?: string;
}

export interface OrderRefundInput {
  tenantId: number;
  /** The CONSUME row of the order's card payment that the money goes back against. */
  consumeId: number;
  /** Fen (M cards) or times (T cards) going back, at most what the row charged. */
  amount: number;
  userId: number | null;
  remark?: string;
}

const payFailed = (msg: string) => new BizError(Code.PAY_FAILED, msg);
const CLOSED_CARD = '该卡已退卡或已换卡，不能退回卡内';
const DEPOSITS: ReadonlySet<ConsumeKind> = new Set(['OPEN', 'RECHARGE', 'IMPORT']);

/** Card balances and times: charges, refunds, the ledger and its summaries. */
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly cards: CardRepository,
    private readonly members: MemberRepository,
    private readonly venues: VenueService,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** Refuses (606, Chinese msg) a card that cannot pay now. */
  private async assertCanPay(trx: Transaction<Database>, card: CardRow, nowIso: string, itemId?: number) {
    const state = effectiveState(card.state, card.use_end, nowIso);
    if (state !== 'A' && state !== 'B') throw payFailed(STATE_MESSAGES[state] ?? STATE_UNUSABLE);
    if (card.is_opened !== 'T') throw payFailed('该卡尚未开卡，请先开卡');
    if (card.use_begin && card.use_begin > nowIso) throw payFailed('该卡尚未到有效期开始时间');
    if (itemId && !(await this.members.typeCovers(trx, card.card_type_id, itemId))) throw payFailed('该会员卡不适用于当前项目');
  }

  /**
   * Charges a card inside the caller's transaction (the cashier's payment): checks the card, takes the
   * amount with a conditional update that cannot go below zero, and writes the CONSUME row. Throws
   * BizError 606 (nothing changed) for a card that is not A/B, not opened, expired, not covering the
   * item, or short of balance. Answers the ledger row.
   */
  async chargeCard(trx: Transaction<Database>, input: ChargeInput): Promise<ConsumeRow> {
    const nowIso = iso(this.clock.now());
    const card = await this.cards.find(input.tenantId, input.cardId, trx);
    if (!card) throw cardNotFound();
    await this.assertCanPay(trx, card, nowIso, input.itemId);
    const amount = card.pay_type === 'D' ? 0 : input.amount;
    if (!Number.isInteger(amount) || amount < 0 || (card.pay_type !== 'D' && amount === 0)) throw payFailed('扣款金额必须为正整数（分或次）');
    const id = await this.ledger.apply(trx, {
      tenantId: input.tenantId,
      cardId: input.cardId,
      amount: -amount,
      kind: 'CONSUME',
      orderType: input.orderType,
      orderId: input.orderId,
      venueId: input.venueId ?? null,
      remark: input.remark,
      userId: input.userId,
      nowIso,
      usableAt: nowIso,
    });
    if (id === null) {
      const now = await this.cards.find(input.tenantId, input.cardId, trx);
      await this.assertCanPay(trx, now!, nowIso);
      throw payFailed(card.pay_type === 'T' ? '会员卡剩余次数不足' : Msg.cardBalanceShort);
    }
    return (await this.ledger.find(input.tenantId, id, trx))!;
  }

  /**
   * Reverses one CONSUME row inside the caller's transaction, once: a second refund, even racing the
   * first, is refused by the unique refund_of constraint (BizError -2000, and the caller's transaction
   * must roll back). Answers the REFUND row.
   */
  async refundConsume(trx: Transaction<Database>, input: RefundInput): Promise<ConsumeRow> {
    const consume = await this.ledger.find(input.tenantId, input.consumeId, trx);
    if (!consume) throw notFound('消费记录不存在');
    if (consume.kind !== 'CONSUME') throw refuse('只有消费记录可以退款');
    if (refundedByOrder(consume)) {
      // Money never moves without its order: the order's refund also returns the goods and updates its pay state.
      throw new BizError(400, orderRefundedMsg(consume), 400);
    }
    if (consume.refunded_by !== null) throw new BizError(Code.REPEAT, '该消费记录已退款');
    const card = await this.cards.find(input.tenantId, consume.card_id, trx);
    if (card?.state === 'R' || card?.state === 'C') throw refuse(CLOSED_CARD);
    const id = await this.ledger
      .apply(trx, {
        tenantId: input.tenantId,
        cardId: consume.card_id,
        amount: -consume.amount,
        kind: 'REFUND',
        orderType: consume.order_type,
        orderId: consume.order_id,
        venueId: consume.venue_id,
        refundOf: consume.id,
        remark: input.remark,
        userId: input.userId,
        nowIso: iso(this.clock.now()),
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new BizError(Code.REPEAT, '该消费记录已退款');
        throw error;
      });
    if (id === null) throw refuse(cardCeilingMsg(consume.pay_type, '退款'));
    return (await this.ledger.find(input.tenantId, id, trx))!;
  }

  /**
   * An order's refund of (part of) its card payment, inside the order's refund transaction: puts
   * `amount` back on the card as a REFUND row against the order (the ledger still sums to the
   * balance). The order keeps count of how much of each consume it has given back; this refuses more
   * than the row charged, and a card returned or replaced (400). Answers the REFUND row.
   */
  async refundOrderCharge(trx: Transaction<Database>, input: OrderRefundInput): Promise<ConsumeRow> {
    const consume = await this.ledger.find(input.tenantId, input.consumeId, trx);
    if (!consume || consume.kind !== 'CONSUME') throw notFound('消费记录不存在');
    if (consume.refunded_by !== null) throw new BizError(Code.REPEAT, '该消费记录已退款');
    if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > -consume.amount)
      throw new BizError(400, '退回卡内的金额超过该卡的消费金额', 400);
    const card = await this.cards.find(input.tenantId, consume.card_id, trx);
    if (card?.state === 'R' || card?.state === 'C') throw new BizError(400, `${CLOSED_CARD}（卡号 ${card.card_no}），请选择其他方式退款`, 400);
    const id = await this.ledger.apply(trx, {
      tenantId: input.tenantId,
      cardId: consume.card_id,
      amount: input.amount,
      kind: 'REFUND',
      orderType: consume.order_type,
      orderId: consume.order_id,
      venueId: consume.venue_id,
      remark: input.remark,
      userId: input.userId,
      nowIso: iso(this.clock.now()),
    });
    if (id === null) throw new BizError(400, `${cardCeilingMsg(consume.pay_type, '退款')}（卡号 ${consume.card_no}），请选择其他方式退款`, 400);
    return (await this.ledger.find(input.tenantId, id, trx))!;
  }

  /** 消费退回 of one card charge that no order owns (an order's charges go back with the order's refund). */
  async refund(s: UserSession, consumeId: number, remark: string) {
    const row = await this.db.transaction().execute(async (trx) => {
      const back = await this.refundConsume(trx, { tenantId: s.tenantId, consumeId, userId: s.userId, remark });
      await this.audit.record(trx, s, {
        action: 'card.refund',
        target: `会员卡 ${back.card_no}`,
        venueId: back.venue_id,
        before: { balance: unitsOut(back.pay_type, back.balance_after - back.amount) },
        after: { balance: unitsOut(back.pay_type, back.balance_after), refundOf: consumeId, remark },
      });
      return back;
    });
    return toConsume(row);
  }

  private async consumePage(tenantId: number, q: { current: number; size: number }, f: ConsumeFilter) {
    return mapPage(await this.ledger.page(tenantId, f, pageWindow(q)), toConsume);
  }

  private period(q: { beginTime?: string; endTime?: string }) {
    return { beginIso: q.beginTime ? chinaToIso(q.beginTime) : undefined, endIso: q.endTime ? chinaToIso(q.endTime, true) : undefined };
  }

  async consumes(tenantId: number, q: QueryOut<typeof member.queryOrderConsume>) {
    await this.cardRow(tenantId, q.cardId);
    return this.consumePage(tenantId, q, { cardId: q.cardId, kind: q.kind, ...this.period(q) });
  }

  /** The ledger of the tenant; with `viewer`, only rows of its venues (and rows of no venue: opening, recharges). */
  consumesAll(tenantId: number, q: QueryOut<typeof member.queryOrderConsumeAll>, viewer?: Session) {
    if (viewer) assertVenue(viewer, q.venueId);
    const within = viewer && inUserVenues(viewer, 'cc.venue_id', { orNull: true });
    return this.consumePage(tenantId, q, { keyword: q.keyword || undefined, venueId: q.venueId, within, kind: q.kind, ...this.period(q) });
  }

  private async cardRow(tenantId: number, cardId: number) {
    const card = await this.cards.find(tenantId, cardId);
    if (!card) throw cardNotFound();
    return card;
  }

  async printConsume(tenantId: number, consumeId: number, viewer?: Session) {
    const consume = await this.ledger.find(tenantId, consumeId);
    if (!consume) throw notFound('消费记录不存在');
    if (viewer) assertVenue(viewer, consume.venue_id);
    const card = await this.cardRow(tenantId, consume.card_id);
    const venueId = consume.venue_id ?? card.venue_id;
    const venue = venueId ? await this.venues.findVenue(tenantId, venueId) : undefined;
    const now = this.clock.now();
    return { consume: toConsume(consume), card: toCard(card, iso(now)), venueName: venue?.name ?? '', printTime: chinaText(now) };
  }

  async cardSummary(tenantId: number, cardId: number) {
    const card = await this.cardRow(tenantId, cardId);
    const totals = await this.ledger.totalsByKind(tenantId, cardId);
    const sum = (pick: (kind: ConsumeKind) => boolean) => totals.filter((t) => pick(t.kind)).reduce((s, t) => s + Number(t.amount), 0);
    const units = (stored: number) => unitsOut(card.pay_type, stored);
    return {
      cardId,
      balance: units(card.balance),
      totalRecharge: units(sum((k) => DEPOSITS.has(k))),
      totalConsume: units(-sum((k) => k === 'CONSUME')),
      totalRefund: units(sum((k) => k === 'REFUND')),
      consumeCount: Number(totals.find((t) => t.kind === 'CONSUME')?.count ?? 0),
    };
  }

  /** Totals by card type; with `viewer`, of the cards of its venues and of every venue. */
  async summaryAll(tenantId: number, venueId?: number, viewer?: Session) {
    if (viewer) assertVenue(viewer, venueId);
    const { cards, ledger } = await this.ledger.totalsByType(tenantId, venueId, viewer && inUserVenues(viewer, 'c.venue_id', { orNull: true }));
    return cards.map((t) => {
      const sum = (pick: (kind: ConsumeKind) => boolean) =>
        ledger.filter((l) => l.card_type_id === t.id && pick(l.kind)).reduce((s, l) => s + Number(l.amount), 0);
      const units = (stored: number) => unitsOut(t.pay_type, stored);
      return {
        cardTypeId: t.id,
        cardTypeName: t.name,
        payType: t.pay_type,
        cardCount: Number(t.card_count),
        balance: units(Number(t.balance ?? 0)),
        totalRecharge: units(sum((k) => DEPOSITS.has(k))),
        totalConsume: units(-sum((k) => k === 'CONSUME')),
        totalRefund: units(sum((k) => k === 'REFUND')),
      };
    });
  }

  /** The ledger summed by day; with `viewer`, of its venues' rows (and rows of no venue). */
  async consumeSummary(tenantId: number, b: BodyOut<typeof member.queryCardConsumeSummary>, viewer?: Session) {
    if (viewer) assertVenue(viewer, b.venueId);
    const within = viewer && inUserVenues(viewer, 'cc.venue_id', { orNull: true });
    const rows = await this.ledger.summaryByDay(tenantId, chinaToIso(b.beginTime), chinaToIso(b.endTime, true), b.venueId, within);
    return rows.map((r) => ({
      day: r.day,
      cardTypeName: r.type_name,
      payType: r.pay_type,
      kind: r.kind,
      count: Number(r.count),
      amount: unitsOut(r.pay_type, Number(r.amount)),
    }));
  }
}
