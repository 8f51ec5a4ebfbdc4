import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { safeCell, streamXlsx } from './xlsx-stream.ts';

describe('export cells a spreadsheet could evaluate', () => {
  it.each(['=1+1', '+86 138', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://x","y")'])('keeps %j as text with a leading apostrophe', (text) => {
    expect(safeCell(text)).toBe(`'${text}`);
  });
  it.each(['张三', 'VIP0001', '13800000001', '', "'quoted", 'a=b'])('leaves %j as it is', (text) => {
    expect(safeCell(text)).toBe(text);
  });
  it('leaves numbers as numbers, negative ones too', () => {
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(0)).toBe(0);
  });

  it('writes every streamed row safe: the file holds text, never a formula', async () => {
    const rows = [{ name: '=2+3', amount: -5 }];
    async function* batches() {
      yield rows;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of streamXlsx(
      't',
      [
        ['名称', 10, (r: (typeof rows)[0]) => r.name],
        ['金额', 10, (r) => r.amount],
      ],
      batches(),
    ))
      chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=2+3");
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe(-5);
  });
});
