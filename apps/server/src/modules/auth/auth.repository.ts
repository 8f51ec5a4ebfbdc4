import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

interface LiveSession {
  id: number;
  tenant_id: number;
  user_id: number | null;
  kind: 'user' | 'anonymous';
  venue_id: number | null;
  expires_at: string;
  username: string | null;
  user_state: string | null;
  must_change_password: string | null;
  rules_version: number;
}

/** Sessions, login-attempt counters and captchas: all in the database, so every server process sees them. */
export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserByUsername(username: string) {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async createSession(row: {
    tokenHash: string;
    tenantId: number;
    userId: number | null;
    kind: 'user' | 'anonymous';
    venueId: number | null;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('session')
      .values({
        token_hash: row.tokenHash,
        tenant_id: row.tenantId,
        user_id: row.userId,
        kind: row.kind,
        venue_id: row.venueId,
        created_at: row.createdAt,
        expires_at: row.expiresAt,
        revoked_at: null,
      })
      .execute();
  }

  /**
   * A live session (not revoked, not expired) with its user's name and state, and the version of its
   * tenant's rules (grants, payment methods; 0 before the first change), in one statement: the one read
   * every request makes, written as SQL (Kysely's builder would cost more than the query).
   */
  async findLiveSession(tokenHash: string, nowIso: string): Promise<LiveSession | undefined> {
    const { rows } = await sql<LiveSession>`select s.id, s.tenant_id, s.user_id, s.kind, s.venue_id, s.expires_at,
        u.username, u.state as user_state, u.must_change_password,
        coalesce((select r.version from rules_version r where r.tenant_id = s.tenant_id), 0) as rules_version
      from session s left join users u on u.id = s.user_id
      where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${nowIso}`.execute(this.db);
    return rows[0];
  }

  async revokeSession(sessionId: number, nowIso: string): Promise<void> {
    await this.db.updateTable('session').set({ revoked_at: nowIso }).where('id', '=', sessionId).execute();
  }

  /** Ends every live session of the user but `keepSessionId` (the one that changed the password). */
  async revokeUserSessions(tenantId: number, userId: number, nowIso: string, keepSessionId?: number): Promise<void> {
    let q = this.db
      .updateTable('session')
      .set({ revoked_at: nowIso })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) q = q.where('id', '<>', keepSessionId);
    await q.execute();
  }

  async failureCount(key: string, sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_failure')
      .select('failures')
      .where('failure_key', '=', key)
      .where('last_failed_at', '>', sinceIso)
      .executeTakeFirst();
    return row?.failures ?? 0;
  }

  /**
   * Counts one login attempt under `key` and answers the new count, in one statement: parallel
   * attempts, in this process or another sharing the database, each get their own number, so no two
   * can both pass a limit. A counter idle since `windowStartIso` starts again at 1.
   */
  async countAttempt(key: string, nowIso: string, windowStartIso: string): Promise<number> {
    const row = await this.db
      .insertInto('login_failure')
      .values({ failure_key: key, failures: 1, first_failed_at: nowIso, last_failed_at: nowIso })
      .onConflict((oc) =>
        oc.column('failure_key').doUpdateSet({
          failures: sql`case when login_failure.last_failed_at > ${windowStartIso} then login_failure.failures + 1 else 1 end`,
          last_failed_at: nowIso,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  async clearFailures(keys: string[]): Promise<void> {
    await this.db.deleteFrom('login_failure').where('failure_key', 'in', keys).execute();
  }

  /**
   * The server-wide secret `name`, made (random) by whichever process asks first; every process
   * sharing the database reads the same one.
   */
  async serverSecret(name: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('server_secret')
      .values({ name, value: fresh })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return (await this.db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
  }

  async saveCaptcha(uuid: string, answer: string, expiresAt: string): Promise<void> {
    await this.db.insertInto('captcha').values({ uuid, answer, expires_at: expiresAt }).execute();
  }

  /** Takes a captcha out (one use only) and answers its text if it had not expired. */
  async takeCaptcha(uuid: string, nowIso: string): Promise<string | undefined> {
    const row = await this.db.deleteFrom('captcha').where('uuid', '=', uuid).returning(['answer', 'expires_at']).executeTakeFirst();
    return row && row.expires_at > nowIso ? row.answer : undefined;
  }

  async purgeExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('captcha').where('expires_at', '<', nowIso).execute();
  }
}
