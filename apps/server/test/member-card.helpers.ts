import ExcelJS from 'exceljs';
import { member } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import { LedgerRepository } from '../src/modules/member-card/ledger.repository.ts';
import type { Engine } from '../src/db/database.ts';
import { freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

/** A fresh demo database of the engine, the server over it, and the tokens of the three demo users. */
export async function openServer(engine: Engine) {
  const database = await freshDatabase(engine);
  const api = await startApi(database);
  const [admin, cashier, other] = await Promise.all([api.login('admin', 'admin123'), api.login('cashier', 'cashier123'), api.login('admin2', 'admin123')]);
  return { database, api, admin, cashier, other };
}
export async function closeServer(api?: Api, database?: TestDatabase) {
  await api?.close();
  await database?.drop();
}

/** The demo cards of the seed (see src/seed/member-cards.ts). */
export const DEMO = { vip: 'VIP0001', unopened: 'VIP0002', lost: 'VIP0003', returned: 'VIP0004', replaced: 'VIP0005', black: 'VIP0006', expired: 'VIP0007', times: 'TIMES0001', year: 'YEAR0001', phy: '1234567890' };

export async function cardByNo(api: Api, token: string, cardNo: string) {
  const { body } = await api.call('GET', 'member/card/getByCardId', { token, query: { cardId: cardNo } });
  if (body.code !== 200) throw new Error(`${cardNo}: ${body.msg}`);
  return body.data as { cardId: number; balance: number; state: string; isOpened: string; memberId: number; [k: string]: unknown };
}

/** The services of the running server's database (the cashier calls chargeCard this way, inside its own transaction). */
export const servicesOf = (database: TestDatabase, api: Api) => createServices(database.db, api.clock, database.dataDir).memberCards;

/** Cards whose ledger does not sum to their balance (always none). */
export const ledgerMismatches = (database: TestDatabase) => new LedgerRepository(database.db.kysely, database.db.engine).mismatches();

export async function importXlsx(rows: unknown[][], header: readonly string[] = member.IMPORT_COLUMNS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('会员卡');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function upload(api: Api, token: string, bytes: Buffer, name = 'cards.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(new URL(`/api/${member.IMPORT_CARD_PATH}`, api.url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: { imported: number; errors: { line: number; message: string }[] } | null } };
}

export async function download(api: Api, token: string, path: string, init: { query?: Record<string, string>; body?: unknown } = {}) {
  const url = new URL(`/api/${path}`, api.url);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const response = await fetch(url, {
    method: init.body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The first sheet of an .xlsx as rows of text. */
export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
