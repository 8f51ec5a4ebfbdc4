import { booking, fenToYuan, hand, lease, lecture, member, sale, ticket, type Card } from '@venue/contract';
import type { z } from 'zod';
import type { CardConsumeTable, CardPayType, CardState, CardTable } from '../../db/tables.ts';

type Consume = z.infer<typeof member.consume>;

/** A card row with its member and type, as CardRepository reads it. */
export interface CardRow extends Omit<CardTable, 'id'> {
  id: number;
  member_name: string;
  phone: string;
  photo: string | null;
  member_type_name: string | null;
  type_name: string;
  pay_type: CardPayType;
  discountable: number;
  discount: number;
  valid_days: number;
  valid_months: number;
  is_in_black: number;
}

export interface ConsumeRow extends Omit<CardConsumeTable, 'id'> {
  id: number;
  card_no: string;
  member_name: string;
  pay_type: CardPayType;
  refunded_by: number | null;
  created_name: string | null;
}

/** The end of a validity of `days` days or `months` months (months win) from `beginIso`; null when the type has none. */
export const validityEnd = (beginIso: string, days: number, months: number): string | null => {
  if (months > 0) {
    const d = new Date(beginIso);
    d.setUTCMonth(d.getUTCMonth() + months);
    return d.toISOString();
  }
  return days > 0 ? new Date(Date.parse(beginIso) + days * 24 * 3600_000).toISOString() : null;
};

/** Stored balance units (fen for M, times for T, nothing for D) to the API's (yuan, times, 0). */
export const unitsOut = (payType: CardPayType, stored: number) => (payType === 'M' ? fenToYuan(stored) : payType === 'T' ? stored : 0);

/**
 * Expiry is computed, not stored: an A or B card whose use_end has passed answers state E. No job has
 * to sweep cards at midnight, and extending a card's validity makes it usable again at once. A card
 * stored as E (imported that way) stays E.
 */
export const effectiveState = (state: CardState, useEnd: string | null, nowIso: string): CardState =>
  (state === 'A' || state === 'B') && useEnd !== null && useEnd < nowIso ? 'E' : state;

/** The goods discount of a card type as the API gives it: 0.9 for 9折, 1 when not discountable. */
export const discountOut = (discountable: number, perMille: number) => (discountable ? perMille / 1000 : 1);

export function toCard(r: CardRow, nowIso: string): Card {
  return {
    cardId: r.id,
    cardNo: r.card_no,
    phyCardId: r.phy_card_id,
    cardTypeId: r.card_type_id,
    cardTypeName: r.type_name,
    payType: r.pay_type,
    balance: unitsOut(r.pay_type, r.balance),
    useBeginTime: r.use_begin,
    useEndTime: r.use_end,
    state: effectiveState(r.state, r.use_end, nowIso),
    isInBlack: Number(r.is_in_black) === 1,
    isOpened: r.is_opened,
    memberId: r.member_id,
    memberName: r.member_name,
    memberTypeName: r.member_type_name,
    photo: r.photo,
    phone: r.phone,
    discountable: r.discountable === 1,
    discount: discountOut(r.discountable, r.discount),
    venueId: r.venue_id,
    remark: r.remark,
  };
}

/**
 * Every kind of order a card pays (issue 29: money moves only with its order): a consume row of one is
 * refunded only through its order, whose refund also gives back what the order gave (goods, seats,
 * tickets, a band) and sets its pay state. `name` is the order; `where` the screen of its refund.
 */
export const ORDER_REFUNDED: Record<string, { name: string; where: string }> = {
  [sale.SALE_ORDER_TYPE]: { name: '销售订单', where: '销售订单' },
  [lease.LEASE_ORDER_TYPE]: { name: '租赁订单', where: '租赁订单' },
  [ticket.TICKET_ORDER_TYPE]: { name: '售票订单', where: '售票订单' },
  [ticket.TIMEOUT_ORDER_TYPE]: { name: '超时订单', where: '超时订单' },
  [lecture.LECTURE_ORDER_TYPE]: { name: '讲座订单', where: '讲座订单' },
  [booking.BOOKING_ORDER_TYPE]: { name: '场地预订订单', where: '预订订单' },
  [hand.HAND_DEPOSIT_ORDER_TYPE]: { name: '手牌押金单', where: '手牌押金单' },
  // A settlement pays the orders charged to the band: each of them gives its share back through the settlement's payment.
  [hand.HAND_SETTLE_ORDER_TYPE]: { name: '手牌结算单', where: '挂账的订单' },
  [member.CARD_ORDER_TYPE]: { name: '售卡充值订单', where: '售卡充值订单' },
  [member.CARD_FEE_ORDER_TYPE]: { name: '延期补卡订单', where: '延期补卡订单' },
};
/** Whether a ledger row belongs to an order that refunds it itself (so the card screens offer no refund of it). */
export const refundedByOrder = (row: Pick<ConsumeRow, 'order_type' | 'order_id'>) => row.order_id !== null && !!ORDER_REFUNDED[row.order_type ?? ''];
/** The refusal of 消费退回 of a row of an order: the order named, and where its refund is. */
export const orderRefundedMsg = (row: Pick<ConsumeRow, 'order_type' | 'order_id'>) => {
  const o = ORDER_REFUNDED[row.order_type ?? '']!;
  return `该消费记录属于${o.name} ${row.order_id}，请在${o.where}中退款`;
};

export function toConsume(r: ConsumeRow): Consume {
  return {
    consumeId: r.id,
    cardId: r.card_id,
    cardNo: r.card_no,
    memberName: r.member_name,
    kind: r.kind,
    amount: unitsOut(r.pay_type, r.amount),
    balanceAfter: unitsOut(r.pay_type, r.balance_after),
    orderType: r.order_type,
    orderId: r.order_id,
    refundable: r.kind === 'CONSUME' && r.refunded_by === null && !refundedByOrder(r),
    refundedBy: r.refunded_by,
    remark: r.remark,
    createTime: r.created_at,
    createName: r.created_name ?? '',
  };
}

/** Spec 8's warnings for a card that cannot be used, by state; and the generic one. */
export const STATE_MESSAGES: Partial<Record<CardState, string>> = member.CARD_STATE_MESSAGES;
export const STATE_UNUSABLE = member.CARD_MESSAGES.unusable;
export const CARD_NOT_FOUND = member.CARD_MESSAGES.notFound;
