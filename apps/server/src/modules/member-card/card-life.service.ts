import { cardCeilingMsg, MAX_CARD_BALANCE_FEN, MAX_CARD_TIMES, member, type BodyOut } from '@venue/contract';
import dayjs from 'dayjs';
import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ConsumeKind, Database } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { alreadyExists, BizError, isUniqueViolation, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import { effectiveState, validityEnd, STATE_MESSAGES, STATE_UNUSABLE, unitsOut } from './card.mapper.ts';
import type { CardRepository } from './card.repository.ts';
import { cardNotFound } from './card.service.ts';
import { insertCard, type CardLifeRepository } from './card-life.repository.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';

type LogRow = Awaited<ReturnType<CardLifeRepository['logs']>>[number];
type Action = keyof typeof member.CARD_ACTION_LABELS;

/** The states a card can be closed (replaced, returned) from. */
const OPEN_STATES = ['A', 'B', 'L', 'S', 'E'] as const;
const NUMBER_TAKEN = '该会员卡号已存在';
/** What the refusal of a card's maximum calls the change that would pass it. */
const CEILING_ACTIONS: Partial<Record<ConsumeKind, string>> = { OPEN: '开卡', RECHARGE: '充值', IMPORT: '导入', REFUND: '退款' };

export interface IssueInput {
  tenantId: number;
  userId: number;
  cardNo: string;
  phyCardId: string | null;
  memberId: number;
  cardTypeId: number;
  venueId: number | null;
  openNow: boolean;
  /** Fen (M) or times (T) the card starts with, bonus included. */
  amount: number;
  validDays: number;
  validMonths: number;
  /** O: the validity starts when the card is opened; S: at the sale, opened or not. */
  validStart: 'O' | 'S';
  orderType: string;
  orderId: number;
  remark: string;
}

/**
 * A card's life after its sale: issuing it (with its OPEN ledger row), top-ups, and its state changes
 * (挂失, 解挂, 停用, 启用, 拉黑, 补卡, 退卡), each in one transaction with its trail row; every balance change
 * is a ledger row, so the ledger of every card still sums to its balance.
 */
export class CardLifeService {
  constructor(
    private readonly repo: CardLifeRepository,
    private readonly cards: CardRepository,
    private readonly ledger: LedgerRepository,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly gateAccess: { syncCards(tenantId: number, cardIds: number[]): Promise<void> },
    private readonly audit: AuditService,
  ) {}

  private now() {
    return iso(this.clock.now());
  }

  /** A card number the tenant does not have yet: 10 digits from the time and chance. */
  async newNumber(tenantId: number, db?: Executor): Promise<string> {
    for (let i = 0; i < 10; i++) {
      const no = `${Date.now() % 100_000_000}`.padStart(8, '0') + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
      if (!(await this.repo.numberTaken(tenantId, no, db))) return no;
    }
    throw refuse('生成卡号失败，请重试');
  }

  /** A sold card's number from its order id (unique by itself): the day, then the id's last six digits; else a random one. */
  async numberForOrder(tenantId: number, orderId: number, db: Executor): Promise<string> {
    const no = dayjs(this.clock.now()).format('YYMMDD') + `${orderId % 1_000_000}`.padStart(6, '0');
    return (await this.repo.numberTaken(tenantId, no, db)) ? this.newNumber(tenantId, db) : no;
  }

  async assertNumberFree(tenantId: number, code: string, db?: Transaction<Database>) {
    if (await this.repo.numberTaken(tenantId, code, db)) throw alreadyExists(NUMBER_TAKEN);
  }

  /** Issues a sold card inside the payment's transaction: the card, then its OPEN row with the value paid for. */
  async issue(trx: Transaction<Database>, i: IssueInput): Promise<number> {
    await this.assertNumberFree(i.tenantId, i.cardNo, trx);
    if (i.phyCardId) await this.assertNumberFree(i.tenantId, i.phyCardId, trx);
    const now = this.now();
    const cardId = await insertCard(trx, {
      tenant_id: i.tenantId,
      card_no: i.cardNo,
      phy_card_id: i.phyCardId,
      member_id: i.memberId,
      card_type_id: i.cardTypeId,
      venue_id: i.venueId,
      is_opened: i.openNow ? 'T' : 'F',
      use_begin: i.openNow || i.validStart === 'S' ? now : null,
      use_end: i.openNow || i.validStart === 'S' ? validityEnd(now, i.validDays, i.validMonths) : null,
      remark: i.remark,
      created_at: now,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw alreadyExists(NUMBER_TAKEN);
      throw error;
    });
    await this.move(trx, i.tenantId, cardId, i.amount, 'OPEN', { orderType: i.orderType, orderId: i.orderId, userId: i.userId, remark: '办卡' });
    return cardId;
  }

  /** A paid top-up inside the payment's transaction: the card must still be usable (not lost, returned…). */
  async recharge(
    trx: Transaction<Database>,
    i: { tenantId: number; userId: number; cardId: number; amount: number; orderType: string; orderId: number; remark: string },
  ) {
    const card = await this.cards.find(i.tenantId, i.cardId, trx);
    if (!card) throw cardNotFound();
    const state = effectiveState(card.state, card.use_end, this.now());
    if (state !== 'A' && state !== 'B') throw refuse(STATE_MESSAGES[state] ?? STATE_UNUSABLE);
    await this.move(trx, i.tenantId, i.cardId, i.amount, 'RECHARGE', i);
  }

  private async move(
    trx: Transaction<Database>,
    tenantId: number,
    cardId: number,
    amount: number,
    kind: ConsumeKind,
    o: { orderType?: string; orderId?: number; userId: number; remark: string },
  ) {
    const id = await this.ledger.apply(trx, {
      tenantId,
      cardId,
      amount,
      kind,
      orderType: o.orderType,
      orderId: o.orderId,
      remark: o.remark,
      userId: o.userId,
      nowIso: this.now(),
    });
    if (id === null) {
      if (amount <= 0) throw new BizError(400, '会员卡余额不足', 400);
      const card = await this.cards.find(tenantId, cardId, trx);
      throw refuse(cardCeilingMsg(card?.pay_type ?? 'M', CEILING_ACTIONS[kind] ?? '充值'));
    }
  }

  /**
   * Before an order that adds `amount` (fen or times) to a card is made or paid: refused (-9000) when
   * the card would pass its maximum. `cardId` null: a card to be issued, starting at nothing.
   */
  async assertRoom(tenantId: number, cardId: number | null, payType: string, amount: number, kind: 'OPEN' | 'RECHARGE', db?: Executor) {
    const balance = cardId === null ? 0 : ((await this.cards.find(tenantId, cardId, db))?.balance ?? 0);
    const max = payType === 'T' ? MAX_CARD_TIMES : payType === 'M' ? MAX_CARD_BALANCE_FEN : Infinity;
    if (balance + amount > max) throw refuse(cardCeilingMsg(payType, CEILING_ACTIONS[kind]!));
  }

  private async cardOf(s: UserSession, cardId: number) {
    const card = await this.cards.find(s.tenantId, cardId);
    if (!card) throw cardNotFound();
    if (card.venue_id !== null) assertVenue(s, card.venue_id);
    return card;
  }

  private refusedFrom(state: string, action: Action) {
    const shown = member.CARD_STATE_LABELS[state as keyof typeof member.CARD_STATE_LABELS] ?? state;
    return refuse(`当前卡状态为${shown}，不能${member.CARD_ACTION_LABELS[action]}`);
  }

  /** 挂失, 解挂, 停用, 启用, 拉黑, 移出黑名单: a rule of CARD_ACTION_RULES, and its trail row. */
  async changeState(s: UserSession, b: BodyOut<typeof member.changeCardState>) {
    const card = await this.cardOf(s, b.cardId);
    const rule = member.CARD_ACTION_RULES[b.action];
    const now = this.now();
    const logId = await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.move(trx, s.tenantId, b.cardId, rule.from, rule.to as never);
      if (!moved) throw this.refusedFrom(effectiveState(card.state, card.use_end, now), b.action);
      await this.audit.record(trx, s, {
        action: 'card.state',
        target: `会员卡 ${card.card_no}`,
        venueId: card.venue_id,
        before: { state: moved.from },
        after: { state: rule.to, action: member.CARD_ACTION_LABELS[b.action], remark: b.remark ?? '' },
      });
      return this.repo.log(trx, {
        tenant_id: s.tenantId,
        card_id: b.cardId,
        action: b.action,
        from_state: moved.from,
        to_state: rule.to,
        new_card_id: null,
        amount: 0,
        route: null,
        remark: b.remark ?? '',
        created_by: s.userId,
        created_at: now,
      });
    });
    await this.gateAccess.syncCards(s.tenantId, [b.cardId]);
    return this.logOf(s.tenantId, logId);
  }

  /** 补卡: a new card of the same member, type and validity carries the balance; the old card becomes C. */
  async replace(s: UserSession, b: BodyOut<typeof member.replaceCard>) {
    const card = await this.cardOf(s, b.cardId);
    const newNo = b.newCardNo || (await this.newNumber(s.tenantId));
    await this.assertNumberFree(s.tenantId, newNo);
    if (b.phyCardId) await this.assertNumberFree(s.tenantId, b.phyCardId);
    const { logId, newId } = await this.db.transaction().execute((trx) => this.replaceWithin(trx, s, card, newNo, b.phyCardId || null, b.remark ?? ''));
    await this.gateAccess.syncCards(s.tenantId, [b.cardId, newId]);
    return this.logOf(s.tenantId, logId);
  }

  /**
   * 补卡 inside a transaction (the one above, or the payment of a 补卡 fee order): the old card moves to C,
   * a new card of the same member, type and validity takes its balance through two ledger rows.
   */
  async replaceWithin(
    trx: Transaction<Database>,
    who: AuditActor & { userId: number },
    card: NonNullable<Awaited<ReturnType<CardRepository['find']>>>,
    newNo: string,
    phyCardId: string | null,
    remark: string,
  ) {
    const tenantId = who.tenantId;
    const now = this.now();
    const moved = await this.repo.move(trx, tenantId, card.id, OPEN_STATES, 'C');
    if (!moved) throw this.refusedFrom(card.state, 'REPLACE');
    const newId = await insertCard(trx, {
      tenant_id: tenantId,
      card_no: newNo,
      phy_card_id: phyCardId,
      member_id: card.member_id,
      card_type_id: card.card_type_id,
      venue_id: card.venue_id,
      is_opened: card.is_opened,
      use_begin: card.use_begin,
      use_end: card.use_end,
      remark: card.remark,
      created_at: now,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw alreadyExists(NUMBER_TAKEN);
      throw error;
    });
    if (moved.balance > 0) {
      await this.move(trx, tenantId, card.id, -moved.balance, 'ADJUST', { userId: who.userId, remark: `补卡转出到 ${newNo}` });
      await this.move(trx, tenantId, newId, moved.balance, 'ADJUST', { userId: who.userId, remark: `补卡转入自 ${card.card_no}` });
    }
    await this.audit.record(trx, who, {
      action: 'card.replace',
      target: `会员卡 ${card.card_no}`,
      venueId: card.venue_id,
      before: { state: moved.from, balance: unitsOut(card.pay_type, moved.balance) },
      after: { state: 'C', newCardNo: newNo, moved: unitsOut(card.pay_type, moved.balance) },
    });
    const logId = await this.repo.log(trx, {
      tenant_id: tenantId,
      card_id: card.id,
      action: 'REPLACE',
      from_state: moved.from,
      to_state: 'C',
      new_card_id: newId,
      amount: moved.balance,
      route: null,
      remark,
      created_by: who.userId,
      created_at: now,
    });
    return { logId, newId };
  }

  /** 退卡: the remaining value goes back once (the state change to R is the guard), by the route chosen; the card closes. */
  async giveBack(s: UserSession, b: BodyOut<typeof member.returnCard>) {
    const card = await this.cardOf(s, b.cardId);
    const now = this.now();
    const logId = await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.move(trx, s.tenantId, b.cardId, OPEN_STATES, 'R');
      if (!moved) throw this.refusedFrom(card.state, 'RETURN');
      const route = member.REFUND_ROUTES[b.route];
      if (moved.balance > 0) await this.move(trx, s.tenantId, b.cardId, -moved.balance, 'ADJUST', { userId: s.userId, remark: `退卡退款（${route}）` });
      await this.audit.record(trx, s, {
        action: 'card.return',
        target: `会员卡 ${card.card_no}`,
        venueId: card.venue_id,
        before: { state: moved.from, balance: unitsOut(card.pay_type, moved.balance) },
        after: { state: 'R', balance: 0, refunded: unitsOut(card.pay_type, moved.balance), route },
      });
      return this.repo.log(trx, {
        tenant_id: s.tenantId,
        card_id: b.cardId,
        action: 'RETURN',
        from_state: moved.from,
        to_state: 'R',
        new_card_id: null,
        amount: moved.balance,
        route: b.route,
        remark: b.remark ?? '',
        created_by: s.userId,
        created_at: now,
      });
    });
    await this.gateAccess.syncCards(s.tenantId, [b.cardId]);
    return this.logOf(s.tenantId, logId);
  }

  private toLog(r: LogRow) {
    return {
      action: r.action,
      actionName: member.CARD_ACTION_LABELS[r.action as Action] ?? r.action,
      fromState: r.from_state,
      toState: r.to_state,
      newCardNo: r.new_card_no,
      amount: unitsOut(r.pay_type, r.amount),
      route: r.route,
      remark: r.remark,
      createTime: r.created_at,
      createName: r.created_name ?? '',
    };
  }

  private async logOf(tenantId: number, id: number) {
    return this.toLog((await this.repo.logs(tenantId, 0, [id]))[0]);
  }

  async logs(s: UserSession, cardId: number) {
    await this.cardOf(s, cardId);
    return (await this.repo.logs(s.tenantId, cardId)).map((r) => this.toLog(r));
  }

  /** With `viewer`, of the cards of its venues and of every venue. */
  async liability(tenantId: number, viewer?: UserSession) {
    const rows = (await this.repo.liability(tenantId, viewer && inUserVenues(viewer, 'c.venue_id', { orNull: true }))).map((r) => ({
      venueId: r.venue_id,
      venueName: r.venue_name ?? '通用',
      cardTypeName: r.type_name,
      cardCount: Number(r.card_count),
      balanceFen: Number(r.balance ?? 0),
    }));
    const totalFen = rows.reduce((sum, r) => sum + r.balanceFen, 0);
    return { total: totalFen / 100, rows: rows.map(({ balanceFen, ...r }) => ({ ...r, balance: balanceFen / 100 })) };
  }
}
