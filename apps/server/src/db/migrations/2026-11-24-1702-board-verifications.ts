import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 21: a verification moves the boards like a sale does (首页's 今日核销, the boards' verification
 * figures): a ticket entry and a voucher verified (or its cancel) tell the boards, as the board
 * migration's triggers do for the other rows (PostgreSQL pg_notify, SQLite board_version).
 */
const WATCHED: [table: string, when: string][] = [
  ['ticket_check', '1 = 1'],
  ['coupon_verification', `new.state in ('V', 'C')`],
];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    for (const [table, when] of WATCHED) {
      const fn = `board_notify_${table}`;
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
          begin perform pg_notify('board_event', new.tenant_id::text || ':' || coalesce(new.venue_id::text, '')); return null; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${table}_board after insert or update on ${table} for each row when (${when}) execute function ${fn}()`).execute(db);
    }
    return;
  }
  for (const [table, when] of WATCHED) {
    const bump = `insert into board_version (tenant_id, version) values (new.tenant_id, 1) on conflict (tenant_id) do update set version = version + 1;`;
    await sql.raw(`create trigger ${table}_board_insert after insert on ${table} when ${when} begin ${bump} end`).execute(db);
    await sql.raw(`create trigger ${table}_board_update after update on ${table} when ${when} begin ${bump} end`).execute(db);
  }
}
