import Decimal from 'decimal.js';
import { member, Msg, payment } from '@venue/contract';
import type { z } from 'zod';

export type PayMethod = payment.PayMethod;
export type PayCard = z.infer<typeof member.payCard>;
type PayRequest = payment.PayRequest;

export interface Selection {
  method: PayMethod | null;
  cards: PayCard[];
}

const sum = (cards: PayCard[]) => cards.reduce((s, c) => s.plus(c.balance), new Decimal(0));
const isStoredValue = (card: PayCard) => card.payType === 'M';
export const coversTotal = (cards: PayCard[], total: Decimal.Value) => cards.length > 0 && cards.every(isStoredValue) && sum(cards).gte(total);

/**
 * Spec 4 "Payment dialog internals", choosing a system method: the same one again deselects it;
 * another clears the chosen cards when they already cover the total or are not stored-value cards.
 */
export function chooseMethod(selection: Selection, method: PayMethod, total: Decimal.Value): Selection {
  if (selection.method?.id === method.id) return { ...selection, method: null };
  const keepCards = selection.cards.length > 0 && !coversTotal(selection.cards, total) && selection.cards.every(isStoredValue);
  return { method, cards: keepCards ? selection.cards : [] };
}

/**
 * Choosing a card: again deselects it; a non-M card replaces every other choice (and clears the
 * system method); M cards combine until their balances cover the total, which clears the method.
 */
export function chooseCard(selection: Selection, card: PayCard, total: Decimal.Value): { selection: Selection; refused?: string } {
  if (selection.cards.some((c) => c.cardId === card.cardId)) {
    return { selection: { ...selection, cards: selection.cards.filter((c) => c.cardId !== card.cardId) } };
  }
  if (!isStoredValue(card)) return { selection: { method: null, cards: [card] } };
  if (selection.cards.some((c) => !isStoredValue(c))) return { selection: { ...selection, cards: [card] } };
  if (coversTotal(selection.cards, total)) return { selection, refused: '已选会员卡余额已足够支付' };
  const cards = [...selection.cards, card];
  // Cards that cover the total need no system method (the mirror of chooseMethod's rule).
  return { selection: { method: coversTotal(cards, total) ? null : selection.method, cards } };
}

/** The payModeChange value: cardpay for one card, composepay for several or a card plus a method, else empty. */
export function payModeOf(selection: Selection): '' | 'cardpay' | 'composepay' {
  if (selection.cards.length === 0) return '';
  if (selection.cards.length === 1 && !selection.method) return payment.CARD_PAY as 'cardpay';
  return payment.COMPOSE_PAY as 'composepay';
}

export const needsAuthCode = (selection: Selection) => selection.method?.isApi === 'T';

/**
 * Builds the pay request, or answers the message that stops it: 请选择收款方式 when nothing is
 * chosen; cards alone must cover the total; a scan-code method needs its code.
 */
export function buildPayRequest(
  selection: Selection,
  order: { orderId: number; memberId: number | null; total: Decimal.Value },
  authCode: string,
  remark: string,
): { request?: PayRequest; error?: string } {
  const total = new Decimal(order.total);
  if (!selection.method && selection.cards.length === 0) return { error: Msg.choosePayMode };
  if (needsAuthCode(selection) && !authCode.trim()) return { error: Msg.authCodeRequired };
  const base = { orderId: order.orderId, memberId: order.memberId, remark: remark || undefined };
  const mode = payModeOf(selection);
  if (mode === '') {
    const method = selection.method!;
    return { request: { ...base, payMode: method.payMode, money: total.toNumber(), authCode: method.isApi === 'T' ? authCode.trim() : undefined } };
  }
  let remaining = total;
  const parts: PayRequest['payDetails'] = [];
  for (const card of selection.cards) {
    if (remaining.lte(0)) break;
    const money = card.payType === 'M' ? Decimal.min(card.balance, remaining) : remaining;
    parts.push({ payMode: payment.CARD_PAY, payType: card.payType, authCode: String(card.cardId), money: money.toNumber() });
    remaining = remaining.minus(money);
  }
  if (selection.method) {
    if (remaining.gt(0))
      parts.push({ payMode: selection.method.payMode, authCode: selection.method.isApi === 'T' ? authCode.trim() : undefined, money: remaining.toNumber() });
    remaining = new Decimal(0);
  }
  if (remaining.gt(0)) return { error: '会员卡余额不足，请增加会员卡或选择其他收款方式' };
  if (mode === 'cardpay') {
    const [part] = parts;
    return { request: { ...base, payMode: payment.CARD_PAY, payType: part.payType, authCode: part.authCode, money: total.toNumber() } };
  }
  return { request: { ...base, payMode: payment.COMPOSE_PAY, money: total.toNumber(), payDetails: parts } };
}

/** Enter saves, unless the only choice is a non-API (cash-like) method. */
export const enterSaves = (selection: Selection) => !(selection.cards.length === 0 && selection.method?.isApi === 'F');
