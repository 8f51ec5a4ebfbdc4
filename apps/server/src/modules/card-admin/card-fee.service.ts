import { fenToYuan, member, type BodyOut } from '@venue/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import { cardNotFound } from '../member-card/card.service.ts';
import { effectiveState, STATE_MESSAGES, STATE_UNUSABLE } from '../member-card/card.mapper.ts';
import type { CardFeeRepository } from './card-fee.repository.ts';
import { logCardState, moveCard } from './card-rules.repository.ts';

const NOT_FOUND = '延期补卡订单不存在';
const DAY_MS = 24 * 3600_000;
type Actor = AuditActor & { userId: number };
type FeeOrder = Awaited<ReturnType<CardFeeService['find']>> & object;

/**
 * 延期 (one count or period card, or many: the batch extension) and 补卡 with a fee. What costs nothing
 * changes the cards at once; otherwise a fee order waits for the 收款 dialog and the payment's
 * transaction changes them (fulfil). Every change leaves a card_state_log row and an audit entry; a
 * stored E card extended past now is A again.
 */
export class CardFeeService {
  constructor(
    private readonly repo: CardFeeRepository,
    private readonly memberCards: MemberCardServices,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly gateAccess: { syncCards(tenantId: number, cardIds: number[]): Promise<void> },
  ) {}

  private now() {
    return iso(this.clock.now());
  }

  find(tenantId: number, id: number, db?: Executor) {
    return this.repo.find(tenantId, id, db);
  }

  async get(s: UserSession, id: number) {
    const o = await this.repo.detail(s.tenantId, id);
    if (!o) throw notFound(NOT_FOUND);
    assertVenue(s, o.venue_id);
    const cards = await this.repo.orderCards(s.tenantId, id);
    return {
      orderId: o.id,
      kind: o.kind,
      orderState: o.order_state,
      payState: o.pay_state,
      pricePay: fenToYuan(o.price_pay_fen),
      cardNo: o.card_no,
      cardCount: o.card_count,
      days: o.days,
      newCardNo: o.new_card_no,
      memberName: o.member_name ?? '',
      cards: cards.map((c) => ({ cardId: c.id, cardNo: c.card_no, cardTypeName: c.name, useEndTime: c.use_end, fee: fenToYuan(c.fee_fen) })),
      createTime: o.created_at,
      paidTime: o.paid_at,
      createName: o.create_name,
      venueName: o.venue_name,
    };
  }

  /** The cards to extend with their fee: the tenant's, count or period, opened (an end date), not closed. */
  private async extendable(s: UserSession, ids: number[], days: number) {
    const unique = [...new Set(ids)];
    const rows = await this.repo.cardsWithType(s.tenantId, unique);
    if (rows.length !== unique.length) throw cardNotFound();
    const now = this.now();
    for (const r of rows) {
      assertVenue(s, r.venue_id);
      if (r.pay_type === 'M') throw refuse(`会员卡 ${r.card_no} 是储值卡，不能延期`);
      if (r.use_end === null) throw refuse(`会员卡 ${r.card_no} 尚未开卡，不能延期`);
      const state = effectiveState(r.state, r.use_end, now);
      if (!(member.EXTENDABLE_CARD_STATES as readonly string[]).includes(r.state))
        throw refuse(`会员卡 ${r.card_no}：${STATE_MESSAGES[state] ?? STATE_UNUSABLE}`);
    }
    return rows.map((r) => ({ ...r, fee: r.extend_day_fen * days }));
  }

  /** Adds `days` to each card's end date inside `trx`; a stored E whose new end is after now becomes A. Answers how many moved. */
  async extendWithin(trx: Transaction<Database>, who: Actor, ids: number[], days: number, remark: string) {
    const now = this.now();
    let extended = 0;
    const rows = await this.repo.cards(who.tenantId, ids, trx);
    for (const r of rows) {
      if (r.use_end === null || !['A', 'B', 'E'].includes(r.state)) throw refuse(`会员卡 ${r.card_no} 当前不能延期`);
      const end = new Date(Date.parse(r.use_end) + days * DAY_MS).toISOString();
      const to = r.state === 'E' && end > now ? 'A' : r.state;
      if (!(await moveCard(trx, r.id, r, { state: to, use_end: end }))) throw refuse(`会员卡 ${r.card_no} 刚被修改，请重试`);
      await logCardState(trx, {
        tenant_id: who.tenantId,
        card_id: r.id,
        action: 'EXTEND',
        from_state: r.state,
        to_state: to,
        new_card_id: null,
        amount: days,
        route: null,
        remark: remark || `延期${days}天，至 ${end.slice(0, 10)}`,
        created_by: who.userId,
        created_at: now,
      });
      await this.audit.record(trx, who, {
        action: 'card.extend',
        target: `会员卡 ${r.card_no}`,
        venueId: r.venue_id,
        before: { state: r.state, useEndTime: r.use_end },
        after: { state: to, useEndTime: end, days },
      });
      extended++;
    }
    return extended;
  }

