import { chinaText } from '@venue/contract';
import type { Readable } from 'node:stream';
import { RECORD_STATE_LABELS, type VerificationRecord } from '@venue/contract/marketing';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const when = (isoText: string | null) => (isoText ? chinaText(new Date(isoText)) : '');
const yuan = (fen: number) => (fen / 100).toFixed(2);

const COLUMNS: XlsxColumn<VerificationRecord>[] = [
  ['核销时间', 20, (r) => when(r.verifyTime ?? r.createTime)],
  ['券码', 16, (r) => r.code],
  ['商品', 24, (r) => r.skuTitle],
  ['实付金额（元）', 14, (r) => yuan(r.payAmount)],
  ['原价（元）', 12, (r) => yuan(r.originalAmount)],
  ['状态', 10, (r) => RECORD_STATE_LABELS[r.state]],
  ['平台订单号', 22, (r) => r.orderId],
  ['核销编号', 26, (r) => r.verifyId ?? ''],
  ['场馆', 16, (r) => r.venueName],
  ['操作人', 12, (r) => r.userName],
  ['撤销时间', 20, (r) => when(r.cancelTime)],
  ['撤销人', 12, (r) => r.cancelUserName ?? ''],
  ['说明', 30, (r) => r.message],
];

export const recordsXlsx = (batches: AsyncIterable<VerificationRecord[]>): Readable => streamXlsx('核销记录', COLUMNS, batches);
