import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 36: the /courseData board moves as the boards do (migrations 2026-11-24-0901, 3504): every
 * write of an attendance (a sign-in, a leave, a make-up, the absence job's) and of an enrolment (made,
 * paid, transferred, refunded, expired) tells the boards at commit, whichever process or job wrote it.
 * An attendance has no venue column: its session's class's venue is looked up.
 */
const WATCHED: [table: string, venue: string][] = [
  ['course_attendance', '(select k.venue_id from course_session s join course_class k on k.id = s.class_id where s.id = new.session_id)'],
  ['course_enrolment', 'new.venue_id'],
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
