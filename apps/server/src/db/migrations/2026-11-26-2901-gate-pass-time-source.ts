import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: an event whose board sent no real time (all zeros, month 13: a board whose clock was never
 * set) is kept with the time it reached the server, and says so: C the board's clock, A arrival.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gate_pass')
    .addColumn('time_source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('C')
        .check(sql`time_source in ('C', 'A')`),
    )
    .execute();
}
