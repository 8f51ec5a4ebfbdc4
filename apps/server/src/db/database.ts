import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { preparingPool } from './pg-pool.ts';
import { postgresJsKysely } from './postgres-js.ts';
import type { Database } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';
export type PgDriver = 'pg' | 'postgres.js';
/** Where a repository query runs: the database, or the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a connection of its own that LISTENs on `channel` and hands each payload to
   * `onPayload` (and `onLost` when the connection drops); the answer ends it.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  /** SQLite only: an online copy of the whole database into `file` (the driver's backup API; writes go on meanwhile). */
  backup?(file: string): Promise<void>;
}

export interface DbOptions {
  /** A `postgres://` URL switches to PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL connections of this process (DB_POOL_SIZE). */
  poolSize?: number;
  /** The PostgreSQL client: pg (default) or postgres.js. */
  pgDriver?: PgDriver;
}

/**
 * Connections per server process. Measured with bench:sale (20 tills on one process, 2 cores): more
 * connections than the database's cores only queue inside PostgreSQL, and a till waiting for one of a few
 * busy connections costs less than it waiting on a lock held by one of many.
 */
export const DEFAULT_POOL_SIZE = 10;

// COUNT(*) and bigint sums come back from pg as strings; our counts always fit a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

function pgKysely(url: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its server (a restart, an admin's terminate) must not take the process down;
  // the pool drops that client and the next query opens a fresh one.
  pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
    const kysely = options.pgDriver === 'postgres.js' ? postgresJsKysely(options.databaseUrl, poolSize) : pgKysely(options.databaseUrl, poolSize);
    const listen = async (channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      client.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
      client.on('error', onLost);
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => client.end().catch(() => undefined);
    };
    return { kysely, engine: 'postgres', close: () => kysely.destroy(), listen };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, engine: 'sqlite', close: () => kysely.destroy(), backup: async (file) => void (await sqlite.backup(file)) };
}

/**
 * better-sqlite3 keeping its prepared statements by SQL text. Kysely prepares every query it runs, and
 * preparing costs more than running a small query; the same few hundred statements serve every request.
 * A statement busy in an iteration is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const cached = cache.get(source);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(source);
      if (!cached) {
        if (cache.size >= max) cache.clear();
        cache.set(source, statement);
      }
      return statement;
    },
  };
}
