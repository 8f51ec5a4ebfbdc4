import { Code, fenToYuan, type Card, type member, type QueryOut, chinaToIso } from '@venue/contract';
import type { Readable } from 'node:stream';
import type { Executor } from '../../db/database.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, isUniqueViolation, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import { CARD_NOT_FOUND, validityEnd, discountOut, effectiveState, STATE_MESSAGES, STATE_UNUSABLE, toCard, unitsOut, type CardRow } from './card.mapper.ts';
import type { CardFilter, CardRepository } from './card.repository.ts';
import { cardsXlsx } from './card-xlsx.ts';
import type { MemberRepository } from './member.repository.ts';
import { maskPersonal } from '../../lib/personal.ts';
import { assertVenue, inUserVenues, seesPersonalData, type Session } from '../../plugins/session.ts';

export type CardQuery = QueryOut<typeof member.all>;

export const cardNotFound = () => new BizError(Code.CARD_LOOKUP_FAILED, CARD_NOT_FOUND);

/** The search fields of member/card/all (and of its export) as a repository filter. */
export const cardFilterOf = (q: Omit<CardQuery, 'current' | 'size' | 'page'>): CardFilter => ({
  cardNoOrId: q.cardNoOrId || undefined,
  memberName: q.memberName || undefined,
  phone: q.phone || undefined,
  blurryKeyword: q.blurryKeyword || undefined,
  isPhyCard: q.isPhyCard,
  venueId: q.venueId,
  state: q.state,
  cardTypeId: q.cardTypeId,
});

/** A list's filter within the viewer's venues: its venue filter checked (403, 510), cards of other venues left out. */
function scoped(filter: CardFilter, viewer?: Session): CardFilter {
  if (!viewer) return filter;
  assertVenue(viewer, filter.venueId);
  return { ...filter, within: inUserVenues(viewer, 'c.venue_id', { orNull: true }) };
}

/** Card lookups, search and card administration (open, bind, remark, extend). Balances change only in LedgerService. */
export class CardService {
  constructor(
    private readonly cards: CardRepository,
    private readonly members: MemberRepository,
    private readonly clock: Clock,
    /** Writes a card's gate access to the controllers after it changes (issue 20). */
    private readonly gateAccess: { syncCards(tenantId: number, cardIds: number[]): Promise<void> },
  ) {}

  private now() {
    return iso(this.clock.now());
  }

  /** With `viewer`: a venue filter must be one of its venues, and cards of other venues are not listed. */
  async page(tenantId: number, q: CardQuery, viewer?: Session) {
    const now = this.now();
    return mapPage(await this.cards.page(tenantId, scoped(cardFilterOf(q), viewer), now, pageWindow(q)), (r) => toCard(r, now));
  }

  /** Count and period cards by end date that can be extended (not lost, returned, blacklisted…), for extending many at once. */
  async forBatchExtension(tenantId: number, q: QueryOut<typeof member.allForBatchExtension>) {
    const now = this.now();
    const filter: CardFilter = {
      payTypes: ['T', 'D'],
      cardTypeId: q.cardTypeId,
      endBefore: q.endBefore ? chinaToIso(q.endBefore, true) : '9999',
      extendable: true,
    };
    return mapPage(await this.cards.page(tenantId, filter, now, pageWindow(q), 'use_end'), (r) => toCard(r, now));
  }

  /** The member's cards that can pay now, of the pay types asked, covering the item when one is given. */
  async forPay(tenantId: number, q: QueryOut<typeof member.allForPay>, viewer?: Session) {
    if (viewer) assertVenue(viewer, q.venueId);
    const payTypes = q.payTypes
      .split(',')
      .map((t) => t.trim())
      .filter((t) => ['M', 'T', 'D'].includes(t));
    const rows = await this.cards.list(
      tenantId,
      {
        memberId: q.memberId,
        payTypes,
        usable: true,
        itemId: q.itemId,
        venueId: q.venueId,
        cardTypeId: q.cardTypeId,
      },
      this.now(),
    );
    return rows.map((r) => ({
      cardId: r.id,
      cardNo: r.card_no,
      payType: r.pay_type,
      cardTypeName: r.type_name,
      useEndTime: r.use_end,
      balance: unitsOut(r.pay_type, r.balance),
      discountable: r.discountable === 1,
      discount: discountOut(r.discountable, r.discount),
      sourceType: 'card' as const,
    }));
  }

  /** Every card matching the search fields of member/card/all, as an .xlsx stream; phones masked as member/card/all masks them. */
  exportCards(tenantId: number, q: Omit<CardQuery, 'current' | 'size' | 'page'>, viewer: Session): Readable {
    const now = this.now();
    const batches = this.cards.batches(tenantId, scoped(cardFilterOf(q), viewer), now);
    const shown = seesPersonalData(viewer) ? (card: Card) => card : maskPersonal;
    return cardsXlsx(
      (async function* () {
        for await (const rows of batches) yield rows.map((r) => shown(toCard(r, now)));
      })(),
    );
  }

