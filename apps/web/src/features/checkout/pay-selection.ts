import Decimal from 'decimal.js';
import * as cardDiscount from '@venue/contract/card-discount';
import * as member from '@venue/contract/member';
import * as payment from '@venue/contract/payment';
import { fenToYuan, yuanToFen } from '@venue/contract/common/money';
import { Msg } from '@venue/contract/common/codes';
import type { z } from 'zod';
import { formatYuan } from '@/lib/money';

export type PayMethod = payment.PayMethod;
export type PayCard = z.infer<typeof member.payCard>;
type PayRequest = payment.PayRequest;

export interface Selection {
  method: PayMethod | null;
  cards: PayCard[];
}

const isStoredValue = (card: PayCard) => card.payType === 'M';

/** The stored-value cards' split of the list total, each card discounting only the part it pays (contract rule). */
export function splitCards(cards: PayCard[], listTotal: Decimal.Value) {
  return cardDiscount.splitOverCards(
    new Decimal(listTotal).times(100).round().toNumber(),
    cards.map((c) => ({ balanceFen: yuanToFen(c.balance), perMille: cardDiscount.perMilleOf(c) })),
  );
}

/** The chosen cards settle the whole order: all stored-value, and their balances leave nothing for a system method. */
export const coversTotal = (cards: PayCard[], listTotal: Decimal.Value) =>
  cards.length > 0 && cards.every(isStoredValue) && splitCards(cards, listTotal).restFen === 0;

/**
 * Spec 4 "Payment dialog internals", choosing a system method: the same one again deselects it;
 * another clears the chosen cards when they already cover the total or are not stored-value cards.
 */
export function chooseMethod(selection: Selection, method: PayMethod, listTotal: Decimal.Value): Selection {
  if (selection.method?.id === method.id) return { ...selection, method: null };
  const keepCards = selection.cards.length > 0 && !coversTotal(selection.cards, listTotal) && selection.cards.every(isStoredValue);
  return { method, cards: keepCards ? selection.cards : [] };
}

/**
 * Choosing a card: again deselects it; a non-M card replaces every other choice (and clears the
 * system method); M cards combine until their balances cover the total, which clears the method.
 */
export function chooseCard(selection: Selection, card: PayCard, listTotal: Decimal.Value): { selection: Selection; refused?: string } {
  if (selection.cards.some((c) => c.cardId === card.cardId)) {
    return { selection: { ...selection, cards: selection.cards.filter((c) => c.cardId !== card.cardId) } };
  }
  if (!isStoredValue(card)) return { selection: { method: null, cards: [card] } };
  if (selection.cards.some((c) => !isStoredValue(c))) return { selection: { ...selection, cards: [card] } };
  if (coversTotal(selection.cards, listTotal)) return { selection, refused: '已选会员卡余额已足够支付' };
  const cards = [...selection.cards, card];
  // Cards that cover the total need no system method (the mirror of chooseMethod's rule).
  return { selection: { method: coversTotal(cards, listTotal) ? null : selection.method, cards } };
}

/**
 * What each chosen stored-value card takes and what is left, and the method that takes the rest
 * (null: none chosen yet), as 收款 shows them before 确认收款 (issue 30); null without stored-value cards.
 */
export function payBreakdown(selection: Selection, listTotal: Decimal.Value) {
  if (!selection.cards.length || !selection.cards.every(isStoredValue)) return null;
  const split = splitCards(selection.cards, listTotal);
  return {
    cards: selection.cards.map((c, i) => ({ cardNo: c.cardNo, fen: split.cardFen[i] })),
    restFen: split.restFen,
    method: split.restFen > 0 ? (selection.method?.payName ?? null) : null,
  };
}

