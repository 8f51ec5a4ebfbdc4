import { crc32 } from 'node:zlib';

/** Where a zip's local record of `name` starts (yauzl's relativeOffsetOfLocalHeader). */
export interface ZipRecord {
  name: string;
  offset: number;
}

/** The parts ExcelJS's stream reader must have read before a sheet, in this order. */
const BEFORE_SHEETS = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const NO_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const END_OF_DIRECTORY = 0x06054b50;

/**
 * An .xlsx with the workbook, its styles and shared strings ahead of the sheets (an empty shared-strings
 * part added when it has none), for ExcelJS's stream reader. Excel and ExcelJS write the sheets first;
 * the reader then parks each sheet in a temporary file until the zip has been read to its end, and
 * unzipper, under it, now and then reports that end while the parts after the sheet still wait in its
 * buffer (its Parse emits 'end' on 'finish'): the workbook part was never read and a valid file failed,
 * about 1 read in 300 (a valid import answered 无法读取文件 in CI). In this order the first sheet is read
 * as it comes. The local records are copied byte for byte, nothing unpacked, and end with an empty
 * central directory: unzipper reads the records in order and stops at the end record. A zip it cannot
 * lay out again (zip64) is given back as it is.
 */
export function inReadingOrder(bytes: Buffer, records: ZipRecord[]): Buffer {
  const directoryAt = centralDirectoryOffset(bytes);
  if (directoryAt === null) return bytes;
  const sorted = [...records].sort((a, b) => a.offset - b.offset);
  const spans = sorted.map((record, i) => ({ name: record.name, bytes: bytes.subarray(record.offset, sorted[i + 1]?.offset ?? directoryAt) }));
  const first = BEFORE_SHEETS.flatMap((name) => {
    const span = spans.find((s) => s.name === name);
    if (span) return [span.bytes];
    return name === SHARED_STRINGS ? [storedRecord(name, Buffer.from(NO_SHARED_STRINGS))] : [];
  });
  const body = Buffer.concat([...first, ...spans.filter((s) => !BEFORE_SHEETS.includes(s.name)).map((s) => s.bytes)]);
  return Buffer.concat([body, endOfDirectory(body.length)]);
}

/** The central directory's offset from the end record, or null for a zip64 or a record not found. */
function centralDirectoryOffset(bytes: Buffer): number | null {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const offset = bytes.readUInt32LE(at + 16);
    return offset === 0xffffffff ? null : offset;
  }
  return null;
}

/** A local record of `data`, stored (not compressed), its name in UTF-8. */
function storedRecord(name: string, data: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // UTF-8 name
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
  header.writeUInt32LE(crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(fileName.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, fileName, data]);
}

/** An end record of an empty central directory starting at `offset`. */
function endOfDirectory(offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(END_OF_DIRECTORY, 0);
  record.writeUInt32LE(offset, 16);
  return record;
}
