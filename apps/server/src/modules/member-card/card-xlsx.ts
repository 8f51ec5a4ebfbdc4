import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../lib/exceljs.ts';
import type { Readable } from 'node:stream';
import { member, type Card, chinaText } from '@venue/contract';
import { safeRow, streamXlsx, type XlsxColumn } from '../../lib/xlsx-stream.ts';

const KIND_LABELS: Record<string, string> = member.CONSUME_KIND_LABELS;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } };

const when = (isoText: string | null) => (isoText ? chinaText(new Date(isoText)) : '');
const unit = (payType: string) => (payType === 'M' ? '元' : payType === 'T' ? '次' : '');

const CARD_COLUMNS: XlsxColumn<Card>[] = [
  ['会员卡号', 16, (c) => c.cardNo],
  ['实体卡号', 16, (c) => c.phyCardId ?? ''],
  ['卡类型', 18, (c) => c.cardTypeName],
  ['付费类型', 10, (c) => member.CARD_PAY_TYPE_LABELS[c.payType]],
  ['会员姓名', 12, (c) => c.memberName],
  ['手机号', 14, (c) => c.phone],
  ['会员类型', 12, (c) => c.memberTypeName ?? ''],
  ['余额/次数', 12, (c) => c.balance],
  ['单位', 6, (c) => unit(c.payType)],
  ['有效期开始', 20, (c) => when(c.useBeginTime)],
  ['有效期结束', 20, (c) => when(c.useEndTime)],
  ['状态', 8, (c) => member.CARD_STATE_LABELS[c.state]],
  ['开卡', 8, (c) => (c.isOpened === 'T' ? '已开卡' : '未开卡')],
  ['黑名单', 8, (c) => (c.isInBlack ? '是' : '')],
  ['备注', 30, (c) => c.remark],
];

/** The card export as an .xlsx stream, written batch by batch. */
export const cardsXlsx = (batches: AsyncIterable<Card[]>): Readable => streamXlsx('会员卡', CARD_COLUMNS, batches);

function headerRow(sheet: ExcelJS.Worksheet, headers: readonly string[], widths: number[]) {
  sheet.columns = headers.map((header, i) => ({ header, width: widths[i] ?? 14 }));
  sheet.getRow(1).eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
  });
}

/**
 * The import template: a data sheet with just the IMPORT_COLUMNS header (uploading it unchanged imports
 * nothing), and a sheet 填写说明 with an example row and the tenant's card types.
 */
export async function importTemplate(cardTypes: { cardTypeName: string; payType: 'M' | 'T' | 'D'; validDays: number }[]): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet('会员卡');
  headerRow(sheet, member.IMPORT_COLUMNS, [16, 12, 14, 22, 18, 12, 14, 14, 30]);
  sheet.getColumn(3).numFmt = '@';
  sheet.getColumn(4).numFmt = '@';
  const help = book.addWorksheet('填写说明');
  headerRow(help, member.IMPORT_COLUMNS, [16, 12, 14, 22, 18, 12, 14, 14, 30]);
  const example = cardTypes.find((t) => t.payType === 'M') ?? cardTypes[0];
  help.addRow(
    safeRow([
      'CARD0001',
      '张三',
      '13800000000',
      '',
      example?.cardTypeName ?? '',
      example?.payType === 'M' ? 100 : 0,
      '2026-01-01',
      '',
      '示例：在「会员卡」表中按此填写',
    ]),
  );
  help.addRow([]);
  help.addRow(['卡类型', '付费类型', '余额/次数填写', '有效天数']).font = { bold: true };
  for (const t of cardTypes) {
    help.addRow(
      safeRow([
        t.cardTypeName,
        member.CARD_PAY_TYPE_LABELS[t.payType],
        t.payType === 'M' ? '余额，单位元，最多两位小数' : t.payType === 'T' ? '剩余次数，整数' : '填 0 或留空',
        t.validDays || '长期',
      ]),
    );
  }
  help.addRow([]);
  help.addRow(['手机号为11位手机号码；身份证号可不填；日期格式 yyyy-MM-dd；任何一行有误时整批不导入。']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function consumeSummaryXlsx(rows: { day: string; cardTypeName: string; payType: 'M' | 'T' | 'D'; kind: string; count: number; amount: number }[]) {
  const book = new (await loadExcelJs()).Workbook();
  const sheet = book.addWorksheet('消费汇总');
  headerRow(sheet, ['日期', '卡类型', '付费类型', '类别', '笔数', '金额/次数', '单位'], [12, 18, 10, 8, 8, 12, 6]);
  for (const r of rows)
    sheet.addRow(safeRow([r.day, r.cardTypeName, member.CARD_PAY_TYPE_LABELS[r.payType], KIND_LABELS[r.kind] ?? r.kind, r.count, r.amount, unit(r.payType)]));
  return Buffer.from(await book.xlsx.writeBuffer());
}
