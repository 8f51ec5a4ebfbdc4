import { fenToYuan, member, yuanToFen, type BodyOut } from '@venue/contract';
import type { CardPayType } from '../../db/tables.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { MemberCardServices } from '../member-card/index.ts';
import type { CardOrderRepository } from './card-order.repository.ts';

const NOT_FOUND = '售卡充值订单不存在';
const units = (payType: CardPayType, stored: number) => (payType === 'M' ? fenToYuan(stored) : stored);

/** Creating card orders (办卡, 充值/加次) and reading them back for the receipt; the checkout pays them. */
export class CardOrderService {
  constructor(
    private readonly repo: CardOrderRepository,
    private readonly memberCards: MemberCardServices,
    private readonly clock: Clock,
  ) {}

  async get(s: UserSession, orderId: number) {
    const o = await this.repo.detailed(s.tenantId, orderId);
    if (!o) throw notFound(NOT_FOUND);
    assertVenue(s, o.venue_id);
    return {
      orderId: o.id,
      kind: o.kind,
      orderState: o.order_state,
      payState: o.pay_state,
      pricePay: fenToYuan(o.price_pay_fen),
      cardId: o.card_id,
      cardNo: o.card_no,
      cardTypeName: o.type_name,
      payType: o.pay_type,
      memberId: o.member_id,
      memberName: o.member_name ?? '',
      amount: units(o.pay_type, o.amount),
      bonus: units(o.pay_type, o.bonus),
      createTime: o.created_at,
      paidTime: o.paid_at,
      createName: o.create_name,
      venueName: o.venue_name,
    };
  }

  async createSale(s: UserSession, b: BodyOut<typeof member.createSaleOrder>) {
    assertVenue(s, b.venueId);
    const type = await this.repo.saleType(s.tenantId, b.cardTypeId, b.memberId, b.venueId);
    if (!(type ? Number(type.member_found) === 1 : await this.repo.memberExists(s.tenantId, b.memberId))) throw notFound('会员不存在');
    if (!type) throw notFound('卡类型不存在');
    if (type.state !== 'A') throw refuse('该卡类型已停售');
    if (Number(type.venue_ok) !== 1) throw refuse('该卡类型不适用于当前场馆');
    const life = this.memberCards.life;
    if (b.cardNo) await life.assertNumberFree(s.tenantId, b.cardNo);
    if (b.phyCardId) await life.assertNumberFree(s.tenantId, b.phyCardId);
    const face = type.pay_type === 'M' ? type.face_fen || type.price_fen : type.pay_type === 'T' ? type.face_fen || type.times : 0;
    await life.assertRoom(s.tenantId, null, type.pay_type, face + (type.pay_type === 'D' ? 0 : type.bonus_fen), 'OPEN');
    const row = {
      tenant_id: s.tenantId,
      venue_id: b.venueId,
      member_id: b.memberId,
      order_state: 'P',
      pay_state: 'U',
      price_pay_fen: type.price_fen,
      pay_mode: null,
      pay_lock: null,
      pay_lock_until: null,
      remark: b.remark ?? '',
      paid_at: null,
      kind: 'SALE',
      card_type_id: type.id,
      card_id: null,
      phy_card_id: b.phyCardId || null,
      open_now: b.openNow ? 'T' : 'F',
      amount: face,
      bonus: type.pay_type === 'D' ? 0 : type.bonus_fen,
      created_by: s.userId,
      created_at: iso(this.clock.now()),
    } as const;
    const id = b.cardNo
      ? await this.repo.insert({ ...row, card_no: b.cardNo })
      : await this.repo.insertNumbered(row, (orderId, db) => life.numberForOrder(s.tenantId, orderId, db));
    return this.get(s, id);
  }

  /** What a top-up costs and gives: M cards the yuan paid, T cards times at the type's price per time; the bonus of the type's rules. */
  private async topUp(s: UserSession, cardId: number, amountYuan?: number, times?: number) {
    const card = await this.memberCards.cards.get(s.tenantId, cardId);
    if (card.venueId !== null) assertVenue(s, card.venueId);
    if (card.state !== 'A' && card.state !== 'B') throw refuse(member.CARD_STATE_MESSAGES[card.state as 'L'] ?? member.CARD_MESSAGES.unusable);
    const type = (await this.repo.cardType(s.tenantId, card.cardTypeId))!;
    if (card.payType === 'M') {
      const fen = yuanToFen(amountYuan ?? 0);
      if (fen <= 0) throw refuse('请输入充值金额');
      return { card, type, priceFen: fen, amount: fen, bonus: await this.repo.bonusFor(s.tenantId, type.id, fen) };
    }
    if (card.payType === 'T') {
      if (!times) throw refuse('请输入次数');
      const perTime = type.times > 0 ? Math.round(type.price_fen / type.times) : 0;
      return { card, type, priceFen: perTime * times, amount: times, bonus: await this.repo.bonusFor(s.tenantId, type.id, times) };
    }
    throw refuse('计时卡不能充值，请使用延期');
  }

  async bonus(s: UserSession, cardId: number, amount: string) {
    const t = await this.topUp(s, cardId, Number(amount), Number(amount));
    return { bonus: units(t.card.payType, t.bonus), price: fenToYuan(t.priceFen) };
  }

  async createRecharge(s: UserSession, b: BodyOut<typeof member.createRechargeOrder>) {
    assertVenue(s, b.venueId);
    const t = await this.topUp(s, b.cardId, b.amount, b.times);
    await this.memberCards.life.assertRoom(s.tenantId, t.card.cardId, t.card.payType, t.amount + t.bonus, 'RECHARGE');
    const id = await this.repo.insert({
      tenant_id: s.tenantId,
      venue_id: b.venueId,
      member_id: t.card.memberId,
      order_state: 'P',
      pay_state: 'U',
      price_pay_fen: t.priceFen,
      pay_mode: null,
      pay_lock: null,
      pay_lock_until: null,
      remark: b.remark ?? '',
      paid_at: null,
      kind: 'RECHARGE',
      card_type_id: t.type.id,
      card_id: t.card.cardId,
      card_no: t.card.cardNo,
      phy_card_id: null,
      open_now: 'T',
      amount: t.amount,
      bonus: t.bonus,
      created_by: s.userId,
      created_at: iso(this.clock.now()),
    });
    return this.get(s, id);
  }
}
