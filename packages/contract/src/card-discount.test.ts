import { describe, expect, it } from 'vitest';
import { discountedFen, perMilleOf, settleCards, settledBy, splitOverCards } from './card-discount.ts';

describe('card discount: a card discounts only the part it pays', () => {
  it('rounds the discounted price half up to the fen', () => {
    expect(discountedFen(375, 900)).toBe(338); // 337.5
    expect(discountedFen(5, 900)).toBe(5); // 4.5
    expect(discountedFen(1000, 1000)).toBe(1000);
  });

  it('settles the largest list amount whose discounted price the payment covers', () => {
    for (const perMille of [1, 333, 850, 900, 999, 1000]) {
      for (let pay = 0; pay < 400; pay += 7) {
        const x = settledBy(pay, perMille);
        expect(discountedFen(x, perMille)).toBeLessThanOrEqual(pay);
        expect(discountedFen(x + 1, perMille)).toBeGreaterThan(pay);
      }
    }
  });

  it('takes no discount on what a token card payment leaves: 0.01 from a 9折 card plus 9.99 cash for 10.00', () => {
    expect(settleCards(1000, [{ payFen: 1, perMille: 900 }])).toEqual({ ok: true, restFen: 999, dueFen: 1000 });
    // The exploit of the issue: 0.01 by card and 8.99 cash would leave 9.99 - 8.99 unpaid.
    const settled = settleCards(1000, [{ payFen: 1, perMille: 900 }]);
    expect(settled.ok && settled.restFen).not.toBe(899);
  });

  it('gives the whole discount to a card that pays everything', () => {
    expect(settleCards(1600, [{ payFen: 1440, perMille: 900 }])).toEqual({ ok: true, restFen: 0, dueFen: 1440 });
    expect(settleCards(1600, [{ payFen: 1441, perMille: 900 }])).toEqual({ ok: false, reason: 'overpaid' });
  });

  it('discounts a half-paying card on its half only', () => {
    // 9折 card with 45.00 on a 100.00 order: it settles 50.00, the other 50.00 is due at list price.
    expect(settleCards(10000, [{ payFen: 4500, perMille: 900 }])).toEqual({ ok: true, restFen: 5000, dueFen: 9500 });
  });

  it('refuses an empty part and a card after the order is settled', () => {
    expect(settleCards(1000, [{ payFen: 0, perMille: 1000 }])).toEqual({ ok: false, reason: 'empty' });
    expect(
      settleCards(1000, [
        { payFen: 1000, perMille: 1000 },
        { payFen: 1, perMille: 1000 },
      ]),
    ).toEqual({ ok: false, reason: 'afterSettled' });
  });

  it('splits over cards in the order chosen, each at its own discount, and what it proposes settles', () => {
    const cards = [
      { balanceFen: 2000, perMille: 800 },
      { balanceFen: 1500, perMille: 1000 },
    ];
    const split = splitOverCards(4500, cards);
    // 20.00 at 8折 settles 25.00; 15.00 without discount settles 15.00; 5.00 left at list price.
    expect(split).toEqual({ cardFen: [2000, 1500], restFen: 500, dueFen: 4000 });
    expect(
      settleCards(
        4500,
        split.cardFen.map((payFen, i) => ({ payFen, perMille: cards[i].perMille })),
      ),
    ).toEqual({ ok: true, restFen: 500, dueFen: 4000 });
    expect(
      splitOverCards(1000, [
        { balanceFen: 5000, perMille: 900 },
        { balanceFen: 5000, perMille: 900 },
      ]),
    ).toEqual({ cardFen: [900, 0], restFen: 0, dueFen: 900 });
  });

  it('reads a card: only a discountable card has a discount', () => {
    expect(perMilleOf({ discountable: true, discount: 0.9 })).toBe(900);
    expect(perMilleOf({ discountable: false, discount: 0.9 })).toBe(1000);
  });
});
