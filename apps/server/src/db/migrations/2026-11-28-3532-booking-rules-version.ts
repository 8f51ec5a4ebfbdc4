import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * What the booking grid and a booking are judged against besides the bookings: the venue (hours, state),
 * its items' settings (项目设置) and closures, the sport items, the fields and their price rules.
 */
const BOOKING_RULE_TABLES = [
  'venue',
  'venue_item',
  'venue_closure',
  'sport_item',
  'booking_field',
  'booking_price',
  'booking_price_field',
  'booking_price_member',
] as const;

/**
 * Issue 35's speed: a write to those tables bumps the tenant's rules_version too (the version every
 * request reads with its session, see 2026-11-24-0601-rules-version.ts), by the same trigger function
 * on PostgreSQL, whoever writes. A server process keeps them in memory by that version
 * (booking-rules-cache.ts) and still sees an edit on the very next request, also one made through
 * another process or by an operator's SQL. They change seldom: the grants cached by the version are
 * read again after such an edit, nothing more.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    for (const table of BOOKING_RULE_TABLES) {
      await sql`create trigger ${sql.id(`${table}_rules_version`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_rules_version()`.execute(db);
    }
    return;
  }
  const bump = (ref: string) =>
    sql.raw(`insert into rules_version (tenant_id, version) values (${ref}.tenant_id, 1)
      on conflict (tenant_id) do update set version = version + 1;`);
  for (const table of BOOKING_RULE_TABLES) {
    await sql`create trigger ${sql.id(`${table}_rules_version_insert`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_rules_version_update`)} after update on ${sql.table(table)} begin ${bump('new')} ${bump('old')} end`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_rules_version_delete`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
  }
}
