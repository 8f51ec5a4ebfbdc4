import { describe, expect, it } from 'vitest';
import type { SaleOrder } from '@venue/contract';
import { allLeft, canRefund, lineRefund, refundAmount, refundLines } from './refund';

const line = (detailId: number, quantity: number, pricePay: number, refundedQuantity = 0) =>
  ({ detailId, quantity, pricePay, refundedQuantity }) as SaleOrder['details'][number];
const order = (details: SaleOrder['details'], pricePay: number, refundedAmount = 0, payState = 'P') =>
  ({ details, pricePay, refundedAmount, payState }) as Pick<SaleOrder, 'details' | 'pricePay' | 'refundedAmount' | 'payState'>;

describe('refund arithmetic of the 退款 dialog', () => {
  it('starts with every unit left and refunds the chosen units at their paid price, without float sums', () => {
    const o = order([line(1, 3, 0.1), line(2, 2, 0.2, 1)], 0.7, 0.2, 'PR');
    expect(allLeft(o)).toEqual({ 1: 3, 2: 1 });
    expect(refundAmount(o, { 1: 2, 2: 0 })).toBe('0.20');
    expect(refundAmount(o, { 1: 1, 2: 1 })).toBe('0.30');
    expect(refundAmount(o, {})).toBe('0.00');
    expect(refundLines(o, { 1: 2, 2: 0 })).toEqual([{ detailId: 1, quantity: 2 }]);
  });

  it('a refund of everything left gives exactly what is left of the payment', () => {
    // 3 × 3.33 = 9.99 but 10.00 was paid once a rounded total is involved: what is left wins.
    const o = order([line(1, 3, 3.33)], 10);
    expect(refundAmount(o, allLeft(o))).toBe('10.00');
    expect(refundLines(o, allLeft(o))).toBeUndefined();
    expect(refundAmount(order([line(1, 2, 5, 1)], 10, 5, 'PR'), { 1: 1 })).toBe('5.00');
  });

  it('a discounting card order gives back each line share of what was paid, as the server does (issue 30)', () => {
    // 脉动 2 × 6.00 + 8.50 at 9折: 18.45 paid. One 脉动 gives back 5.40, not 6.00.
    const o = order([line(1, 2, 6), line(2, 1, 8.5)], 18.45);
    expect(refundAmount(o, { 1: 1, 2: 0 })).toBe('5.40');
    expect(lineRefund(o, o.details[0], 1)).toBe('5.40');
    expect(refundAmount(o, { 1: 0, 2: 1 })).toBe('7.65');
    expect(refundAmount(o, allLeft(o))).toBe('18.45');
  });

  it('offers a refund only for paid or partly refunded orders with units left', () => {
    expect(canRefund(order([line(1, 1, 1)], 1))).toBe(true);
    expect(canRefund(order([line(1, 1, 1)], 1, 0, 'PR'))).toBe(true);
    expect(canRefund(order([line(1, 1, 1, 1)], 1, 1, 'PR'))).toBe(false);
    expect(canRefund(order([line(1, 1, 1)], 1, 0, 'U'))).toBe(false);
    expect(canRefund(order([line(1, 1, 1, 1)], 1, 1, 'FR'))).toBe(false);
  });
});
