import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded the first time a spreadsheet is read or written: it is the slowest package the server
 * imports (about a second of a start, more than the rest together), and most starts never export.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
