import type { Kysely } from 'kysely';

/**
 * Issue 35's speed: the grid and a booking read the live lines of a venue's fields on a few dates by
 * (tenant, fields, dates). With booking_line_day_idx on (field_id, use_date) alone, SQLite took the
 * tenant's order index instead (an equality on one column beat the IN lists) and read every line the
 * tenant ever booked, slower with each day's bookings. The index leads with the tenant now, so both
 * engines go straight to the fields' dates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('booking_line_field_day_idx').on('booking_line').columns(['tenant_id', 'field_id', 'use_date']).execute();
  await db.schema.dropIndex('booking_line_day_idx').execute();
}
