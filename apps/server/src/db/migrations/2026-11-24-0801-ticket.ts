import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Issue 18, admission tickets: ticket types (票种) with their use-time slots per weekday range, ticket
 * orders paid at the till (pay columns, refunds), one detail row per ticket with its QR code, the
 * verifications (entries: the in-venue count, and the exit that may owe an overstay), and overstay
 * (超时) orders, paid at the till before the exit.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const flag = (column: string) => sql`${sql.ref(column)} in ('T', 'F')`;
  await tenantTable(db, engine, 'ticket_type')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    // Dates the tickets may be used on (YYYY-MM-DD, the venue's), both ends included.
    .addColumn('use_begin_date', 'text', (c) => c.notNull())
    .addColumn('use_end_date', 'text', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`uses >= 1`),
    )
    .addColumn('with_hand', 'text', (c) => c.notNull().defaultTo('F').check(flag('with_hand')))
    .addColumn('free_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overtime_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`overtime_minutes >= 1`),
    )
    .addColumn('overtime_price_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ticket_type_name_uq', ['tenant_id', 'venue_id', 'name'])
    .execute();
  // A slot: weekdays begin_week..end_week (1 Monday … 7 Sunday), times HH:mm..HH:mm of the venue.
  await tenantTable(db, engine, 'ticket_type_time')
    .addColumn('type_id', 'integer', (c) => c.notNull().references('ticket_type.id'))
    .addColumn('begin_week', 'integer', (c) => c.notNull().check(sql`begin_week between 1 and 7`))
    .addColumn('end_week', 'integer', (c) => c.notNull().check(sql`end_week between 1 and 7`))
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_type_time_type_idx').on('ticket_type_time').columns(['tenant_id', 'type_id']).execute();

  await payColumns(tenantTable(db, engine, 'ticket_order'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('B'))
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ticket_order_venue_idx').on('ticket_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();

  // One row per ticket: state P unpaid, A usable, U used up, E expired, C void (refunded or closed).
  await tenantTable(db, engine, 'ticket_detail')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('ticket_order.id'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('ticket_type.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('qr_code', 'text', (c) => c.notNull())
    .addColumn('detail_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('P')
        .check(sql`detail_state in ('P', 'A', 'U', 'E', 'C')`),
    )
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('use_begin_date', 'text', (c) => c.notNull())
    .addColumn('use_end_date', 'text', (c) => c.notNull())
    .addColumn('uses_left', 'integer', (c) => c.notNull().check(sql`uses_left >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull())
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull())
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ticket_detail_qr_uq', ['qr_code'])
    .execute();
  await db.schema.createIndex('ticket_detail_order_idx').on('ticket_detail').columns(['tenant_id', 'order_id']).execute();

  // A verification (an entry), and its exit: in the venue while exit_at is null.
  await tenantTable(db, engine, 'ticket_check')
    .addColumn('detail_id', 'integer', (c) => c.notNull().references('ticket_detail.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('slot_end', 'text', (c) => c.notNull())
    .addColumn('checked_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('exit_at', 'text')
    .execute();
  await db.schema.createIndex('ticket_check_in_idx').on('ticket_check').columns(['tenant_id', 'venue_id', 'exit_at']).execute();
  await db.schema.createIndex('ticket_check_detail_idx').on('ticket_check').columns(['tenant_id', 'detail_id']).execute();

  // An overstay (超时) of one entry: paid at the till, then the exit is let through.
  await payColumns(tenantTable(db, engine, 'ticket_timeout_order'))
    .addColumn('check_id', 'integer', (c) => c.notNull().references('ticket_check.id'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_timeout_check_uq').unique().on('ticket_timeout_order').columns(['tenant_id', 'check_id']).execute();
}
