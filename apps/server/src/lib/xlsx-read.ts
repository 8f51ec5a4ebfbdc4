import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs.ts';
import { inReadingOrder, type ZipRecord } from './xlsx-reading-order.ts';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface SheetLimits {
  /** Data rows (after the header) to keep; one more is read to know the file has too many. */
  maxRows: number;
  /** Cells read per row, from column A. */
  columns: number;
  /** The most the zip may unpack to, by the sizes it declares (an .xlsx is a zip of XML). */
  maxUnpackedBytes: number;
}
export type SheetRow = { line: number; cells: string[] };
export type SheetRead = { kind: 'sheet'; header: string[]; rows: SheetRow[]; tooManyRows: boolean } | { kind: 'unreadable' } | { kind: 'too-large' };

/**
 * What the zip's central directory says it unpacks to, and where its records start, without unpacking
 * anything; null when the bytes are not a zip. A zip bomb declares its size or lies: a lie is caught by
 * `checkedUnpack`.
 */
function zipDirectory(bytes: Buffer): Promise<{ unpacked: number; records: ZipRecord[] } | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(null);
      let unpacked = 0;
      const records: ZipRecord[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        records.push({ name: entry.fileName, offset: entry.relativeOffsetOfLocalHeader });
        zip.readEntry();
      });
      zip.on('end', () => resolve({ unpacked, records }));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/**
 * Unpacks every entry into nothing, counting: yauzl stops an entry the moment it unpacks past its
 * declared size, so a file whose sizes lie is refused after at most `maxUnpackedBytes` of work, off the
 * event loop (zlib runs in the thread pool).
 */
function checkedUnpack(bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(false);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return resolve(false);
          stream.on('error', () => resolve(false));
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.on('end', () => resolve(true));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}

/** A cell as text: rich text, hyperlinks and formulas give their text; dates their UTC calendar date (as Excel stores them). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/**
 * The first sheet's header (line 1) and non-blank data rows, read as a stream: rows are parsed as the
 * zip unpacks and reading stops one row past `maxRows`, so a sheet with a cell at row 1,048,576 or a
 * million rows costs what its first rows cost. The zip must declare, and keep to, at most
 * `maxUnpackedBytes`.
 */
export async function readFirstSheet(bytes: Buffer, limits: SheetLimits): Promise<SheetRead> {
  const directory = await zipDirectory(bytes);
  if (directory === null) return { kind: 'unreadable' };
  if (directory.unpacked > limits.maxUnpackedBytes) return { kind: 'too-large' };
  if (!(await checkedUnpack(bytes))) return { kind: 'unreadable' };

  const source = Readable.from([inReadingOrder(bytes, directory.records)]);
  const reader = new (await loadExcelJs()).stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const texts = (row: ExcelJS.Row) => Array.from({ length: limits.columns }, (_, i) => cellText(row.getCell(i + 1).value));
  let header: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number === 1) header = texts(row);
        else {
          const cells = texts(row);
          if (cells.some(Boolean)) rows.push({ line: row.number, cells });
        }
        if (rows.length > limits.maxRows) break;
      }
      break; // the first sheet only
    }
  } catch {
    return { kind: 'unreadable' };
  } finally {
    source.destroy();
  }
  const tooManyRows = rows.length > limits.maxRows;
  return { kind: 'sheet', header: header ?? [], rows: rows.slice(0, limits.maxRows), tooManyRows };
}
