import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A `postgres://` URL switches to PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile: string;
}

// COUNT(*) and bigint sums come back from pg as strings; our counts always fit a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', close: () => kysely.destroy() };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, engine: 'sqlite', close: () => kysely.destroy() };
}
