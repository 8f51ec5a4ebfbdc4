import { chinaText } from '@venue/contract';
import type { Readable } from 'node:stream';
import type { AuditEntry } from '@venue/contract/audit';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const COLUMNS: XlsxColumn<AuditEntry>[] = [
  ['时间', 20, (e) => chinaText(new Date(e.createTime))],
  ['操作人', 14, (e) => e.realName || e.username],
  ['用户名', 14, (e) => e.username],
  ['场馆', 16, (e) => e.venueName ?? ''],
  ['操作', 14, (e) => e.actionName],
  ['对象', 24, (e) => e.target],
  ['修改前', 50, (e) => e.before ?? ''],
  ['修改后', 50, (e) => e.after ?? ''],
  ['客户端地址', 18, (e) => e.clientIp],
];

export const auditXlsx = (batches: AsyncIterable<AuditEntry[]>): Readable => streamXlsx('操作日志', COLUMNS, batches);
