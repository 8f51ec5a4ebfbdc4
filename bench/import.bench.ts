// Hostile member-card imports against the product in a child process: how long each takes, the server's
// memory above idle, and the p99 of other users' requests (user info) while imports run back to back.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { member } from '@venue/contract';
import { childServer, loginToken, measure } from './lib.ts';

const header = async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('会员卡').addRow([...member.IMPORT_COLUMNS]);
  return Buffer.from(await book.xlsx.writeBuffer());
};
const headerRow = `<row r="1">${member.IMPORT_COLUMNS.map((c, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;
async function withRows(rowsXml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await header());
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}${rowsXml}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const files: [string, Buffer][] = [
  ['one cell at row 1,048,576', await withRows('<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>X</t></is></c></row>')],
  [
    '50,000 rows',
    await withRows(Array.from({ length: 50_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>C${i}</t></is></c></row>`).join('')),
  ],
  ['zip bomb (200 MB of XML)', await withRows(' '.repeat(200 * 1024 * 1024))],
];

const dataDir = mkdtempSync(join(tmpdir(), 'venue-import-bench-'));
const server = await childServer({ DATA_DIR: dataDir, DEMO_SEED: '1' });
const token = await loginToken(server.url);
const auth = { authorization: `Bearer ${token}` };
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;

async function upload(file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'cards.xlsx');
  const started = performance.now();
  const answer = (await (await fetch(`${server.url}/api/${member.IMPORT_CARD_PATH}`, { method: 'POST', headers: auth, body: form })).json()) as {
    code: number;
    msg: string;
  };
  return { ms: Math.round(performance.now() - started), answer };
}

try {
  await upload(files[0][1]); // warm up
  const idle = rssMb();
  console.log(`server idle: ${idle.toFixed(0)} MB RSS`);
  console.log('file'.padEnd(28), 'bytes'.padStart(9), 'ms'.padStart(7), 'peak MB above idle'.padStart(20), ' answer');
  for (const [name, file] of files) {
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const { ms, answer } = await upload(file);
    clearInterval(sampler);
    console.log(
      name.padEnd(28),
      String(file.length).padStart(9),
      String(ms).padStart(7),
      (peak - idle).toFixed(0).padStart(20),
      ` ${answer.code} ${answer.msg}`,
    );
  }

  const quiet = await measure('user info, no import running', { url: `${server.url}/api/system/auth/info`, headers: auth, duration: 5 });
  let running = true;
  let imports = 0;
  const importer = (async () => {
    while (running) {
      for (const [, file] of files) {
        await upload(file);
        imports += 1;
      }
    }
  })();
  const busy = await measure('user info, imports back to back', { url: `${server.url}/api/system/auth/info`, headers: auth, duration: 5 });
  running = false;
  await importer;
  console.log(`\n${'route'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`);
  for (const f of [quiet, busy]) console.log(`${f.name.padEnd(34)} ${String(f.rps).padStart(7)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)}`);
  console.log(`(${imports} hostile imports ran during the second measurement)`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
