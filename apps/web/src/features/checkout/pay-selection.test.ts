import { describe, expect, it } from 'vitest';
import {
  buildPayRequest,
  chooseCard,
  chooseMethod,
  dueText,
  enterSaves,
  payModeOf,
  timesCardOf,
  timesText,
  type PayCard,
  type PayMethod,
  type Selection,
} from './pay-selection';

const method = (id: number, payMode: string, isApi: 'T' | 'F'): PayMethod => ({
  id,
  payMode,
  payName: payMode,
  isApi,
  icon: '',
  state: 'A',
  sort: id,
  venueIds: [1],
  venueNames: [],
  sourceType: 'system',
});
const card = (cardId: number, payType: 'M' | 'T' | 'D', balance: number): PayCard => ({
  cardId,
  cardNo: `C${cardId}`,
  payType,
  cardTypeName: '',
  useEndTime: null,
  balance,
  discountable: false,
  discount: 1,
  sourceType: 'card',
});
const cash = method(1, 'cashpay', 'F');
const wechat = method(2, 'wechatpay', 'T');
const none: Selection = { method: null, cards: [] };

describe('payment dialog choices (spec 4)', () => {
  it('deselects a system method chosen twice', () => {
    const once = chooseMethod(none, cash, 50);
    expect(once.method?.payMode).toBe('cashpay');
    expect(chooseMethod(once, cash, 50).method).toBeNull();
  });

  it('combines M cards until they cover the total, then refuses more', () => {
    let s = chooseCard(none, card(1, 'M', 30), 50).selection;
    s = chooseCard(s, card(2, 'M', 30), 50).selection;
    expect(s.cards.map((c) => c.cardId)).toEqual([1, 2]);
    expect(chooseCard(s, card(3, 'M', 10), 50).refused).toBe('已选会员卡余额已足够支付');
  });

  it('drops the default method once the chosen cards cover the total', () => {
    expect(chooseCard({ method: cash, cards: [] }, card(1, 'M', 80), 50).selection).toEqual({ method: null, cards: [card(1, 'M', 80)] });
    expect(chooseCard({ method: cash, cards: [] }, card(1, 'M', 20), 50).selection.method).toEqual(cash);
  });

  it('lets a non-M card replace every other choice, clearing the system method', () => {
    const s = { method: wechat, cards: [card(1, 'M', 10)] };
    expect(chooseCard(s, card(9, 'T', 5), 50).selection).toEqual({ method: null, cards: [card(9, 'T', 5)] });
  });

  it('clears cards when a method is chosen and they already cover the total or are not stored-value', () => {
    expect(chooseMethod({ method: null, cards: [card(1, 'M', 80)] }, wechat, 50).cards).toEqual([]);
    expect(chooseMethod({ method: null, cards: [card(9, 'T', 5)] }, wechat, 50).cards).toEqual([]);
    expect(chooseMethod({ method: null, cards: [card(1, 'M', 20)] }, wechat, 50).cards).toHaveLength(1);
  });

  it('reports payModeChange as cardpay, composepay or empty', () => {
    expect(payModeOf(none)).toBe('');
    expect(payModeOf({ method: null, cards: [card(1, 'M', 9)] })).toBe('cardpay');
    expect(payModeOf({ method: null, cards: [card(1, 'M', 9), card(2, 'M', 9)] })).toBe('composepay');
    expect(payModeOf({ method: wechat, cards: [card(1, 'M', 9)] })).toBe('composepay');
  });

  it('asks 请选择收款方式 when nothing is chosen', () => {
    expect(buildPayRequest(none, { orderId: 1, memberId: null, listTotal: 10 }, '', '').error).toBe('请选择收款方式');
  });

  it('splits composepay over two M cards and WeChat with decimal amounts', () => {
    const s = { method: wechat, cards: [card(1, 'M', 10.1), card(2, 'M', 20.2)] };
    const { request } = buildPayRequest(s, { orderId: 7, memberId: 3, listTotal: '50.35' }, '134567890123450001', '');
    expect(request).toMatchObject({ orderId: 7, payMode: 'composepay', money: 50.35 });
    expect(request?.payDetails?.map((p) => [p.payMode, p.money, p.authCode])).toEqual([
      ['cardpay', 10.1, '1'],
      ['cardpay', 20.2, '2'],
      ['wechatpay', 20.05, '134567890123450001'],
    ]);
  });

  it('needs the auth code for a scan-code method and refuses cards that do not cover the total alone', () => {
    expect(buildPayRequest({ method: wechat, cards: [] }, { orderId: 1, memberId: null, listTotal: 5 }, ' ', '').error).toBe('请输入或扫描付款码');
    expect(buildPayRequest({ method: null, cards: [card(1, 'M', 1)] }, { orderId: 1, memberId: 2, listTotal: 5 }, '', '').error).toContain('会员卡余额不足');
  });

  it('discounts only the part a 9折 card pays: 0.01 by card leaves 9.99 in cash for a 10.00 order', () => {
    const vip = { ...card(1, 'M', 0.01), discountable: true, discount: 0.9 };
    const { request } = buildPayRequest({ method: cash, cards: [vip] }, { orderId: 1, memberId: 2, listTotal: 10 }, '', '');
    expect(request).toMatchObject({ payMode: 'composepay', money: 10 });
    expect(request?.payDetails?.map((p) => [p.payMode, p.money])).toEqual([
      ['cardpay', 0.01],
      ['cashpay', 9.99],
    ]);
  });

  it('takes the whole 9折 when the card pays everything, and counts the discount when deciding the cards cover the total', () => {
    const vip = { ...card(1, 'M', 14.4), discountable: true, discount: 0.9 };
    expect(buildPayRequest({ method: null, cards: [vip] }, { orderId: 1, memberId: 2, listTotal: 16 }, '', '').request).toMatchObject({
      payMode: 'cardpay',
      payType: 'M',
      authCode: '1',
      money: 14.4,
    });
    expect(chooseCard({ method: cash, cards: [] }, vip, 16).selection.method).toBeNull();
  });

  it('does not save on Enter when only a cash-like method is chosen', () => {
    expect(enterSaves({ method: cash, cards: [] })).toBe(false);
    expect(enterSaves({ method: wechat, cards: [] })).toBe(true);
  });

  it('lets a times card pay the whole order alone, asking 扣 N 次 instead of an amount', () => {
    const times = card(3, 'T', 10);
    const picked = chooseCard({ method: cash, cards: [card(1, 'M', 5)] }, times, 60).selection;
    expect(picked).toEqual({ method: null, cards: [times] });
    expect(timesCardOf(picked)).toBe(times);
    expect(timesCardOf({ method: cash, cards: [card(1, 'M', 5)] })).toBeNull();
    expect(buildPayRequest(picked, { orderId: 7, memberId: 2, listTotal: 60 }, '', '').request).toEqual({
      orderId: 7,
      memberId: 2,
      remark: undefined,
      payMode: 'cardpay',
      payType: 'T',
      authCode: '3',
      money: 60,
    });
    expect(dueText(60, 7)).toBe('应收：扣 7 次');
    expect(dueText(60, undefined)).toBe('应收：¥ 60.00');
    expect(dueText('0.5', undefined)).toBe('应收：¥ 0.50');
    expect(timesText(times, 7)).toEqual({ text: '会员卡 C3 扣 7 次，扣后剩余 3 次', short: false });
    expect(timesText(times, 10)).toEqual({ text: '会员卡 C3 扣 10 次，扣后剩余 0 次', short: false });
    expect(timesText(times, 12)).toEqual({ text: '会员卡 C3 剩余 10 次，不足 12 次', short: true });
  });
});
