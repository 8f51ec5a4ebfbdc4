import { describe, expect, it } from 'vitest';
import { BizError } from '../../lib/errors.ts';
import type { RefundableLine } from './payable.ts';
import { planRefundLines, splitOverParts } from './refund-plan.ts';

const line = (id: number, quantity: number, price: number, refunded = 0): RefundableLine => ({
  id,
  item_id: 100 + id,
  name: `商品${id}`,
  specs: '',
  unit: '',
  quantity,
  refunded_quantity: refunded,
  price_pay_fen: price,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as BizError).status, (e as BizError).message];
  }
  return null;
};

describe('sale refund arithmetic', () => {
  it('refunds chosen units at their paid unit price, merging repeats of a line', () => {
    const lines = [line(1, 3, 350), line(2, 1, 1000)];
    expect(
      planRefundLines(
        lines,
        [
          { detailId: 1, quantity: 1 },
          { detailId: 1, quantity: 1 },
        ],
        { price_pay_fen: 2050, refunded_fen: 0 },
      ),
    ).toEqual({ lines: [{ line_id: 1, item_id: 101, quantity: 2, amount_fen: 700 }], amountFen: 700 });
  });

  it('a whole refund takes exactly what is left, the last line taking the remainder', () => {
    const lines = [line(1, 3, 333, 1), line(2, 1, 1000)];
    // Paid 1999 (a rounded total); 333 already refunded: 1666 left, whatever the unit prices say.
    const plan = planRefundLines(lines, undefined, { price_pay_fen: 1999, refunded_fen: 333 });
    expect(plan.amountFen).toBe(1666);
    expect(plan.lines).toEqual([
      { line_id: 1, item_id: 101, quantity: 2, amount_fen: 666 },
      { line_id: 2, item_id: 102, quantity: 1, amount_fen: 1000 },
    ]);
  });

  it('a card-discounted order refunds each unit at its share of what was paid, never its list price', () => {
    // 2 × 8.00 paid 14.40 with a 9折 card: one unit gives back 7.20, the rest takes what is left.
    const lines = [line(1, 2, 800)];
    expect(planRefundLines(lines, [{ detailId: 1, quantity: 1 }], { price_pay_fen: 1440, refunded_fen: 0 }).amountFen).toBe(720);
    expect(planRefundLines([line(1, 2, 800, 1)], undefined, { price_pay_fen: 1440, refunded_fen: 720 }).amountFen).toBe(720);
    // 0.01 by a 9折 card and 9.99 in cash for 3 × 3.34 (10.02 list): 10.00 paid; a unit gives back 3.33.
    expect(planRefundLines([line(1, 3, 334)], [{ detailId: 1, quantity: 1 }], { price_pay_fen: 1000, refunded_fen: 0 }).amountFen).toBe(333);
  });

  it('refuses more than is left, lines of other orders, and an order with nothing left (400)', () => {
    const lines = [line(1, 2, 500, 1)];
    const order = { price_pay_fen: 1000, refunded_fen: 500 };
    expect(refusal(() => planRefundLines(lines, [{ detailId: 1, quantity: 2 }], order))).toEqual([400, '商品「商品1」最多可退 1 件']);
    expect(refusal(() => planRefundLines(lines, [{ detailId: 9, quantity: 1 }], order))).toEqual([400, '退款商品不属于该订单']);
    expect(refusal(() => planRefundLines([line(1, 2, 500, 2)], undefined, { price_pay_fen: 1000, refunded_fen: 1000 }))).toEqual([400, '该订单已全额退款']);
  });

  it('splits over the parts by what is left of each, to the fen', () => {
    expect(splitOverParts(3000, [5000, 4000])).toEqual([1667, 1333]);
    expect(splitOverParts(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(splitOverParts(9000, [5000, 4000])).toEqual([5000, 4000]);
    expect(splitOverParts(0, [5000])).toEqual([0]);
    const big = splitOverParts(2_000_000_001, [2_147_483_647, 1_000_000_000]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(2_000_000_001);
    expect(refusal(() => splitOverParts(10, [3, 4]))).toEqual([400, '退款金额超过订单可退金额']);
    for (let amount = 0; amount <= 97; amount += 1) {
      const shares = splitOverParts(amount, [10, 40, 47]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(shares.every((s, i) => s >= 0 && s <= [10, 40, 47][i])).toBe(true);
    }
  });
});
