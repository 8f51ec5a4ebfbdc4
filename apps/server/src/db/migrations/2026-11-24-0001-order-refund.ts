import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Refunds of any payable order kind (goods sale, lease, ticket, card sale…): sale_refund, its lines and
 * parts become order_refund, order_refund_line and order_refund_pay, keyed by (order_type, order_id)
 * like pay_record. A line names the kind's order line and item (goods, lease goods, ticket) without a
 * foreign key, as each kind has its own tables. The sale refunds made so far move over with their ids.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // state: U waiting for the channel (lock_until: the request talking to it), R refunded, F failed.
  await tenantTable(db, engine, 'order_refund')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('route', 'text', (c) => c.notNull().check(sql`route in ('T', 'F')`))
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('U', 'R', 'F')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lock_until', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // A retried request (same request id) finds its refund instead of refunding again.
    .addUniqueConstraint('order_refund_request_uq', ['tenant_id', 'order_type', 'order_id', 'request_id'])
    .execute();
  await db.schema.createIndex('order_refund_order_idx').on('order_refund').columns(['tenant_id', 'order_type', 'order_id']).execute();

  await tenantTable(db, engine, 'order_refund_line')
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('order_refund.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .execute();
  await db.schema.createIndex('order_refund_line_refund_idx').on('order_refund_line').columns(['refund_id']).execute();

  // state: N sent to (or about to be sent to) the channel, R given back, F not given back.
  await tenantTable(db, engine, 'order_refund_pay')
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('order_refund.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('pay_record_id', 'integer', (c) => c.references('pay_record.id'))
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('pay_name', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('consume_id', 'integer', (c) => c.references('card_consume.id'))
    .addColumn('money_fen', 'integer', (c) => c.notNull().check(sql`money_fen > 0`))
    .addColumn('out_refund_no', 'text', (c) => c.unique())
    .addColumn('channel_refund_no', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('N', 'R', 'F')`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('order_refund_pay_refund_idx').on('order_refund_pay').columns(['refund_id']).execute();
  await db.schema.createIndex('order_refund_pay_record_idx').on('order_refund_pay').columns(['pay_record_id']).execute();

  await sql`insert into order_refund (id, tenant_id, venue_id, order_type, order_id, request_id, route, amount_fen, state, reason, message, lock_until, created_by, created_at, finished_at)
    select id, tenant_id, venue_id, 'GOODS_SALE', order_id, request_id, route, amount_fen, state, reason, message, lock_until, created_by, created_at, finished_at from sale_refund`.execute(
    db,
  );
  await sql`insert into order_refund_line (id, tenant_id, refund_id, order_id, line_id, item_id, quantity, amount_fen)
    select id, tenant_id, refund_id, order_id, line_id, goods_id, quantity, amount_fen from sale_refund_line`.execute(db);
  await sql`insert into order_refund_pay (id, tenant_id, refund_id, order_id, pay_record_id, pay_mode, pay_name, card_id, consume_id, money_fen, out_refund_no, channel_refund_no, state, message)
    select id, tenant_id, refund_id, order_id, pay_record_id, pay_mode, pay_name, card_id, consume_id, money_fen, out_refund_no, channel_refund_no, state, message from sale_refund_pay`.execute(
    db,
  );
  if (engine === 'postgres') {
    // The rows kept their ids: the sequences go on after them.
    for (const table of ['order_refund', 'order_refund_line', 'order_refund_pay']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
    }
  }
  await db.schema.dropTable('sale_refund_pay').execute();
  await db.schema.dropTable('sale_refund_line').execute();
  await db.schema.dropTable('sale_refund').execute();
}
