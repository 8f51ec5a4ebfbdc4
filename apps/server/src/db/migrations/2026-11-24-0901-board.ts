import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The rows whose writes move a board: a paid pay record (any order kind), a refund given back, a gate
 * pass, a card ledger row, a new member or card. Each `[table, venue column or null, condition]`.
 */
const WATCHED: [table: string, venue: string | null, when: string][] = [
  ['pay_record', null, `new.state = 'P'`],
  ['order_refund', 'venue_id', `new.state = 'R'`],
  ['gate_pass', 'venue_id', `new.granted = 'T'`],
  ['card_consume', 'venue_id', '1 = 1'],
  ['member', null, '1 = 1'],
  ['card', 'venue_id', '1 = 1'],
];

/**
 * Issue 21: the boards' live figures and the indexes their grouped reads use.
 *
 * PostgreSQL: a trigger on each watched table sends `pg_notify('board_event', '<tenant>:<venue>')`
 * (delivered at commit, to every server process listening), so a board served by one process moves
 * with a sale made through another. SQLite (one process): the triggers bump `board_version` per
 * tenant, which the process reads once a second while a board is connected.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.createIndex('pay_record_paid_idx').on('pay_record').columns(['tenant_id', 'order_type', 'paid_at']).execute();
  await db.schema.createIndex('order_refund_finished_idx').on('order_refund').columns(['tenant_id', 'order_type', 'finished_at']).execute();
  await db.schema.createIndex('sale_order_paid_idx').on('sale_order').columns(['tenant_id', 'paid_at']).execute();
  await db.schema.createIndex('member_created_idx').on('member').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('card_created_idx').on('card').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('board_version')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (engine === 'postgres') {
    for (const [table, venue, when] of WATCHED) {
      const fn = `board_notify_${table}`;
      const venueText = venue ? `coalesce(new.${venue}::text, '')` : `''`;
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
          begin perform pg_notify('board_event', new.tenant_id::text || ':' || ${venueText}); return null; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${table}_board after insert or update on ${table} for each row when (${when}) execute function ${fn}()`).execute(db);
    }
    return;
  }
  for (const [table, , when] of WATCHED) {
    const bump = `insert into board_version (tenant_id, version) values (new.tenant_id, 1) on conflict (tenant_id) do update set version = version + 1;`;
    await sql.raw(`create trigger ${table}_board_insert after insert on ${table} when ${when} begin ${bump} end`).execute(db);
    await sql.raw(`create trigger ${table}_board_update after update on ${table} when ${when} begin ${bump} end`).execute(db);
  }
}
