import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Issue 19: a ticket type that issues a wristband (with_hand) has the band handed out at the entry
 * (checkTicketWithHand): the entry records it, and a band is worn by one entry at a time while inside
 * (the partial unique index: of two desks issuing one band at once, the second is refused).
 */
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('ticket_check')
    .addColumn('hand_id', 'integer', (c) => c.references('hand.id'))
    .execute();
  await db.schema
    .createIndex('ticket_check_hand_in_uq')
    .unique()
    .on('ticket_check')
    .columns(['tenant_id', 'hand_id'])
    .where(sql.ref('exit_at'), 'is', null)
    .where(sql.ref('hand_id'), 'is not', null)
    .execute();
}
