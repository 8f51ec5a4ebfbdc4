import { describe, expect, it } from 'vitest';
import { listTotalFen } from './pay-plan.ts';

describe('pay plan', () => {
  it('sums the lines at their agreed unit prices', () => {
    expect(
      listTotalFen([
        { price_orig_fen: 125, quantity: 3 },
        { price_orig_fen: 200, quantity: 1 },
      ]),
    ).toBe(575);
    expect(listTotalFen([])).toBe(0);
  });
});