  private orderBase(s: UserSession, venueId: number, priceFen: number, remark: string | undefined) {
    return {
      tenant_id: s.tenantId,
      venue_id: venueId,
      order_state: 'P' as const,
      pay_state: 'U' as const,
      price_pay_fen: priceFen,
      pay_mode: null,
      pay_lock: null,
      pay_lock_until: null,
      remark: remark ?? '',
      paid_at: null,
      created_by: s.userId,
      created_at: this.now(),
    };
  }

  /** 延期 of one card (createExtendOrder) or many (batchExtend). */
  async extend(s: UserSession, ids: number[], days: number, venueId: number | undefined, remark: string | undefined) {
    if (venueId) assertVenue(s, venueId);
    const cards = await this.extendable(s, ids, days);
    const total = cards.reduce((sum, c) => sum + c.fee, 0);
    if (total === 0) {
      const extended = await this.repo.transaction((trx) =>
        this.extendWithin(
          trx,
          s,
          cards.map((c) => c.id),
          days,
          remark ?? '',
        ),
      );
      await this.gateAccess.syncCards(
        s.tenantId,
        cards.map((c) => c.id),
      );
      return { order: null, extended, newCardNo: null };
    }
    if (!venueId) throw refuse('请选择场馆');
    const members = new Set(cards.map((c) => c.member_id));
    const id = await this.repo.insertOrder(
      {
        ...this.orderBase(s, venueId, total, remark),
        member_id: members.size === 1 ? cards[0].member_id : null,
        kind: 'EXTEND',
        card_no: cards[0].card_no,
        card_count: cards.length,
        days,
        new_card_no: null,
        phy_card_id: null,
      },
      cards,
    );
    return { order: await this.get(s, id), extended: 0, newCardNo: null };
  }

  /** 补卡: without a fee at once (member/card/replaceCard's way); with one, an order paid through 收款. */
  async replace(s: UserSession, b: BodyOut<typeof member.createReplaceOrder>) {
    assertVenue(s, b.venueId);
    const card = await this.memberCards.cards.get(s.tenantId, b.cardId);
    if (card.venueId !== null) assertVenue(s, card.venueId);
    const type = await this.repo.replaceFee(card.cardTypeId);
    const life = this.memberCards.life;
    if (type.replace_fee_fen === 0) {
      const log = await life.replace(s, { cardId: b.cardId, newCardNo: b.newCardNo, phyCardId: b.phyCardId, remark: b.remark });
      return { order: null, extended: 0, newCardNo: log.newCardNo };
    }
    if (!['A', 'B', 'L', 'S', 'E'].includes(card.state)) throw refuse(`当前卡状态为${member.CARD_STATE_LABELS[card.state]}，不能补卡`);
    const newNo = b.newCardNo || (await life.newNumber(s.tenantId));
    await life.assertNumberFree(s.tenantId, newNo);
    if (b.phyCardId) await life.assertNumberFree(s.tenantId, b.phyCardId);
    const id = await this.repo.insertOrder(
      {
        ...this.orderBase(s, b.venueId, type.replace_fee_fen, b.remark),
        member_id: card.memberId,
        kind: 'REPLACE',
        card_no: card.cardNo,
        card_count: 1,
        days: 0,
        new_card_no: newNo,
        phy_card_id: b.phyCardId || null,
      },
      [{ id: card.cardId, fee: type.replace_fee_fen }],
    );
    return { order: await this.get(s, id), extended: 0, newCardNo: newNo };
  }

  /** The paid order's change, inside the payment's transaction. Answers the cards whose gate access to resend. */
  async fulfil(trx: Transaction<Database>, who: Actor, order: FeeOrder) {
    const ids = await this.repo.cardIds(who.tenantId, order.id, trx);
    if (order.kind === 'EXTEND') {
      await this.extendWithin(trx, who, ids, order.days, `延期订单 ${order.id}`);
      return;
    }
    const card = await this.memberCards.cards.row(who.tenantId, ids[0], trx);
    if (!card) throw cardNotFound();
    await this.memberCards.life.assertNumberFree(who.tenantId, order.new_card_no!, trx);
    if (order.phy_card_id) await this.memberCards.life.assertNumberFree(who.tenantId, order.phy_card_id, trx);
    await this.memberCards.life.replaceWithin(trx, who, card, order.new_card_no!, order.phy_card_id, `补卡订单 ${order.id}`);
  }

  assertFree(tenantId: number, code: string) {
    return this.memberCards.life.assertNumberFree(tenantId, code);
  }

  /** After a paid order: its cards (and a replacement's new card) to the gate controllers. */
  async afterPaid(tenantId: number, orderId: number) {
    const order = await this.find(tenantId, orderId);
    if (!order || order.pay_state !== 'P') return;
    const ids = await this.repo.cardIds(tenantId, orderId);
    if (order.new_card_no) {
      const created = await this.repo.cardIdByNo(tenantId, order.new_card_no);
      if (created) ids.push(created);
    }
    await this.gateAccess.syncCards(tenantId, ids);
  }
}
