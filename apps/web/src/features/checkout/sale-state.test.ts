// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Card } from '@venue/contract';
import { Code } from '@venue/contract/common/codes';
import { ApiError } from '@/lib/http';
import { exceedsStock } from './cart';
import { initialSale, orderNeeded, payFailure, saleReducer, type SaleAction, type SaleState } from './sale-state';

const water = { goodsId: 1, goodsName: '矿泉水', specs: '550ml', unit: '瓶', price: 2, stock: 2 };
const member = { cardId: 5, memberId: 9 } as Card;
const run = (...actions: SaleAction[]) => actions.reduce(saleReducer, initialSale);
const withOrder = (state: SaleState) => saleReducer(state, { type: 'pay', order: { orderId: 7, signature: orderNeeded(state)! } });

describe('goods sale state (spec 4)', () => {
  it('adds, prices and removes cart lines with the cart rules', () => {
    let state = run({ type: 'add', item: water }, { type: 'add', item: water }, { type: 'price', goodsId: 1, price: 1.234 });
    expect(state.lines).toMatchObject([{ goodsId: 1, quantity: 2, pricePay: 1.23 }]);
    expect(exceedsStock(state.lines, 1, water.stock)).toBe(true);
    state = saleReducer(state, { type: 'price', goodsId: 1, price: -3 });
    expect(state.lines[0].pricePay).toBe(0);
    expect(saleReducer(state, { type: 'quantity', goodsId: 1, quantity: 0 }).lines).toEqual([]);
  });

  it('needs a new order only when the cart or the member changed since the last one', () => {
    const state = withOrder(run({ type: 'add', item: water }));
    expect(state).toMatchObject({ paying: true, order: { orderId: 7 } });
    expect(orderNeeded(state)).toBeNull();
    expect(orderNeeded(saleReducer(state, { type: 'member', card: member }))).not.toBeNull();
    expect(orderNeeded(saleReducer(state, { type: 'add', item: water }))).not.toBeNull();
  });

  it('a payment clears the sale and remembers the orders it printed for 重打小票, none when it printed nothing', () => {
    const paying = withOrder(run({ type: 'add', item: water }, { type: 'member', card: member }));
    const paid = saleReducer({ ...paying, printedIds: [6] }, { type: 'paid' });
    expect(paid).toEqual({ lines: [], card: null, order: null, paying: false, printedIds: [] });
    expect(saleReducer(paid, { type: 'printed', printedIds: [7] }).printedIds).toEqual([7]);
  });

  it('605 keeps the dialog, 606 closes it keeping the cart, any other answer clears the sale', () => {
    const paying = withOrder(run({ type: 'add', item: water }));
    const unknown = payFailure(new ApiError(Code.PAY_UNKNOWN, ''));
    expect(unknown).toEqual({ outcome: 'keep', message: '支付结果未知，请重新点击支付按钮支付' });
    expect(saleReducer(paying, { type: 'payFailed', outcome: unknown.outcome })).toBe(paying);
    const failed = payFailure(new ApiError(Code.PAY_FAILED, ''));
    expect(failed.message).toBe('支付失败请重新支付');
    expect(saleReducer(paying, { type: 'payFailed', outcome: failed.outcome })).toMatchObject({ paying: false, lines: paying.lines, order: paying.order });
    const other = payFailure(new ApiError(Code.EXISTS, '订单已支付'));
    expect(other).toEqual({ outcome: 'clear', message: '订单已支付' });
    expect(saleReducer(paying, { type: 'payFailed', outcome: 'clear' })).toMatchObject({ paying: false, lines: [], order: null });
    expect(payFailure(new Error('network'))).toEqual({ outcome: 'clear', message: '支付失败请重新支付' });
  });

  it('an order closed meanwhile (auto-close) keeps the cart and the next 提交订单 makes a new order', () => {
    const paying = withOrder(run({ type: 'add', item: water }));
    const closed = payFailure(new ApiError(Code.CAUGHT_EXCEPTION, '订单已关闭，不能支付'));
    expect(closed).toEqual({ outcome: 'reorder', message: '订单已关闭，不能支付，请重新提交订单' });
    const after = saleReducer(paying, { type: 'payFailed', outcome: closed.outcome });
    expect(after).toMatchObject({ paying: false, lines: paying.lines, order: null });
    expect(orderNeeded(after)).not.toBeNull();
  });
});
