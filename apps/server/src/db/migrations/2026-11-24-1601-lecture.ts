import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Issue 18, lectures (讲座): a lecture of a venue with its sessions (dates, times, capacity and the
 * seats taken) and its ticket types; lecture orders paid at the till, one participant row per seat with
 * its own ticket code, verified once at the door (快速核销's lecture tab).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'lecture')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('lecture_name_uq', ['tenant_id', 'venue_id', 'name'])
    .execute();
  // A session: venue dates begin..end (both included), times begin..end (the venue's); sold never passes capacity.
  await tenantTable(db, engine, 'lecture_session')
    .addColumn('lecture_id', 'integer', (c) => c.notNull().references('lecture.id'))
    .addColumn('begin_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity >= 1`))
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'text', (c) => c.notNull().defaultTo('F'))
    .addCheckConstraint('lecture_session_sold_ck', sql`sold >= 0 and sold <= capacity`)
    .execute();
  await db.schema.createIndex('lecture_session_lecture_idx').on('lecture_session').columns(['tenant_id', 'lecture_id']).execute();
  await tenantTable(db, engine, 'lecture_ticket')
    .addColumn('lecture_id', 'integer', (c) => c.notNull().references('lecture.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('removed', 'text', (c) => c.notNull().defaultTo('F'))
    .execute();
  await db.schema.createIndex('lecture_ticket_lecture_idx').on('lecture_ticket').columns(['tenant_id', 'lecture_id']).execute();

  await payColumns(tenantTable(db, engine, 'lecture_order'))
    .addColumn('lecture_id', 'integer', (c) => c.notNull().references('lecture.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('lecture_session.id'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('lecture_ticket.id'))
    .addColumn('lecture_name', 'text', (c) => c.notNull())
    .addColumn('ticket_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lecture_order_venue_idx').on('lecture_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();

  // A participant (one seat): P unpaid, A to be used, U used, C void.
  await tenantTable(db, engine, 'lecture_participant')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('lecture_order.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('lecture_session.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('P')
        .check(sql`state in ('P', 'A', 'U', 'C')`),
    )
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('checked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('checked_at', 'text')
    .addUniqueConstraint('lecture_participant_code_uq', ['code'])
    .execute();
  await db.schema.createIndex('lecture_participant_order_idx').on('lecture_participant').columns(['tenant_id', 'order_id']).execute();
}
