import { sql, type Kysely } from 'kysely';

/**
 * Issue 35, times cards (T) pay bookings by times:
 * - a times card type's entry in a price rule (`booking_price_member`) is times a cell (a head on a C
 *   field), kept in `price_fen` as a card's balance is (fen, or times for a T card). Entries of T types
 *   made before were money such a card could never pay: they go, and those types take the default
 *   (one time a cell) until one is set;
 * - `booking_line.times`: the times one unit of the cell cost the card that paid it (0: paid by money);
 * - `order_refund_pay.times`: the times a refund part gave back to a times card (null: not a times card's part).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from booking_price_member where card_type_id in (select id from card_type where pay_type = 'T')`.execute(db);
  await db.schema
    .alterTable('booking_line')
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_refund_pay')
    .addColumn('times', 'integer', (c) => c.check(sql`times >= 0`))
    .execute();
}
