import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 21: the verifications board counts a day's verified lecture participants by their verify time
 * (an index on it), and a participant verified tells the boards as a ticket entry does (migration
 * 2026-11-24-1702; a participant has no venue column, so the event is the tenant's).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.createIndex('lecture_participant_checked_idx').on('lecture_participant').columns(['tenant_id', 'checked_at']).execute();
  if (engine === 'postgres') {
    await sql
      .raw(
        `create function board_notify_lecture_participant() returns trigger language plpgsql as $$
        begin perform pg_notify('board_event', new.tenant_id::text || ':'); return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger lecture_participant_board after update on lecture_participant for each row when (new.state = 'U') execute function board_notify_lecture_participant()`,
      )
      .execute(db);
    return;
  }
  const bump = `insert into board_version (tenant_id, version) values (new.tenant_id, 1) on conflict (tenant_id) do update set version = version + 1;`;
  await sql.raw(`create trigger lecture_participant_board_update after update on lecture_participant when new.state = 'U' begin ${bump} end`).execute(db);
}
