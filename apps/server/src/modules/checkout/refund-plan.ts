import { refund, shareOfPaid } from '@venue/contract';
import { BizError } from '../../lib/errors.ts';
import type { RefundableLine } from './payable.ts';

/** A refusal of the request itself (what to refund): HTTP 400 with the Chinese reason, nothing changes. */
export const badRefund = (msg: string) => new BizError(400, msg, 400);

export interface PlannedLine {
  line_id: number;
  item_id: number;
  quantity: number;
  amount_fen: number;
}

/**
 * Which units a refund takes back and what they cost: the lines asked for (merged by line), or every
 * unit not yet refunded. A line gives back its share of what the order was paid: its price times the
 * units, scaled by paid / lines' total (a card discount is on the order's paid parts, not on its lines),
 * rounded down to the fen; a refund that leaves
 * nothing of the order takes exactly what is left of the paid amount (its last line takes the
 * remainder), so all refunds of an order add up to what was paid: no fen is created or lost.
 */
export function planRefundLines<L extends Pick<RefundableLine, 'id' | 'item_id' | 'name' | 'quantity' | 'refunded_quantity' | 'price_pay_fen' | 'kept'>>(
  lines: L[],
  wanted: { detailId: number; quantity: number }[] | undefined,
  order: { price_pay_fen: number; refunded_fen: number },
  /** What `quantity` units of a line give back, when the kind says (a rental's deposit less deductions); else their paid share. */
  priceOf?: (line: L, quantity: number) => number,
): { lines: PlannedLine[]; amountFen: number } {
  const left = (l: Pick<RefundableLine, 'quantity' | 'refunded_quantity' | 'kept'>) => (l.kept ? 0 : l.quantity - l.refunded_quantity);
  const asked = new Map<number, number>();
  if (wanted) {
    for (const w of wanted) asked.set(w.detailId, (asked.get(w.detailId) ?? 0) + w.quantity);
  } else {
    for (const l of lines) if (left(l) > 0) asked.set(l.id, left(l));
  }
  if (!asked.size) throw badRefund(lines.every((l) => left(l) === 0) ? refund.refundMsg.nothingLeft : refund.refundMsg.nothingChosen);

  const linesFen = lines.reduce((sum, l) => sum + l.price_pay_fen * l.quantity, 0);
  const paidShare = (amount: number) => shareOfPaid(amount, order.price_pay_fen, linesFen);
  const planned: PlannedLine[] = [];
  for (const [lineId, quantity] of asked) {
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw badRefund(refund.refundMsg.lineNotInOrder);
    if (quantity > left(line)) throw badRefund(refund.refundMsg.tooMany(line.name, left(line)));
    planned.push({
      line_id: line.id,
      item_id: line.item_id,
      quantity,
      amount_fen: priceOf ? priceOf(line, quantity) : paidShare(line.price_pay_fen * quantity),
    });
  }
  planned.sort((a, b) => a.line_id - b.line_id);
  let amountFen = planned.reduce((sum, l) => sum + l.amount_fen, 0);
  if (priceOf) {
    if (amountFen > order.price_pay_fen - order.refunded_fen) throw badRefund('退款金额超过订单可退金额');
    return { lines: planned, amountFen };
  }
  // A kept line (a used ticket) stays paid: a refund never takes all of such an order.
  const takesAll = !lines.some((l) => l.kept) && lines.every((l) => left(l) === (asked.get(l.id) ?? 0));
  const rest = order.price_pay_fen - order.refunded_fen;
  if (takesAll || amountFen > rest) {
    const last = planned[planned.length - 1];
    last.amount_fen = Math.max(0, last.amount_fen + rest - amountFen);
    amountFen = planned.reduce((sum, l) => sum + l.amount_fen, 0);
  }
  return { lines: planned, amountFen };
}

/**
 * Splits a refund over the parts of the payment by what is left of each (largest remainder, whole
 * fen): the shares add up to the amount exactly, none exceeds its part's rest, and a refund of
 * everything left gives every part all of its rest.
 */
export function splitOverParts(amountFen: number, rests: number[]): number[] {
  const total = rests.reduce((sum, r) => sum + r, 0);
  if (amountFen > total) throw badRefund('退款金额超过订单可退金额');
  if (amountFen === total) return [...rests];
  // amount × rest may pass 2^53: whole-number arithmetic in BigInt.
  const products = rests.map((r) => BigInt(amountFen) * BigInt(r));
  const shares = products.map((p) => Number(p / BigInt(total)));
  let left = amountFen - shares.reduce((sum, s) => sum + s, 0);
  const byFraction = products.map((p, i) => ({ i, f: p % BigInt(total) })).sort((a, b) => (b.f > a.f ? 1 : b.f < a.f ? -1 : a.i - b.i));
  for (const { i } of byFraction) {
    if (left === 0) break;
    if (shares[i] < rests[i]) {
      shares[i] += 1;
      left -= 1;
    }
  }
  return shares;
}
