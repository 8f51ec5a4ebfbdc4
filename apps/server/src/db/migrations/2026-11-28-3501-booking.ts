import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Issue 35, 场地预订: the fields of a venue's sports item (sold by time F, or by heads C up to a
 * capacity), their price rules (weekdays or holiday dates, a time segment, member prices by card type),
 * booking orders (R reservation, P whole-venue, L occupancy) paid through the checkout, and one line
 * per booked cell (field, date, slot).
 *
 * No double booking: a live line of an F field holds its cell by the unique partial index
 * booking_line_cell_uq (field, date, slot start), on both engines, whichever process writes; a line
 * leaves it when it is cancelled or closed (state C). Heads of a C field are counted per cell in
 * booking_heads, whose conditional upsert never passes the capacity.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'booking_field')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A')
        .check(sql`state in ('A', 'S')`),
    )
    .addColumn('sale_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('F')
        .check(sql`sale_mode in ('F', 'C')`),
    )
    .addColumn('capacity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`capacity >= 1`),
    )
    .addColumn('slot_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(sql`slot_minutes in (30, 60)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('booking_field_name_uq', ['tenant_id', 'venue_id', 'item_id', 'name'])
    .execute();
  await db.schema.createIndex('booking_field_venue_idx').on('booking_field').columns(['tenant_id', 'venue_id', 'item_id']).execute();

  // weekdays "1,2,…,7" (Monday 1); dates "yyyy-MM-dd,…": a holiday rule, before every weekday rule.
  await tenantTable(db, engine, 'booking_price')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('dates', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_price_venue_idx').on('booking_price').columns(['tenant_id', 'venue_id', 'item_id']).execute();
  // The fields a rule prices (none: every field of its item at its venue).
  await tenantTable(db, engine, 'booking_price_field')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('booking_price.id'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('booking_field.id'))
    .addUniqueConstraint('booking_price_field_uq', ['rule_id', 'field_id'])
    .execute();
  await tenantTable(db, engine, 'booking_price_member')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('booking_price.id'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addUniqueConstraint('booking_price_member_uq', ['rule_id', 'card_type_id'])
    .execute();

  await payColumns(tenantTable(db, engine, 'booking_order'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('order_type', 'text', (c) => c.notNull().check(sql`order_type in ('R', 'P', 'L')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('weeks', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('booking_order_code_uq', ['code'])
    .execute();
  await db.schema.createIndex('booking_order_venue_idx').on('booking_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();
  await db.schema.createIndex('booking_order_unpaid_idx').on('booking_order').columns(['tenant_id', 'pay_state', 'created_at']).execute();

  // A booked cell: P held unpaid, A to be used, U opened, C cancelled or closed, N not used by its end.
  // exclusive 1: an F field's cell (one live line); 0: heads on a C field (counted in booking_heads).
  await tenantTable(db, engine, 'booking_line')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('booking_order.id'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('booking_field.id'))
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('use_date', 'text', (c) => c.notNull())
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('paid_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('P')
        .check(sql`state in ('P', 'A', 'U', 'C', 'N')`),
    )
    .addColumn('exclusive', 'integer', (c) => c.notNull())
    .addColumn('void_kind', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('checked_by', 'integer', (c) => c.references('users.id'))
    .addColumn('checked_at', 'text')
    .execute();
  await sql`create unique index booking_line_cell_uq on booking_line (field_id, use_date, begin_time) where exclusive = 1 and state <> 'C'`.execute(db);
  await db.schema.createIndex('booking_line_order_idx').on('booking_line').columns(['tenant_id', 'order_id']).execute();
  await db.schema.createIndex('booking_line_day_idx').on('booking_line').columns(['field_id', 'use_date']).execute();
  await db.schema.createIndex('booking_line_state_idx').on('booking_line').columns(['state', 'ends_at']).execute();

  await tenantTable(db, engine, 'booking_heads')
    .addColumn('field_id', 'integer', (c) => c.notNull().references('booking_field.id'))
    .addColumn('use_date', 'text', (c) => c.notNull())
    .addColumn('begin_time', 'text', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().check(sql`sold >= 0`))
    .addUniqueConstraint('booking_heads_cell_uq', ['field_id', 'use_date', 'begin_time'])
    .execute();
}
