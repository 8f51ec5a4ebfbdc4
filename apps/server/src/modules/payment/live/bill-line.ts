import { yuanToFen } from '@venue/contract';

/** One line of a platform's bill: a payment or a refund, by our number, in fen. */
export interface BillLine {
  type: 'PAY' | 'REFUND';
  /** Our out_trade_no (PAY) or out_refund_no (REFUND). */
  outNo: string;
  channelNo: string;
  amountFen: number;
  /** As the bill gives it (China time). */
  time: string;
}

/** A bill's amount in yuan ("12.30", "-5.00") as fen; NaN for text that is no amount. */
export const billFen = (text: string) => {
  const t = text.trim();
  return /^-?\d+(\.\d{1,2})?$/.test(t) ? Math.abs(yuanToFen(Number(t))) : Number.NaN;
};

/** Splits a CSV line (the platforms' bills quote nothing but may wrap a field in double quotes). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out.map((f) => f.trim());
}
