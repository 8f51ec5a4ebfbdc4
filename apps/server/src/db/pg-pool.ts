import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

/** Distinct statements a process prepares on each of its connections, at most; past it they run unprepared. */
const MAX_PREPARED = 500;

/**
 * pg's pool for Kysely, preparing each statement that has parameters once per connection (a named
 * statement): PostgreSQL parses and plans it the first time and then only binds and runs it, which is most
 * of a small statement's cost on the database. Statements without parameters (BEGIN, COMMIT, DDL, scripts
 * of several statements) go as plain queries. A connection whose prepared statement no longer fits the
 * schema (a migration by a newer process changed a table under it: "cached plan must not change result
 * type") is discarded when released, so the next use prepares afresh.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED) names.set(text, (name = `venue_${names.size + 1}`));
    return name;
  };
  return {
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let stale = false;
      function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never) as PostgresCursor<R>;
        const values = parameters ? [...parameters] : [];
        const name = values.length ? nameOf(sqlOrCursor) : undefined;
        const result = client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values }) as unknown as Promise<PostgresQueryResult<R>>;
        return result.catch((error: { code?: string }) => {
          if (name && error.code === '0A000') stale = true;
          throw error;
        });
      }
      return { query, release: () => client.release(stale || undefined) };
    },
  };
}
