import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * What a ticket check is judged against besides the ticket itself: a venue's items and their settings
 * (enabled, capacity), its closures, and the ticket types with their use-time slots.
 */
const TICKET_RULE_TABLES = ['sport_item', 'venue_item', 'venue_closure', 'ticket_type', 'ticket_type_time'] as const;

/**
 * Issues 18/19: a version of each tenant's ticket rules, bumped by the database itself (a trigger on
 * every write to those tables, whichever server process writes, a seed or an operator's SQL). A ticket
 * check reads it in the statement that loads the tickets, so each server process keeps the rules in
 * memory by version and still sees an admin's edit on the very next check (as rules_version does for grants).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('ticket_rules_version')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (engine === 'postgres') {
    await sql`create function bump_ticket_rules_version() returns trigger language plpgsql as $$
      begin
        insert into ticket_rules_version (tenant_id, version)
          values (case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end, 1)
          on conflict (tenant_id) do update set version = ticket_rules_version.version + 1;
        if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
          insert into ticket_rules_version (tenant_id, version) values (old.tenant_id, 1)
            on conflict (tenant_id) do update set version = ticket_rules_version.version + 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of TICKET_RULE_TABLES) {
      await sql`create trigger ${sql.id(`${table}_ticket_rules_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_ticket_rules_version()`.execute(db);
    }
    return;
  }
  const bump = (ref: string) =>
    sql.raw(`insert into ticket_rules_version (tenant_id, version) values (${ref}.tenant_id, 1)
      on conflict (tenant_id) do update set version = version + 1;`);
  for (const table of TICKET_RULE_TABLES) {
    await sql`create trigger ${sql.id(`${table}_ticket_rules_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_ticket_rules_version_update`)} after update on ${sql.table(table)} begin ${bump('new')} ${bump('old')} end`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_ticket_rules_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
  }
}
