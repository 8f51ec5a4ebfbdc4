import { chinaText } from '@venue/contract';
import type { Readable } from 'node:stream';
import { DIRECTION_LABELS, DOOR_STATE_LABELS, PASS_KIND_LABELS, type Command, type DoorState, type Pass } from '@venue/contract/gate';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const when = (isoText: string) => chinaText(new Date(isoText));
const yesNo = (flag: 'T' | 'F', yes: string, no: string) => (flag === 'T' ? yes : no);

const COMMAND_COLUMNS: XlsxColumn<Command>[] = [
  ['时间', 20, (c) => when(c.createTime)],
  ['操作人', 12, (c) => c.userName],
  ['场馆', 16, (c) => c.venueName],
  ['区域', 12, (c) => c.areaName],
  ['闸机', 16, (c) => c.gateName],
  ['方向', 8, (c) => DIRECTION_LABELS[c.passDirection]],
  ['操作', 8, (c) => DOOR_STATE_LABELS[c.doorState as DoorState] ?? String(c.doorState)],
  ['控制器', 16, (c) => c.controllerName],
  ['序列号', 12, (c) => c.serialNo],
  ['门', 6, (c) => c.door],
  ['结果', 8, (c) => yesNo(c.success, '成功', '失败')],
  ['控制器应答', 50, (c) => c.answer],
  ['耗时（毫秒）', 12, (c) => c.durationMs],
];

const PASS_COLUMNS: XlsxColumn<Pass>[] = [
  ['通行时间', 20, (p) => when(p.passTime) + (p.timeSource === 'A' ? '（接收时间）' : '')],
  ['场馆', 16, (p) => p.venueName],
  ['区域', 12, (p) => p.areaName],
  ['闸机', 18, (p) => p.gateName],
  ['方向', 8, (p) => DIRECTION_LABELS[p.direction]],
  ['类型', 8, (p) => PASS_KIND_LABELS[p.kind]],
  ['卡号', 14, (p) => (p.cardNumber === null ? '' : String(p.cardNumber))],
  ['会员卡号', 14, (p) => p.cardNo ?? ''],
  ['会员', 12, (p) => p.memberName ?? ''],
  ['结果', 8, (p) => yesNo(p.granted, '通过', '拒绝')],
  ['原因', 16, (p) => p.reason],
  ['控制器', 16, (p) => p.controllerName],
  ['门', 6, (p) => p.door],
];

export const commandsXlsx = (batches: AsyncIterable<Command[]>): Readable => streamXlsx('闸机操作记录', COMMAND_COLUMNS, batches);
export const passesXlsx = (batches: AsyncIterable<Pass[]>): Readable => streamXlsx('闸机通行记录', PASS_COLUMNS, batches);
