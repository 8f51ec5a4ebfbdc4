import { describe, expect, it } from 'vitest';
import { addToCart, cartTotal, setQuantity } from './cart';

const water = { goodsId: 1, goodsName: '矿泉水', specs: '550ml', unit: '瓶', price: 2.1, stock: 10 };
const towel = { goodsId: 2, goodsName: '毛巾', specs: '', unit: '条', price: 0.7, stock: 3 };

describe('settlement list (spec 2.6, 4, 5)', () => {
  it('adds a tile once, then raises its quantity', () => {
    const lines = addToCart(addToCart([], water), water);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(2);
  });
  it('removes a line whose quantity drops to 0 and never goes below 0', () => {
    const lines = addToCart([], water);
    expect(setQuantity(lines, 1, 0)).toEqual([]);
    expect(setQuantity(lines, 1, -3)).toEqual([]);
  });
  it('sums price times quantity exactly, with 2 decimals', () => {
    let lines = addToCart(addToCart([], water), towel);
    lines = setQuantity(lines, 2, 3);
    expect(cartTotal(lines)).toBe('4.20');
    expect(cartTotal([])).toBe('0.00');
  });
});
