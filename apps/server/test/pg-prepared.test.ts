import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, type TestDatabase } from './harness.ts';

/** db/pg-pool.ts: statements with parameters are prepared once per connection; a stale one costs one error, not a broken connection. */
describe.runIf(Boolean(process.env.DATABASE_URL))('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database?.drop());

  it('prepares a statement with parameters on its connection and runs it again without preparing', async () => {
    const k = database.db.kysely;
    await k.connection().execute(async (c) => {
      const find = () => c.selectFrom('goods').select('name').where('id', '=', 1).executeTakeFirst();
      expect(await find()).toEqual(await find());
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      expect(rows.map((r) => r.statement)).toContain('select "name" from "goods" where "id" = $1');
      // BEGIN, COMMIT, DDL and other statements without parameters are sent as they are, never prepared.
      expect(rows.filter((r) => !r.statement.includes('$1'))).toEqual([]);
    });
  });

  it('drops a connection whose prepared statement no longer fits the table, and answers again on the next use', async () => {
    const k = database.db.kysely;
    const all = (db = k) => db.selectFrom('warehouse').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    await k.connection().execute(async (c) => {
      await all(c);
      // Another process's migration changes the table under the prepared `select *`.
      await sql`alter table warehouse add column extra text`.execute(k);
      await expect(all(c)).rejects.toThrow(/cached plan must not change result type/);
    });
    expect(await all()).toMatchObject({ id: 1, extra: null });
  });
});
