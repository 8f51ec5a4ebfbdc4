import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { member } from '@venue/contract';
import { createServices } from '../src/modules.ts';
import { LedgerRepository } from '../src/modules/member-card/ledger.repository.ts';
import type { Client } from './client.ts';
import type { Server } from './harness.ts';

/** The demo cards of the seed (see src/seed/member-cards.ts). */
export const DEMO = {
  vip: 'VIP0001',
  unopened: 'VIP0002',
  lost: 'VIP0003',
  returned: 'VIP0004',
  replaced: 'VIP0005',
  black: 'VIP0006',
  expired: 'VIP0007',
  times: 'TIMES0001',
  year: 'YEAR0001',
  phy: '1234567890',
};

export async function cardByNo(as: Client, cardNo: string) {
  const { body } = await as.call(member.getByCardId, { query: { cardId: cardNo } });
  if (body.code !== 200) throw new Error(`${cardNo}: ${body.msg}`);
  return body.data;
}

/** The services of the running server's database (the cashier calls chargeCard this way, inside its own transaction). */
export const servicesOf = (server: Server) => createServices(server.database.db, server.clock, server.database.dataDir).memberCards;

/** Cards whose ledger does not sum to their balance (always none). */
export const ledgerMismatches = (server: Server) => new LedgerRepository(server.db, server.database.db.engine).mismatches();

export async function importXlsx(rows: unknown[][], header: readonly string[] = member.IMPORT_COLUMNS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('会员卡');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export type ImportResult = { imported: number; errors: { line: number; message: string }[] };
export const importCards = (as: Client, bytes: Buffer, name = 'cards.xlsx') => as.upload<ImportResult | null>(member.IMPORT_CARD_PATH, { bytes, name });

/** The first sheet of an .xlsx as rows of text. */
export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

/** Sum of M card balances and of their ledger rows (fen), and the liability the API answers. */
export async function expectBooks(server: Server) {
  const sum = async (q: 'balance' | 'ledger') => {
    const base =
      q === 'balance'
        ? server.db
            .selectFrom('card as c')
            .innerJoin('card_type as t', 't.id', 'c.card_type_id')
            .select(sql<number>`coalesce(sum(c.balance), 0)`.as('s'))
        : server.db
            .selectFrom('card_consume as cc')
            .innerJoin('card as c', 'c.id', 'cc.card_id')
            .innerJoin('card_type as t', 't.id', 'c.card_type_id')
            .select(sql<number>`coalesce(sum(cc.amount), 0)`.as('s'));
    return Number((await base.where('c.tenant_id', '=', 1).where('t.pay_type', '=', 'M').executeTakeFirstOrThrow()).s);
  };
  const liability = (await server.admin.call(member.liability)).body.data!;
  const balances = await sum('balance');
  expect(await sum('ledger')).toBe(balances);
  expect(Math.round(liability.total * 100)).toBe(balances);
  expect(await ledgerMismatches(server)).toEqual([]);
}
