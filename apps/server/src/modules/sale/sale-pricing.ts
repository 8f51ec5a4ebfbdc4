import { payment } from '@venue/contract';

/** Pay modes that pay (partly) by member card: a discountable card lowers the part it pays. */
export const CARD_MODES: ReadonlySet<string> = new Set([payment.CARD_PAY, payment.COMPOSE_PAY]);

/** The lines at their agreed unit prices (price_orig_fen: the archive price or the permitted override): the list total a payment settles. */
export const listTotalFen = (lines: { price_orig_fen: number; quantity: number }[]) => lines.reduce((sum, l) => sum + l.price_orig_fen * l.quantity, 0);
