import type { Readable } from 'node:stream';
import { payChannel, payment } from '@venue/contract';
import { streamXlsx, type XlsxColumn } from '../../../lib/xlsx-stream.ts';

type Row = payChannel.ReconcileRun['diffs'][number] & { run: payChannel.ReconcileRun };
const amount = (v: number | null) => (v === null ? '' : v.toFixed(2));

const COLUMNS: XlsxColumn<Row>[] = [
  ['对账日期', 12, (r) => r.run.billDate],
  ['收款渠道', 10, (r) => payment.payModeName(r.run.payMode)],
  ['收款账户', 14, (r) => r.run.venueName],
  ['差异', 12, (r) => payChannel.DIFF_KINDS[r.kind]],
  ['类型', 8, (r) => payChannel.TRADE_TYPES[r.tradeType]],
  ['商户单号', 30, (r) => r.outNo],
  ['渠道单号', 32, (r) => r.channelNo],
  ['本地金额（元）', 14, (r) => amount(r.localAmount)],
  ['账单金额（元）', 14, (r) => amount(r.billAmount)],
  ['交易时间', 20, (r) => r.tradeTime],
];

/** The day's differences of every account, one row each (an account without differences has none). */
export function reconcileXlsx(runs: payChannel.ReconcileRun[]): Readable {
  async function* batches() {
    yield runs.flatMap((run) => run.diffs.map((d) => ({ ...d, run })));
  }
  return streamXlsx('支付对账差异', COLUMNS, batches());
}
