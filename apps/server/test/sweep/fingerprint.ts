import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables.ts';
import type { Engine } from '../../src/db/database.ts';

/** Row count and checksum of every table: two equal fingerprints mean no row changed anywhere. */
export type Fingerprint = Record<string, string>;

/** The tables of a database (found by introspection once, so a new feature's tables are in). */
const tablesOf = new WeakMap<Kysely<Database>, Promise<{ name: string; tenant: boolean }[]>>();
function tables(db: Kysely<Database>) {
  let found = tablesOf.get(db);
  if (!found) {
    found = db.introspection
      .getTables({ withInternalKyselyTables: true })
      .then((all) => all.map((t) => ({ name: t.name, tenant: t.columns.some((c) => c.name === 'tenant_id') })).sort((a, b) => a.name.localeCompare(b.name)));
    tablesOf.set(db, found);
  }
  return found;
}

/**
 * Every table as "rows:checksum", the checksum independent of the order rows come back in.
 * PostgreSQL computes it itself in one query (md5 of each row's text, aggregated in order); SQLite,
 * in process, hands over the rows and they are hashed here as sorted JSON.
 */
export async function fingerprint(db: Kysely<Database>, engine: Engine, onlyTenant?: number): Promise<Fingerprint> {
  const all = await tables(db);
  const names = all.map((t) => t.name);
  /** With `onlyTenant`, a tenant-owned table counts only that tenant's rows (another tenant may change its own). */
  const scope = (name: string) => {
    const owned = onlyTenant !== undefined && all.find((t) => t.name === name)!.tenant;
    return owned ? sql` where t.tenant_id = ${onlyTenant}` : sql``;
  };
  if (engine === 'postgres') {
    const parts = names.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum from ${sql.table(name)} t${scope(name)}`,
    );
    const { rows } = await sql<{ name: string; sum: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
  }
  const entries: [string, string][] = [];
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)} t${scope(name)}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(Object.values(row))).sort();
    entries.push([name, `${rows.length}:${createHash('sha1').update(lines.join('\n')).digest('hex')}`]);
  }
  return Object.fromEntries(entries);
}

/** The tables whose count or checksum differ. */
export const changedTables = (before: Fingerprint, after: Fingerprint) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t} ${before[t] ?? '-'} -> ${after[t] ?? '-'}`);
