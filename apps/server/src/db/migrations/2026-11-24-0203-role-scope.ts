import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 15, roles: a data scope per role (ALL: every venue of the tenant; OWN: the user's own venues).
 * `role` is a rule table already (2026-11-24-0601-rules-version): a change moves the tenant's rules
 * version, and every server process sees it on the next request.
 */
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('role')
    .addColumn('data_scope', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OWN')
        .check(sql`data_scope in ('ALL', 'OWN')`),
    )
    .execute();
  await db.updateTable('role').set({ data_scope: 'ALL' }).where('code', '=', 'admin').execute();
}
