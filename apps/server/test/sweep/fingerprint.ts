import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables.ts';

/** Row count and checksum of every table: two equal fingerprints mean no row changed anywhere. */
export type Fingerprint = Record<string, string>;

const cell = (value: unknown) => (value instanceof Date ? value.toISOString() : Buffer.isBuffer(value) ? value.toString('base64') : value);

/**
 * Every table the database has (found by introspection, so a new feature's tables are in), each as
 * "rows:sha1 of its rows". Rows are compared as sorted JSON, so the order a query returns them in does
 * not matter; the same on SQLite and PostgreSQL.
 */
export async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  const entries = await Promise.all(
    tables.map(async (name) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      const lines = rows.map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, cell(v)]))).sort();
      return [name, `${rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex').slice(0, 16)}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The tables whose count or checksum differ. */
export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t} ${before[t] ?? '-'} -> ${after[t] ?? '-'}`);
