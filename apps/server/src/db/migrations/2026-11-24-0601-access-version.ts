import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** The tables a user's grants are read from (roles, their menus' permission strings, the user's venues). */
const GRANT_TABLES = ['role', 'menu', 'role_menu', 'user_role', 'user_venue'] as const;

/**
 * Issue 14: a version of each tenant's grants, bumped by the database itself (a trigger on every write to
 * the grant tables, whoever writes: any server process, a seed, an operator's SQL). Each request reads it
 * with its session in one statement, so a server process keeps a user's grants in memory and still sees a
 * role or permission change on the very next request.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('access_version')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (engine === 'postgres') {
    await sql`create function bump_access_version() returns trigger language plpgsql as $$
      begin
        insert into access_version (tenant_id, version)
          values (case when tg_op = 'DELETE' then old.tenant_id else new.tenant_id end, 1)
          on conflict (tenant_id) do update set version = access_version.version + 1;
        -- A row moved to another tenant changes the old tenant's grants too.
        if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
          insert into access_version (tenant_id, version) values (old.tenant_id, 1)
            on conflict (tenant_id) do update set version = access_version.version + 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of GRANT_TABLES) {
      await sql`create trigger ${sql.id(`${table}_access_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_access_version()`.execute(db);
    }
    return;
  }
  const bump = (ref: string) =>
    sql.raw(`insert into access_version (tenant_id, version) values (${ref}.tenant_id, 1)
      on conflict (tenant_id) do update set version = version + 1;`);
  for (const table of GRANT_TABLES) {
    await sql`create trigger ${sql.id(`${table}_access_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_access_version_update`)} after update on ${sql.table(table)} begin ${bump('new')} ${bump('old')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_access_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
  }
}
