import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** A table with an auto-increment `id` primary key on either engine. */
export function tableWithId(db: Kysely<any>, engine: Engine, name: string): CreateTableBuilder<string, 'id'> {
  const table = db.schema.createTable(name);
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A tenant-owned table: `id` plus a non-null `tenant_id`. */
export function tenantTable(db: Kysely<any>, engine: Engine, name: string) {
  return tableWithId(db, engine, name).addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'));
}

/**
 * The pay columns of a payable order table (see `PayableOrder` in modules/checkout/payable.ts), so the
 * checkout can pay it like a sale order: add them to a new order table with
 * `payColumns(tenantTable(db, engine, 'lease_order').addColumn(...))`.
 */
export function payColumns<T extends string>(table: CreateTableBuilder<T, 'id'>) {
  return table
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('member_id', 'integer', (c) => c.references('member.id'))
    .addColumn('order_state', 'text', (c) => c.notNull().defaultTo('P'))
    .addColumn('pay_state', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull().check(sql`price_pay_fen >= 0`))
    .addColumn('pay_mode', 'text')
    .addColumn('pay_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_lock', 'text')
    .addColumn('pay_lock_until', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'text');
}

/**
 * Triggers that tell the boards of every write to `watched` tables at commit (as migration
 * 2026-11-24-0901 does for sales): PostgreSQL notifies `board_event` with "tenant:venue", SQLite bumps
 * the tenant's board_version. Each entry: the table and the SQL of its row's venue id.
 */
export async function addBoardTriggers(db: Kysely<any>, engine: Engine, watched: [table: string, venue: string][]): Promise<void> {
  if (engine === 'postgres') {
    for (const [table, venue] of watched) {
      const fn = `board_notify_${table}`;
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
          begin perform pg_notify('board_event', new.tenant_id::text || ':' || coalesce(${venue}::text, '')); return null; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${table}_board after insert or update on ${table} for each row execute function ${fn}()`).execute(db);
    }
    return;
  }
  for (const [table] of watched) {
    const bump = `insert into board_version (tenant_id, version) values (new.tenant_id, 1) on conflict (tenant_id) do update set version = version + 1;`;
    await sql.raw(`create trigger ${table}_board_insert after insert on ${table} begin ${bump} end`).execute(db);
    await sql.raw(`create trigger ${table}_board_update after update on ${table} begin ${bump} end`).execute(db);
  }
}