/** The breakdown as one line: 会员卡 VIP0008 ¥20.00 + VIP0009 ¥15.00，剩余 ¥63.00 由 现金 收取. */
export function breakdownText(b: NonNullable<ReturnType<typeof payBreakdown>>): string {
  const cards = `会员卡 ${b.cards.map((c) => `${c.cardNo} ¥${new Decimal(c.fen).dividedBy(100).toFixed(2)}`).join(' + ')}`;
  if (b.restFen === 0) return `${cards}，已付清`;
  const rest = `剩余 ¥${new Decimal(b.restFen).dividedBy(100).toFixed(2)}`;
  return b.method ? `${cards}，${rest} 由 ${b.method} 收取` : `${cards}，${rest}，请选择收款方式`;
}

/** A times card (T) chosen: it pays the whole order alone, by times (the server says how many). */
export const timesCardOf = (selection: Selection) => selection.cards.find((c) => c.payType === 'T') ?? null;

/** What 收款 asks for: 应收：扣 N 次 when a times card pays (`times` from the server), else the amount due. */
export const dueText = (totalYuan: Decimal.Value, times: number | undefined) =>
  times === undefined ? `应收：¥ ${formatYuan(totalYuan)}` : `应收：扣 ${times} 次`;

/** The chosen times card's side of it: its times taken and left, or how many it lacks. */
export function timesText(card: Pick<PayCard, 'cardNo' | 'balance'>, times: number): { text: string; short: boolean } {
  if (card.balance < times) return { text: `会员卡 ${card.cardNo} 剩余 ${card.balance} 次，不足 ${times} 次`, short: true };
  return { text: `会员卡 ${card.cardNo} 扣 ${times} 次，扣后剩余 ${card.balance - times} 次`, short: false };
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
 * chosen; cards alone must cover the total; a scan-code method needs its code. Stored-value cards pay
 * in the order chosen, each up to its balance at its own discount; the system method pays the rest at list price.
 */
export function buildPayRequest(
  selection: Selection,
  order: { orderId: number; memberId: number | null; listTotal: Decimal.Value },
  authCode: string,
  remark: string,
): { request?: PayRequest; error?: string } {
  if (!selection.method && selection.cards.length === 0) return { error: Msg.choosePayMode };
  if (needsAuthCode(selection) && !authCode.trim()) return { error: Msg.authCodeRequired };
  const base = { orderId: order.orderId, memberId: order.memberId, remark: remark || undefined };
  const code = selection.method?.isApi === 'T' ? authCode.trim() : undefined;
  const mode = payModeOf(selection);
  if (mode === '') return { request: { ...base, payMode: selection.method!.payMode, money: new Decimal(order.listTotal).toNumber(), authCode: code } };

  const [first] = selection.cards;
  if (!isStoredValue(first)) {
    // A count or period card settles the order alone (it replaces every other choice).
    const money = new Decimal(order.listTotal).toNumber();
    return { request: { ...base, payMode: payment.CARD_PAY, payType: first.payType, authCode: String(first.cardId), money } };
  }
  const split = splitCards(selection.cards, order.listTotal);
  const parts: PayRequest['payDetails'] = selection.cards
    .map((card, i) => ({ payMode: payment.CARD_PAY, payType: card.payType, authCode: String(card.cardId), money: fenToYuan(split.cardFen[i]) }))
    .filter((_, i) => split.cardFen[i] > 0);
  if (split.restFen > 0) {
    if (!selection.method) return { error: '会员卡余额不足，请增加会员卡或选择其他收款方式' };
    parts.push({ payMode: selection.method.payMode, authCode: code, money: fenToYuan(split.restFen) });
  }
  const money = fenToYuan(split.dueFen);
  if (parts.length === 1 && parts[0].payMode === payment.CARD_PAY) return { request: { ...base, ...parts[0], money } };
  return { request: { ...base, payMode: payment.COMPOSE_PAY, money, payDetails: parts } };
}

/** Enter saves, unless the only choice is a non-API (cash-like) method. */
export const enterSaves = (selection: Selection) => !(selection.cards.length === 0 && selection.method?.isApi === 'F');
