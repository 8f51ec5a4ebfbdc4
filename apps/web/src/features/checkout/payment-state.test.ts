import { describe, expect, it } from 'vitest';
import type { PayMethod } from './pay-selection';
import { defaultSelection, initialPayment, paymentReducer } from './payment-state';

const method = (id: number, payMode: string): PayMethod => ({
  id,
  payMode,
  payName: payMode,
  isApi: 'F',
  icon: '',
  state: 'A',
  sort: id,
  venueIds: [1],
  venueNames: [],
  sourceType: 'system',
});

describe('payment dialog state (spec 4)', () => {
  it('chooses cash until the cashier chooses, and again after each closing', () => {
    const methods = [method(2, 'wechatpay'), method(1, 'cashpay')];
    expect(defaultSelection(methods)).toEqual({ method: methods[1], cards: [] });
    expect(defaultSelection([methods[0]])).toEqual({ method: null, cards: [] });
    const chosen = paymentReducer({ ...initialPayment, remark: '挂账' }, { type: 'select', selection: { method: methods[0], cards: [] } });
    expect(paymentReducer(chosen, { type: 'reset' })).toEqual(initialPayment);
  });

  it('keeps the payment code and the choice for the retry of a 605, and forgets both when the dialog closes', () => {
    let state = paymentReducer(initialPayment, { type: 'select', selection: { method: method(2, 'wechatpay'), cards: [] } });
    state = paymentReducer(state, { type: 'authCode', value: '134567890123' });
    state = paymentReducer(state, { type: 'saving' });
    expect(state).toMatchObject({ saving: true, authCode: '134567890123' });
    const answered = paymentReducer(state, { type: 'saved' });
    expect(answered).toMatchObject({ saving: false, authCode: '134567890123', selection: { method: { payMode: 'wechatpay' } } });
    expect(paymentReducer({ ...answered, remark: '挂账' }, { type: 'reset' })).toEqual(initialPayment);
  });
});
