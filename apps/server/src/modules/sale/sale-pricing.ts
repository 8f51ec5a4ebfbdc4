import { payment } from '@venue/contract';

/** Pay modes that pay (partly) by member card: a discountable card lowers what the order costs. */
export const CARD_MODES: ReadonlySet<string> = new Set([payment.CARD_PAY, payment.COMPOSE_PAY]);

/** A unit price in fen after a discount in per mille (900 is 9折), rounded half up to the fen. */
export const discountedFen = (fen: number, perMille: number) => (perMille >= 1000 ? fen : Math.floor((fen * perMille + 500) / 1000));

/** The card discount a payment gets: the best (lowest) of the discountable cards used; 1000 is none. */
export function cardDiscount(cards: { discountable: boolean; discount: number }[]): number {
  return Math.min(1000, ...cards.filter((c) => c.discountable).map((c) => Math.round(c.discount * 1000)));
}

/**
 * Lines priced for payment: each unit's agreed price (price_orig_fen: the archive price or the
 * permitted override) with the discount; the total is the sum of the lines.
 */
export function priceLines<L extends { id: number; price_orig_fen: number; quantity: number }>(lines: L[], perMille: number) {
  const priced = lines.map((l) => ({ ...l, price_pay_fen: discountedFen(l.price_orig_fen, perMille) }));
  return { lines: priced, totalFen: priced.reduce((sum, l) => sum + l.price_pay_fen * l.quantity, 0) };
}

/** The lines whose stored paid price differs from the priced one: the only ones a payment updates. */
export function changedPrices<L extends { id: number; price_pay_fen: number }>(stored: L[], priced: { id: number; price_pay_fen: number }[]) {
  return priced.filter((p) => stored.find((l) => l.id === p.id)?.price_pay_fen !== p.price_pay_fen);
}
