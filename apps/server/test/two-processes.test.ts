import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import { freshDatabase, startApi, type Api, type TestDatabase } from './harness.ts';

/**
 * Two server instances over one PostgreSQL act as one (design 3: nothing that matters lives in one
 * process). Each instance has its own connection pool, as two processes would.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('two servers on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: Api;
  let second: Api;
  let secondPool: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    first = await startApi(database);
    secondPool = openDatabase({ databaseUrl: await databaseUrlOf(database), sqliteFile: '' });
    second = await startApi({ ...database, db: secondPool });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondPool?.close();
    await database?.drop();
  });

  it('accepts a token of one on the other, and a logout on one revokes on both', async () => {
    const token = await first.login('admin', 'admin123');
    expect((await second.call('GET', 'system/auth/info', { token })).status).toBe(200);
    await second.call('DELETE', 'system/auth/logout', { token });
    expect((await first.call('GET', 'system/auth/info', { token })).status).toBe(401);
  });

  it('shares failed-login counts', async () => {
    await first.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'bad' } });
    await second.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'bad' } });
    await first.call('POST', 'system/auth/login', { body: { username: 'cashier', password: 'bad' } });
    for (const api of [first, second]) {
      expect((await api.call('GET', 'system/auth/checkNeedCaptchaAnonymous', { query: { username: 'cashier' } })).body.data.needCaptcha).toBe(true);
    }
  });
});

/** The throw-away database's URL, read back from the connection the harness opened. */
async function databaseUrlOf(database: TestDatabase): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db.kysely);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0].name}`;
  return url.href;
}
