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
    expect(paymentReducer(chosen, { type: 'closed' })).toEqual({ ...initialPayment, remark: '挂账' });
    expect(paymentReducer(chosen, { type: 'reset' })).toEqual(initialPayment);
  });

  it('uses a payment code once: saved clears it whatever the answer', () => {
    let state = paymentReducer(initialPayment, { type: 'authCode', value: '134567890123' });
    state = paymentReducer(state, { type: 'saving' });
    expect(state).toMatchObject({ saving: true, authCode: '134567890123' });
    expect(paymentReducer(state, { type: 'saved' })).toMatchObject({ saving: false, authCode: '' });
  });
});
