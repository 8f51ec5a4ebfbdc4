import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { addBoardTriggers } from './helpers.ts';

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
  await addBoardTriggers(db, engine, WATCHED);
}
