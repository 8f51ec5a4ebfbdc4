import * as payment from '@venue/contract/payment';
import type { PayMethod, Selection } from './pay-selection';

/** The payment dialog's form: the choice (null until the cashier makes one), the codes typed, and saving. */
export interface PaymentState {
  selection: Selection | null;
  authCode: string;
  remark: string;
  saving: boolean;
}

export type PaymentAction =
  | { type: 'select'; selection: Selection }
  | { type: 'authCode'; value: string }
  | { type: 'remark'; value: string }
  | { type: 'saving' }
  | { type: 'saved' }
  | { type: 'reset' };

export const initialPayment: PaymentState = { selection: null, authCode: '', remark: '', saving: false };

/** Until the cashier chooses, the venue's default method (cash) is chosen. */
export const defaultSelection = (methods: PayMethod[]): Selection => ({
  method: methods.find((m) => m.payMode === payment.DEFAULT_PAY_MODE) ?? null,
  cards: [],
});

export function paymentReducer(state: PaymentState, action: PaymentAction): PaymentState {
  switch (action.type) {
    case 'select':
      return { ...state, selection: action.selection };
    case 'authCode':
      return { ...state, authCode: action.value };
    case 'remark':
      return { ...state, remark: action.value };
    case 'saving':
      return { ...state, saving: true };
    case 'saved':
      // The dialog stays open only while the result is unknown (605): the next click asks about the same
      // payment, so the code and the choice stay until the dialog closes.
      return { ...state, saving: false };
    case 'reset':
      // Spec 4: closing resets the dialog, however it closes (cancel, paid, failed): nothing reaches the next order.
      return initialPayment;
  }
}
