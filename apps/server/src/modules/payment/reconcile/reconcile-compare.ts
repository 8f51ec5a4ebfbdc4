import type { ReconcileDiffKind } from '../../../db/tables.ts';
import type { BillLine } from '../live/index.ts';
import type { LocalLine } from './reconcile.repository.ts';

export interface Diff {
  kind: ReconcileDiffKind;
  trade_type: 'PAY' | 'REFUND';
  out_no: string;
  channel_no: string;
  local_fen: number | null;
  bill_fen: number | null;
  trade_time: string;
}

/**
 * Line by line, keyed by the kind and our number (out_trade_no / out_refund_no): in the bill and not
 * here (HERE), here and not in the bill (THERE), in both with other amounts (AMOUNT). Lines of a number
 * that repeats (a bill line per refund of one trade) are summed first.
 */
export function compareLines(bill: BillLine[], local: LocalLine[]): Diff[] {
  const key = (l: { type: string; outNo: string }) => `${l.type}:${l.outNo}`;
  const sum = <L extends BillLine | LocalLine>(lines: L[]) => {
    const by = new Map<string, L & { amountFen: number }>();
    for (const l of lines) {
      const known = by.get(key(l));
      by.set(key(l), known ? { ...known, amountFen: known.amountFen + l.amountFen } : { ...l });
    }
    return by;
  };
  const billed = sum(bill);
  const ours = sum(local);
  const diffs: Diff[] = [];
  for (const [k, b] of billed) {
    const l = ours.get(k);
    if (!l)
      diffs.push({ kind: 'HERE', trade_type: b.type, out_no: b.outNo, channel_no: b.channelNo, local_fen: null, bill_fen: b.amountFen, trade_time: b.time });
    else if (l.amountFen !== b.amountFen)
      diffs.push({
        kind: 'AMOUNT',
        trade_type: b.type,
        out_no: b.outNo,
        channel_no: b.channelNo || l.channelNo,
        local_fen: l.amountFen,
        bill_fen: b.amountFen,
        trade_time: b.time,
      });
  }
  for (const [k, l] of ours) {
    if (!billed.has(k))
      diffs.push({ kind: 'THERE', trade_type: l.type, out_no: l.outNo, channel_no: l.channelNo, local_fen: l.amountFen, bill_fen: null, trade_time: l.time });
  }
  return diffs;
}
