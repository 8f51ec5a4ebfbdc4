import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/tables.ts';
import type { Engine } from '../../src/db/database.ts';

/** Row count and checksum of every table: two equal fingerprints mean no row changed anywhere. */
export type Fingerprint = Record<string, string>;

/** The write counter `watchWrites` adds: test plumbing, not one of the product's tables. */
const WATCH = 'sweep_writes';

/** The tables of a database (found by introspection once, so a new feature's tables are in). */
const tablesOf = new WeakMap<Kysely<Database>, Promise<{ name: string; tenant: boolean }[]>>();
function tables(db: Kysely<Database>) {
  let found = tablesOf.get(db);
  if (!found) {
    found = db.introspection.getTables({ withInternalKyselyTables: true }).then((all) =>
      all
        .filter((t) => t.name !== WATCH)
        .map((t) => ({ name: t.name, tenant: t.columns.some((c) => c.name === 'tenant_id') }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
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

/**
 * Counts every row any statement writes to any table from now on (row triggers; on PostgreSQL they draw
 * from a sequence, which is outside transactions, so no writer ever waits on the count). Answers a function
 * reading the count: two equal readings mean nothing was written in between, without reading a table.
 */
export async function watchWrites(db: Kysely<Database>, engine: Engine): Promise<() => Promise<string>> {
  const names = (await tables(db)).map((t) => t.name);
  if (engine === 'postgres') {
    await sql`create sequence ${sql.id(WATCH)}`.execute(db);
    await sql`select nextval(${WATCH})`.execute(db);
    await sql.raw(`create function ${WATCH}_count() returns trigger language plpgsql as $$ begin perform nextval('${WATCH}'); return null; end $$`).execute(db);
    for (const name of names)
      await sql`create trigger ${sql.id(`${WATCH}_count`)} after insert or update or delete on ${sql.table(name)} for each row execute function ${sql.id(`${WATCH}_count`)}()`.execute(
        db,
      );
    return async () => (await sql<{ n: string }>`select last_value::text as n from ${sql.table(WATCH)}`.execute(db)).rows[0].n;
  }
  // A full-text index is a virtual table (no triggers) over shadow tables (written only with it): its
  // source table's triggers count those writes.
  const virtual = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`.execute(db)).rows.map(
    (r) => r.name,
  );
  const own = names.filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
  await sql`create table ${sql.table(WATCH)} (n integer not null)`.execute(db);
  await sql`insert into ${sql.table(WATCH)} values (0)`.execute(db);
  for (const name of own)
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`create trigger "${WATCH}_${name}_${op}" after ${op} on "${name}" begin update ${WATCH} set n = n + 1; end`).execute(db);
  return async () => String((await sql<{ n: number }>`select n from ${sql.table(WATCH)}`.execute(db)).rows[0].n);
}

/**
 * The state of the tables as a fingerprint and the write count it was taken at. A fingerprint is only
 * taken again when something was written since the last one: a batch that wrote nothing costs two
 * counter reads instead of two reads of every table.
 */
export function tableStates(db: Kysely<Database>, engine: Engine, writes: () => Promise<string>) {
  const known = new Map<string, { mark: string; print: Fingerprint }>();
  return async (onlyTenant?: number): Promise<{ mark: string; print: Fingerprint }> => {
    const key = String(onlyTenant);
    const mark = await writes();
    const last = known.get(key);
    if (last?.mark === mark) return last;
    const state = { mark, print: await fingerprint(db, engine, onlyTenant) };
    known.set(key, state);
    return state;
  };
}
