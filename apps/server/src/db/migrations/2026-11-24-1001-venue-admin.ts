import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Issue 15 B1, venue administration: a venue's opening hours and remark; the settings of each sports item
 * a venue offers (sale mode F by time slot / C by headcount, capacity, pass mode S single / M multiple);
 * and the venue's closures (days and reason, the whole venue or one item) that ticket sales and the
 * boards respect.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('venue')
    .addColumn('open_time', 'text', (c) => c.notNull().defaultTo('08:00'))
    .execute();
  await db.schema
    .alterTable('venue')
    .addColumn('close_time', 'text', (c) => c.notNull().defaultTo('22:00'))
    .execute();
  await db.schema
    .alterTable('venue')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .alterTable('venue_item')
    .addColumn('sale_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('F')
        .check(sql`sale_mode in ('F', 'C')`),
    )
    .execute();
  await db.schema
    .alterTable('venue_item')
    .addColumn('capacity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`capacity >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('venue_item')
    .addColumn('pass_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('S')
        .check(sql`pass_mode in ('S', 'M')`),
    )
    .execute();
  await db.schema
    .alterTable('venue_item')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // start_date/end_date: calendar days (Asia/Shanghai) "YYYY-MM-DD", both included.
  await tenantTable(db, engine, 'venue_closure')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('item_id', 'integer', (c) => c.references('sport_item.id'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('venue_closure_order', sql`end_date >= start_date`)
    .execute();
  await db.schema.createIndex('venue_closure_venue_idx').on('venue_closure').columns(['tenant_id', 'venue_id', 'end_date']).execute();
}
