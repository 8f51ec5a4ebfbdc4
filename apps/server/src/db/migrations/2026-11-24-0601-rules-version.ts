import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The tables of the rules a request is checked against: a user's grants (roles, their menus' permission
 * strings, the user's venues) and the payment methods each venue takes.
 */
const RULE_TABLES = ['role', 'menu', 'role_menu', 'user_role', 'user_venue', 'payment_method', 'payment_method_venue'] as const;

/**
 * Issue 14: a version of each tenant's rules, bumped by the database itself (a trigger on every write to
 * the rule tables, whoever writes: any server process, a seed, an operator's SQL). Each request reads it
 * with its session in one statement, so a server process keeps grants and payment methods in memory and
 * still sees a change on the very next request.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('rules_version')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (engine === 'postgres') {
    await sql`create function bump_rules_version() returns trigger language plpgsql as $$
      begin
        insert into rules_version (tenant_id, version)
          values (case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end, 1)
          on conflict (tenant_id) do update set version = rules_version.version + 1;
        -- A row moved to another tenant changes the old tenant's grants too.
        if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
          insert into rules_version (tenant_id, version) values (old.tenant_id, 1)
            on conflict (tenant_id) do update set version = rules_version.version + 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of RULE_TABLES) {
      await sql`create trigger ${sql.id(`${table}_rules_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_rules_version()`.execute(db);
    }
    return;
  }
  const bump = (ref: string) =>
    sql.raw(`insert into rules_version (tenant_id, version) values (${ref}.tenant_id, 1)
      on conflict (tenant_id) do update set version = version + 1;`);
  for (const table of RULE_TABLES) {
    await sql`create trigger ${sql.id(`${table}_rules_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_rules_version_update`)} after update on ${sql.table(table)} begin ${bump('new')} ${bump('old')} end`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_rules_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
  }
}
