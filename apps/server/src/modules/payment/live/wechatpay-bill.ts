import { billFen, csvFields, type BillLine } from './bill-line.ts';

/**
 * WeChat Pay's downloadbill (bill_type ALL): a header line, one line per trade with every field led by
 * a backquote, then the totals ("总交易单数..."). A trade in state REFUND is a refund line (商户退款单号,
 * 申请退款金额); SUCCESS a payment (订单金额); a reversed trade (REVOKED) moved no money.
 */
export function parseWechatBill(text: string): BillLine[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (!lines.length) return [];
  const header = csvFields(lines[0]);
  const at = (name: string) => header.indexOf(name);
  const col = {
    time: at('交易时间'),
    tradeNo: at('微信订单号'),
    out: at('商户订单号'),
    state: at('交易状态'),
    total: at('订单金额'),
    due: at('应结订单金额'),
    refundNo: at('微信退款单号'),
    outRefund: at('商户退款单号'),
    refundAsked: at('申请退款金额'),
    refund: at('退款金额'),
  };
  const out: BillLine[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break;
    const f = csvFields(line).map((v) => v.replace(/^`/, ''));
    const get = (i: number) => (i >= 0 ? (f[i] ?? '') : '');
    if (get(col.state) === 'SUCCESS') {
      const fen = billFen(get(col.total) || get(col.due));
      if (!Number.isNaN(fen)) out.push({ type: 'PAY', outNo: get(col.out), channelNo: get(col.tradeNo), amountFen: fen, time: get(col.time) });
    } else if (get(col.state) === 'REFUND') {
      const fen = billFen(get(col.refundAsked) || get(col.refund));
      if (!Number.isNaN(fen)) out.push({ type: 'REFUND', outNo: get(col.outRefund), channelNo: get(col.refundNo), amountFen: fen, time: get(col.time) });
    }
  }
  return out;
}
