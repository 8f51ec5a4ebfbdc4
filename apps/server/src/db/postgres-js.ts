import { Kysely } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import type { Database } from './tables.ts';

/**
 * Kysely over postgres.js (PG_DRIVER=postgres.js), the other PostgreSQL client bench:sale measures beside
 * pg (issue 33). Every statement is prepared once per connection, as our pg pool does; COUNT(*) and bigint
 * sums come back as numbers, as they do through pg (database.ts).
 */
export function postgresJsKysely(url: string, max: number): Kysely<Database> {
  const sql = postgres(url, {
    max,
    prepare: true,
    onnotice: () => undefined,
    types: { bigint: { to: 20, from: [20], serialize: (value: number) => String(value), parse: (value: string) => Number(value) } },
  });
  return new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: sql }) });
}
