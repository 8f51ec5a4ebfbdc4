import { describe, expect, it } from 'vitest';
import { compareLines } from './reconcile-compare.ts';

const bill = (type: 'PAY' | 'REFUND', outNo: string, amountFen: number) => ({ type, outNo, channelNo: `C${outNo}`, amountFen, time: '2026-11-27 12:00:00' });

describe('compareLines (支付对账)', () => {
  it('lists what is only in the bill, only here, and what differs in amount; equal lines are no difference', () => {
    const diffs = compareLines(
      [bill('PAY', 'A1', 1000), bill('PAY', 'B1', 500), bill('REFUND', 'A1R1', 300), bill('PAY', 'D1', 800)],
      [bill('PAY', 'A1', 1000), bill('PAY', 'B1', 550), bill('REFUND', 'A1R1', 300), bill('PAY', 'C1', 200)],
    );
    expect(diffs.map((d) => [d.kind, d.trade_type, d.out_no, d.local_fen, d.bill_fen])).toEqual([
      ['AMOUNT', 'PAY', 'B1', 550, 500],
      ['HERE', 'PAY', 'D1', null, 800],
      ['THERE', 'PAY', 'C1', 200, null],
    ]);
  });

  it('sums the lines of one number before comparing (a refund number split over bill lines), keeping pay and refund apart', () => {
    expect(compareLines([bill('REFUND', 'R1', 100), bill('REFUND', 'R1', 200)], [bill('REFUND', 'R1', 300)])).toEqual([]);
    expect(compareLines([bill('PAY', 'X', 100)], [bill('REFUND', 'X', 100)]).map((d) => d.kind)).toEqual(['HERE', 'THERE']);
  });
});
