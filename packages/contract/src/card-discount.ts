/**
 * The member-card discount (issue 12): a card's discount applies only to the part that card pays.
 * A discountable card paying `m` fen at `d` per mille (900 is 9折) settles the list amount whose
 * discounted price is `m`; whatever list amount is left is paid at list price by the cards after it
 * or by the system method. One rule for the server (which checks a payment) and the web (which proposes one).
 */

export const NO_DISCOUNT = 1000;

/** A card's discount in per mille: 1000 unless the card is discountable. */
export const perMilleOf = (card: { discountable: boolean; discount: number }) =>
  card.discountable ? Math.min(NO_DISCOUNT, Math.max(1, Math.round(card.discount * 1000))) : NO_DISCOUNT;

/** A list amount in fen at `perMille`, rounded half up to the fen. */
export const discountedFen = (listFen: number, perMille: number) => (perMille >= NO_DISCOUNT ? listFen : Math.floor((listFen * perMille + 500) / 1000));

/** The largest list amount a payment of `payFen` at `perMille` settles: the largest x with discountedFen(x) ≤ payFen. */
export const settledBy = (payFen: number, perMille: number) => (perMille >= NO_DISCOUNT ? payFen : Math.floor((1000 * payFen + 499) / perMille));

export interface CardShare {
  /** What the card pays, in fen. */
  payFen: number;
  perMille: number;
}

export type Settlement = { ok: true; restFen: number; dueFen: number } | { ok: false; reason: 'empty' | 'overpaid' | 'afterSettled' };

/**
 * Checks card parts, in the order given, against an order's list total: each card pays more than 0 and at most
 * the discounted price of what is still open. Answers the list amount left for the system method (`restFen`,
 * paid at list price) and the total due (the cards' parts plus the rest).
 */
export function settleCards(listFen: number, cards: CardShare[]): Settlement {
  let restFen = listFen;
  let paidFen = 0;
  for (const card of cards) {
    if (card.payFen <= 0) return { ok: false, reason: 'empty' };
    if (restFen === 0) return { ok: false, reason: 'afterSettled' };
    const full = discountedFen(restFen, card.perMille);
    if (card.payFen > full) return { ok: false, reason: 'overpaid' };
    // Paying less than `full` settles less than restFen (settledBy(m) ≥ restFen would mean full ≤ m).
    restFen = card.payFen === full ? 0 : restFen - settledBy(card.payFen, card.perMille);
    paidFen += card.payFen;
  }
  return { ok: true, restFen, dueFen: paidFen + restFen };
}

/**
 * What each card pays when the cards, in the order chosen, pay as much as their balances allow, and the list
 * amount left for a system method. A card after the order is settled pays 0 (the caller leaves it out).
 */
export function splitOverCards(listFen: number, cards: { balanceFen: number; perMille: number }[]): { cardFen: number[]; restFen: number; dueFen: number } {
  let restFen = listFen;
  const cardFen = cards.map((card) => {
    if (restFen === 0 || card.balanceFen <= 0) return 0;
    const full = discountedFen(restFen, card.perMille);
    const pay = Math.min(full, card.balanceFen);
    restFen = pay === full ? 0 : restFen - settledBy(pay, card.perMille);
    return pay;
  });
  return { cardFen, restFen, dueFen: cardFen.reduce((s, f) => s + f, 0) + restFen };
}
