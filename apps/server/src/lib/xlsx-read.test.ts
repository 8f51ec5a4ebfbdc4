import fs from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { readFirstSheet } from './xlsx-read.ts';

const HEADER = ['会员卡号', '姓名', '手机号'];
const limits = { maxRows: 5000, columns: 3, maxUnpackedBytes: 48 * 1024 * 1024 };

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('会员卡');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Replaces the first sheet's XML of a workbook, zipped with deflate. */
async function withSheetXml(base: Buffer, xml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(base);
  zip.file('xl/worksheets/sheet1.xml', xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const sheetXml = (rowsXml: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
  `<row r="1"><c r="A1" t="inlineStr"><is><t>会员卡号</t></is></c><c r="B1" t="inlineStr"><is><t>姓名</t></is></c><c r="C1" t="inlineStr"><is><t>手机号</t></is></c></row>` +
  `${rowsXml}</sheetData></worksheet>`;

describe('reading an uploaded sheet as a stream', () => {
  it('reads the header and the non-blank rows with their lines', async () => {
    const read = await readFirstSheet(await workbook([['VIP1', '张三', '13800000001'], [], ['VIP2', '李四', 13800000002]]), limits);
    expect(read).toEqual({
      kind: 'sheet',
      header: HEADER,
      rows: [
        { line: 2, cells: ['VIP1', '张三', '13800000001'] },
        { line: 4, cells: ['VIP2', '李四', '13800000002'] },
      ],
      tooManyRows: false,
    });
  });

  it('reads a valid file when writing a temporary file is slow (Excel and ExcelJS write the sheet before the workbook part)', async () => {
    // ExcelJS's stream reader once parked such a sheet in a temporary file, and unzipper said the zip had
    // ended while it was written: the workbook part after it was lost (1 read in 300, a valid import refused in CI).
    const file = await workbook([['VIP1', '张三', '13800000001']]);
    const createWriteStream = fs.createWriteStream;
    const slowFiles = vi.spyOn(fs, 'createWriteStream').mockImplementation(((...args: Parameters<typeof createWriteStream>) => {
      const stream = createWriteStream(...args);
      const emit = stream.emit.bind(stream);
      stream.emit = ((event: string, ...rest: unknown[]) =>
        event === 'finish' ? Boolean(setTimeout(() => emit(event, ...rest), 100)) : emit(event, ...rest)) as typeof stream.emit;
      return stream;
    }) as typeof createWriteStream);
    try {
      expect(await readFirstSheet(file, limits)).toMatchObject({ kind: 'sheet', rows: [{ line: 2, cells: ['VIP1', '张三', '13800000001'] }] });
    } finally {
      slowFiles.mockRestore();
    }
  });

  it('reads a sheet of inline strings (no shared-strings part)', async () => {
    const base = await workbook([]);
    const zip = await JSZip.loadAsync(base);
    zip.remove('xl/sharedStrings.xml');
    zip.file('xl/worksheets/sheet1.xml', sheetXml('<row r="2"><c r="A2" t="inlineStr"><is><t>VIP9</t></is></c><c r="B2" t="n"><v>7</v></c></row>'));
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(await readFirstSheet(file, limits)).toEqual({ kind: 'sheet', header: HEADER, rows: [{ line: 2, cells: ['VIP9', '7', ''] }], tooManyRows: false });
  });

  it('answers a cell at row 1,048,576 at once, with its line', async () => {
    const file = await withSheetXml(await workbook([]), sheetXml('<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>X</t></is></c></row>'));
    const started = performance.now();
    const read = await readFirstSheet(file, limits);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(read).toMatchObject({ kind: 'sheet', rows: [{ line: 1048576, cells: ['X', '', ''] }], tooManyRows: false });
  });

  it('stops one row past the cap of a 50,000-row sheet', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>C${i}</t></is></c></row>`).join('');
    const file = await withSheetXml(await workbook([]), sheetXml(rows));
    const started = performance.now();
    const read = await readFirstSheet(file, { ...limits, maxRows: 5000 });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(read).toMatchObject({ kind: 'sheet', tooManyRows: true });
    if (read.kind === 'sheet') expect(read.rows).toHaveLength(5000);
  });

  it('refuses a zip that declares more than the unpacked limit (a zip bomb) without unpacking it', async () => {
    const bomb = await withSheetXml(await workbook([]), sheetXml(' '.repeat(64 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    const read = await readFirstSheet(bomb, limits);
    expect(read).toEqual({ kind: 'too-large' });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a zip whose declared sizes lie, after unpacking no more than it declared', async () => {
    const honest = await withSheetXml(await workbook([]), sheetXml(' '.repeat(8 * 1024 * 1024)));
    const lying = Buffer.from(honest);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    // Local header (size at +22) and central directory header (size at +24) of the sheet: say 1 KB.
    for (const [signature, sizeAt, nameAt] of [
      [0x04034b50, 22, 30],
      [0x02014b50, 24, 46],
    ] as const) {
      for (
        let at = lying.indexOf(Buffer.from([signature & 0xff, (signature >> 8) & 0xff, (signature >> 16) & 0xff, signature >>> 24]));
        at >= 0;
        at = lying.indexOf(Buffer.from([signature & 0xff, (signature >> 8) & 0xff, (signature >> 16) & 0xff, signature >>> 24]), at + 4)
      ) {
        if (lying.subarray(at + nameAt, at + nameAt + name.length).equals(name)) lying.writeUInt32LE(1024, at + sizeAt);
      }
    }
    expect(await readFirstSheet(lying, limits)).toEqual({ kind: 'unreadable' });
  });

  it('calls bytes that are not a zip unreadable', async () => {
    expect(await readFirstSheet(Buffer.from('PK not really a zip'), limits)).toEqual({ kind: 'unreadable' });
  });
});
