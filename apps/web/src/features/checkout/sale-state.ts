import type { Card } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { Code, Msg } from '@venue/contract/common/codes';
import { ApiError } from '@/lib/http';
import { addToCart, cartSignature, setPricePay, setQuantity, type CartLine } from './cart';

/** The goods sale dialog's state: the cart, the member, the order made from it and the payment step. */
export interface SaleState {
  lines: CartLine[];
  card: Card | null;
  /** The order last created, with the cart it was made from (a changed cart needs a new order). */
  order: { orderId: number; signature: string } | null;
  paying: boolean;
  /** Orders the last payment printed, for 重打小票 (empty when it printed nothing, spec 2.6). */
  printedIds: number[];
}

export type SaleAction =
  | { type: 'add'; item: Omit<CartLine, 'quantity' | 'pricePay'> }
  | { type: 'quantity'; goodsId: number; quantity: number | null }
  | { type: 'price'; goodsId: number; price: number | null }
  | { type: 'member'; card: Card | null }
  | { type: 'pay'; order?: { orderId: number; signature: string } }
  | { type: 'closePayment' }
  | { type: 'paid' }
  | { type: 'printed'; printedIds: number[] }
  | { type: 'payFailed'; outcome: PayFailure['outcome'] };

export const initialSale: SaleState = { lines: [], card: null, order: null, paying: false, printedIds: [] };

const cleared = (state: SaleState): SaleState => ({ ...state, lines: [], card: null, order: null, paying: false });

export function saleReducer(state: SaleState, action: SaleAction): SaleState {
  switch (action.type) {
    case 'add':
      return { ...state, lines: addToCart(state.lines, action.item) };
    case 'quantity':
      return { ...state, lines: setQuantity(state.lines, action.goodsId, action.quantity) };
    case 'price':
      return { ...state, lines: setPricePay(state.lines, action.goodsId, action.price) };
    case 'member':
      return { ...state, card: action.card };
    case 'pay':
      return { ...state, order: action.order ?? state.order, paying: true };
    case 'closePayment':
      return { ...state, paying: false };
    case 'paid':
      return { ...cleared(state), printedIds: [] };
    case 'printed':
      return { ...state, printedIds: action.printedIds };
    case 'payFailed':
      if (action.outcome === 'keep') return state;
      if (action.outcome === 'reorder') return { ...state, paying: false, order: null };
      return action.outcome === 'close' ? { ...state, paying: false } : cleared(state);
  }
}

/** The signature of the order the cart needs, or null when the order already made still fits it. */
export function orderNeeded(state: SaleState): string | null {
  const signature = cartSignature(state.lines, state.card?.memberId ?? null);
  return state.order?.signature === signature ? null : signature;
}

export interface PayFailure {
  /**
   * keep: the dialog stays for another click; close: it closes, cart kept; reorder: it closes, the cart is
   * kept and the next 提交订单 makes a new order (this one was closed); clear: it closes and the cart is emptied.
   */
  outcome: 'keep' | 'close' | 'reorder' | 'clear';
  message: string;
}

/** Spec 4 step 4: 605 keeps the dialog (result unknown), 606 closes it (failed), any other answer clears the sale. */
export function payFailure(error: unknown): PayFailure {
  const err = error instanceof ApiError ? error : new ApiError(Code.SERVER_ERROR, Msg.payFailed);
  if (err.code === Code.PAY_UNKNOWN) return { outcome: 'keep', message: err.message || Msg.payUnknown };
  if (err.code === Code.PAY_FAILED) return { outcome: 'close', message: err.message || Msg.payFailed };
  if (err.message === sale.ORDER_CLOSED_MSG) return { outcome: 'reorder', message: `${err.message}，请重新提交订单` };
  return { outcome: 'clear', message: err.message };
}
