import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 35: a booked cell moves the boards (/fieldTX's 今日场地) as a sale does (migration
 * 2026-11-24-0901): every write of a booking line (an order held, paid, a field opened at check-in,
 * cancelled, closed by the auto-close job, marked not used, an occupancy) and of a field (stopped,
 * renamed) tells the boards at commit, whichever process or job wrote it. A line has no venue column:
 * its field's venue is looked up.
 */
const WATCHED: [table: string, venue: string][] = [
  ['booking_line', '(select f.venue_id from booking_field f where f.id = new.field_id)'],
  ['booking_field', 'new.venue_id'],
];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    for (const [table, venue] of WATCHED) {
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
  for (const [table] of WATCHED) {
    const bump = `insert into board_version (tenant_id, version) values (new.tenant_id, 1) on conflict (tenant_id) do update set version = version + 1;`;
    await sql.raw(`create trigger ${table}_board_insert after insert on ${table} begin ${bump} end`).execute(db);
    await sql.raw(`create trigger ${table}_board_update after update on ${table} begin ${bump} end`).execute(db);
  }
}
