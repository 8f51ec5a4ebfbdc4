import { sql, type Kysely } from 'kysely';

/**
 * Issue 12: anonymous board tokens only for venues whose boards are public (`venue.board_public`,
 * off unless set), signed with a key every server process shares (`server_secret`) instead of a
 * session row per call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('venue')
    .addColumn('board_public', 'text', (c) =>
      c
        .notNull()
        .defaultTo('F')
        .check(sql`board_public in ('T', 'F')`),
    )
    .execute();
  await db.schema
    .createTable('server_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
