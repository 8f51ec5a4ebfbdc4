import { describe, expect, it } from 'vitest';
import { cardDiscount, discountedFen, priceLines } from './sale-pricing.ts';

describe('sale pricing', () => {
  it('rounds a discounted unit price half up to the fen', () => {
    expect(discountedFen(125, 900)).toBe(113); // 112.5
    expect(discountedFen(5, 900)).toBe(5); // 4.5
    expect(discountedFen(650, 900)).toBe(585);
    expect(discountedFen(999, 1000)).toBe(999);
  });

  it('takes the best discount of the discountable cards used', () => {
    expect(cardDiscount([])).toBe(1000);
    expect(
      cardDiscount([
        { discountable: false, discount: 0.5 },
        { discountable: true, discount: 0.95 },
        { discountable: true, discount: 0.9 },
      ]),
    ).toBe(900);
  });

  it('prices each line from its agreed price; the total is the sum of the lines', () => {
    const lines = [
      { id: 1, price_orig_fen: 125, quantity: 3 },
      { id: 2, price_orig_fen: 200, quantity: 1 },
    ];
    expect(priceLines(lines, 900)).toEqual({
      lines: [
        { ...lines[0], price_pay_fen: 113 },
        { ...lines[1], price_pay_fen: 180 },
      ],
      totalFen: 519,
    });
    expect(priceLines(lines, 1000).totalFen).toBe(575);
  });
});
