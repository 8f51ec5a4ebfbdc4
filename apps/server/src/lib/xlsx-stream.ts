import { loadExcelJs } from './exceljs.ts';
import { PassThrough, type Readable } from 'node:stream';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A cell value a spreadsheet can never evaluate (OWASP CSV injection): text starting with = + - @, a tab
 * or a carriage return gets a leading apostrophe, so a formula typed into a name or remark stays text even
 * when the file is saved as CSV and opened again. Numbers stay numbers.
 */
export function safeCell<V>(value: V): V | string {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A row of cells made safe, for `sheet.addRow`. */
export const safeRow = <V>(values: V[]) => values.map(safeCell);

/** One column of an export: its header, its width in characters, and how a row fills it. */
export type XlsxColumn<Row> = [header: string, width: number, value: (row: Row) => string | number];

/**
 * An export as an .xlsx stream with a bold header: rows are written as batches arrive, so exporting a
 * big tenant's whole list never holds the workbook in memory. A failing batch ends the stream with its error.
 */
export function streamXlsx<Row>(sheetName: string, columns: XlsxColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  const out = new PassThrough();
  void (async () => {
    const ExcelJS = await loadExcelJs();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(sheetName);
    sheet.columns = columns.map(([header, width], i) => ({ header, width, key: String(i) }));
    sheet.getRow(1).font = { bold: true };
    for await (const rows of batches) for (const row of rows) sheet.addRow(columns.map(([, , value]) => safeCell(value(row)))).commit();
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
