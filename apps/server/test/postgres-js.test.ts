import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/database.ts';
import { isUniqueViolation } from '../src/lib/errors.ts';
import { engines, freshDatabase, type TestDatabase } from './harness.ts';

/**
 * PG_DRIVER=postgres.js, the client bench:sale measures beside pg (issue 33): what the repositories rely
 * on holds through it too: counts as numbers, transactions that roll back, and PostgreSQL's error codes.
 * PostgreSQL only (CI sets DATABASE_URL; without PostgreSQL there it fails).
 */
describe.runIf(engines().includes('postgres'))('the postgres.js client', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    db = openDatabase({ databaseUrl: database.url, sqliteFile: '', pgDriver: 'postgres.js', poolSize: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('answers the demo tenant and its counts as numbers, as pg does', async () => {
    const viaPg = await database.db.kysely
      .selectFrom('goods')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const viaJs = await db.kysely
      .selectFrom('goods')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof viaJs.n).toBe('number');
    expect(viaJs.n).toBe(viaPg.n);
    expect(viaJs.n).toBeGreaterThan(0);
  });

  it('rolls a failed transaction back and reports a unique violation by its code', async () => {
    const before = await db.kysely
      .selectFrom('sport_item')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const error = await db.kysely
      .transaction()
      .execute(async (trx) => {
        const row = await trx.selectFrom('sport_item').selectAll().limit(1).executeTakeFirstOrThrow();
        await sql`insert into sport_item select * from sport_item where id = ${row.id}`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    const after = await db.kysely
      .selectFrom('sport_item')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