  /** The stored row (in a transaction when given): for another module's change inside its own transaction. */
  row(tenantId: number, cardId: number, db?: Executor) {
    return this.cards.find(tenantId, cardId, db);
  }

  async get(tenantId: number, cardId: number): Promise<Card> {
    const row = await this.cards.find(tenantId, cardId);
    if (!row) throw cardNotFound();
    return toCard(row, this.now());
  }

  /** A scan or a typed code: card number, physical card id or card id; 438 找不到会员信息 when none. */
  async byCode(tenantId: number, code: string, withPhysical = true): Promise<Card> {
    const row = await this.cards.findByCode(tenantId, code.trim(), withPhysical);
    if (!row) throw cardNotFound();
    return toCard(row, this.now());
  }

  async byIds(tenantId: number, ids: number[]) {
    const now = this.now();
    const rows = await this.cards.list(tenantId, { cardIds: [...new Set(ids)].slice(0, 500) }, now);
    return ids
      .map((id) => rows.find((r) => r.id === id))
      .filter((r): r is CardRow => !!r)
      .map((r) => toCard(r, now));
  }

  /**
   * Opens (activates) a card: only an unopened card in state A. A card type with a validity starts it
   * now unless the card already has dates.
   */
  async open(tenantId: number, cardId: number): Promise<Card> {
    const row = await this.cards.find(tenantId, cardId);
    if (!row) throw cardNotFound();
    const now = this.clock.now();
    const state = effectiveState(row.state, row.use_end, iso(now));
    if (row.is_opened === 'T') throw refuse('该卡已开卡，无需重复开卡');
    if (state !== 'A') throw refuse(STATE_MESSAGES[state] ?? STATE_UNUSABLE);
    const end = validityEnd(iso(now), row.valid_days, row.valid_months);
    if (!(await this.cards.open(tenantId, cardId, iso(now), end))) throw refuse('该卡已开卡，无需重复开卡');
    await this.gateAccess.syncCards(tenantId, [cardId]);
    return this.get(tenantId, cardId);
  }

  async bind(tenantId: number, cardId: number, phyCardId: string): Promise<Card> {
    const card = await this.get(tenantId, cardId);
    if (card.state === 'R' || card.state === 'C') throw refuse(STATE_MESSAGES[card.state]!);
    const owner = await this.cards.physicalOwner(tenantId, phyCardId);
    if (owner && owner.id !== cardId) throw new BizError(Code.EXISTS, `该实体卡已绑定会员卡 ${owner.card_no}`);
    const sameNumber = await this.cards.findByCode(tenantId, phyCardId, false);
    if (sameNumber && sameNumber.id !== cardId && sameNumber.card_no === phyCardId) throw new BizError(Code.EXISTS, '该实体卡号与其他会员卡的卡号相同');
    await this.cards.setPhysical(tenantId, cardId, phyCardId).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new BizError(Code.EXISTS, '该实体卡已绑定其他会员卡');
      throw error;
    });
    await this.gateAccess.syncCards(tenantId, [cardId]);
    return this.get(tenantId, cardId);
  }

  async remark(tenantId: number, cardId: number, remark: string): Promise<Card> {
    await this.get(tenantId, cardId);
    await this.cards.setRemark(tenantId, cardId, remark.trim());
    return this.get(tenantId, cardId);
  }

  async cardTypes(tenantId: number) {
    return (await this.members.cardTypes(tenantId)).map((t) => ({
      cardTypeId: t.id,
      cardTypeName: t.name,
      payType: t.pay_type,
      price: fenToYuan(t.price_fen),
      validDays: t.valid_days,
      times: t.times,
      discountable: t.discountable === 1,
      discount: discountOut(t.discountable, t.discount),
      itemIds: t.itemIds,
      state: t.state,
      extendDayPrice: fenToYuan(t.extend_day_fen),
      replaceFee: fenToYuan(t.replace_fee_fen),
    }));
  }

  async member(tenantId: number, memberId: number) {
    const m = await this.members.member(tenantId, memberId);
    if (!m) throw cardNotFound();
    return {
      memberId: m.id,
      memberName: m.name,
      phone: m.phone,
      idNumber: m.id_number,
      photo: m.photo,
      memberTypeName: m.member_type_name,
      source: m.source,
      family: m.family.map((f) => ({ familyId: f.id, name: f.name, relation: f.relation, phone: f.phone })),
      blacklist: m.blacklist.map((b) => ({ ruleType: b.rule_type, reason: b.reason, createTime: b.created_at })),
    };
  }
}
