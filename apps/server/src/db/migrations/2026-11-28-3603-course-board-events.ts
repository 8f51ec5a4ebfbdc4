import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { addBoardTriggers } from './helpers.ts';

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
  await addBoardTriggers(db, engine, WATCHED);
}
