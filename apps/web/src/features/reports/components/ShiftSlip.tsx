import * as report from '@venue/contract/report';
import { formatYuan } from '@/lib/money';

type Shift = { date: string; venueName: string; rows: report.ShiftRow[] };

/** The totals of a settlement per pay method: what was taken, given back and kept (fen sums). */
export function byPayMethod(rows: readonly report.ShiftRow[]) {
  const map = new Map<string, { payName: string; income: number; refund: number }>();
  for (const r of rows) {
    const at = map.get(r.payMode) ?? { payName: r.payName, income: 0, refund: 0 };
    at.income += Math.round(r.income * 100);
    at.refund += Math.round(r.refund * 100);
    map.set(r.payMode, at);
  }
  return [...map].map(([payMode, t]) => ({ payMode, payName: t.payName, income: t.income / 100, refund: t.refund / 100, net: (t.income - t.refund) / 100 }));
}

/** 交班对账单 on receipt paper: each cashier's lines by business and pay method, then the totals per pay method. */
export function ShiftSlip({ shift, printedAt, width }: { shift: Shift; printedAt: string; width: 58 | 80 }) {
  const cashiers = [...new Set(shift.rows.map((r) => r.userName))];
  const totals = byPayMethod(shift.rows);
  const net = totals.reduce((s, t) => s + Math.round(t.net * 100), 0) / 100;
  return (
    <div className={`receipt receipt-${width}`} data-testid="shift-slip">
      <h3>{shift.venueName}</h3>
      <div className="center">交班对账单</div>
      <div>日期：{shift.date}</div>
      <div>收银员：{cashiers.join('、') || '—'}</div>
      <div>打印时间：{printedAt}</div>
      <hr />
      <table>
        <thead>
          <tr>
            <th>业务/支付</th>
            <th>收款</th>
            <th>退款</th>
          </tr>
        </thead>
        <tbody>
          {shift.rows.map((r, i) => (
            <tr key={i}>
              <td>
                {cashiers.length > 1 ? `${r.userName} ` : ''}
                {report.SHIFT_BUSINESS_LABELS[r.business] ?? r.business}/{r.payName}
              </td>
              <td>{formatYuan(r.income)}</td>
              <td>{formatYuan(r.refund)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr />
      {totals.map((t) => (
        <div key={t.payMode}>
          {t.payName}：收 ¥{formatYuan(t.income)} 退 ¥{formatYuan(t.refund)} 净 ¥{formatYuan(t.net)}
        </div>
      ))}
      <div className="total">净额合计：¥{formatYuan(net)}</div>
      <hr />
      <div>交班人签字：</div>
      <div>接班人签字：</div>
    </div>
  );
}
