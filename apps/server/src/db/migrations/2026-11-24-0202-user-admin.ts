import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 15, users: the venue a user starts in (default_venue_id, one of its user_venue rows) and
 * must_change_password ('T' after an admin reset the password or the install made it up: every call
 * but the session's own is refused until the user changes it).
 */
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'text', (c) =>
      c
        .notNull()
        .defaultTo('F')
        .check(sql`must_change_password in ('T', 'F')`),
    )
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('default_venue_id', 'integer', (c) => c.references('venue.id'))
    .execute();
}
