import type { SaleOrder } from '@venue/contract';
import * as sale from '@venue/contract/sale';
import { shareOfPaid } from '@venue/contract/common/money';
import { fenToYuan, yuanToFen } from '@/lib/money';

/** What the refund dialog edits: units to refund per line (0: the line is not refunded). */
export type RefundQuantities = Record<number, number>;

/** Units of a line not yet refunded (nor being refunded). */
export const unitsLeft = (line: Pick<SaleOrder['details'][number], 'quantity' | 'refundedQuantity'>) => line.quantity - line.refundedQuantity;

/** Whether the order has something to refund: paid or partly refunded, units and money left. */
export const canRefund = (order: Pick<SaleOrder, 'payState' | 'details'>) =>
  sale.REFUNDABLE_PAY_STATES.includes(order.payState) && order.details.some((l) => unitsLeft(l) > 0);

/** The dialog's starting point: every unit left of every line. */
export const allLeft = (order: Pick<SaleOrder, 'details'>): RefundQuantities =>
  Object.fromEntries(order.details.filter((l) => unitsLeft(l) > 0).map((l) => [l.detailId, unitsLeft(l)]));

/** What `quantity` units of a line give back in fen: their share of what the order was paid (shareOfPaid, the server's rule). */
export function lineRefundFen(order: Pick<SaleOrder, 'details' | 'pricePay'>, line: Pick<SaleOrder['details'][number], 'pricePay'>, quantity: number): number {
  const linesFen = order.details.reduce((sum, l) => sum + yuanToFen(l.pricePay) * l.quantity, 0);
  return shareOfPaid(yuanToFen(line.pricePay) * quantity, yuanToFen(order.pricePay), linesFen);
}

/** What one line's `quantity` units give back, as '0.00' (a discounting card's order: less than their list price). */
export const lineRefund = (order: Pick<SaleOrder, 'details' | 'pricePay'>, line: Pick<SaleOrder['details'][number], 'pricePay'>, quantity: number) =>
  fenToYuan(lineRefundFen(order, line, quantity));

/**
 * The amount the server will give back for `quantities`, in yuan as '0.00' (whole fen, no float sums):
 * each line's share of what the order was paid for its units; when that takes every unit left,
 * exactly what is left of the paid amount (the server's rule, so a rounded total loses no fen).
 */
export function refundAmount(order: Pick<SaleOrder, 'details' | 'pricePay' | 'refundedAmount'>, quantities: RefundQuantities): string {
  const chosen = order.details.filter((l) => (quantities[l.detailId] ?? 0) > 0);
  const takesAll = order.details.every((l) => unitsLeft(l) === (quantities[l.detailId] ?? 0));
  const sum = chosen.reduce((total, l) => total + lineRefundFen(order, l, quantities[l.detailId]), 0);
  const rest = yuanToFen(order.pricePay) - yuanToFen(order.refundedAmount);
  return fenToYuan(chosen.length && (takesAll || sum > rest) ? rest : sum);
}

/** The request lines (only lines with units), or undefined for a refund of everything left (a whole refund). */
export function refundLines(order: Pick<SaleOrder, 'details'>, quantities: RefundQuantities) {
  const lines = order.details.filter((l) => (quantities[l.detailId] ?? 0) > 0).map((l) => ({ detailId: l.detailId, quantity: quantities[l.detailId] }));
  const whole = order.details.every((l) => unitsLeft(l) === (quantities[l.detailId] ?? 0));
  return whole ? undefined : lines;
}
