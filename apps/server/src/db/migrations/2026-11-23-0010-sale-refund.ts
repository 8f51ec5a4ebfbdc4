import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Sale refunds (退款): a refund header per request, its lines (goods and quantities back to the
 * warehouse) and its parts (money back per pay record, or by another method), plus what the order and
 * its lines have refunded so far. The payment simulator keeps its refunds like its trades.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // refunded_fen / refunded_quantity count refunds done and those still waiting for a channel: they cap new refunds.
  await db.schema
    .alterTable('sale_order')
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .execute();
  await db.schema
    .alterTable('sale_order')
    .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sale_order_line')
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // state: U waiting for the channel (lock_until: the request talking to it), R refunded, F failed.
  await tenantTable(db, engine, 'sale_refund')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
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
    .addUniqueConstraint('sale_refund_request_uq', ['tenant_id', 'order_id', 'request_id'])
    .execute();
  await db.schema.createIndex('sale_refund_order_idx').on('sale_refund').columns(['tenant_id', 'order_id']).execute();

  await tenantTable(db, engine, 'sale_refund_line')
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('sale_refund.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
    .addColumn('line_id', 'integer', (c) => c.notNull().references('sale_order_line.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .execute();
  await db.schema.createIndex('sale_refund_line_refund_idx').on('sale_refund_line').columns(['refund_id']).execute();
  await db.schema.createIndex('sale_refund_line_order_idx').on('sale_refund_line').columns(['tenant_id', 'order_id']).execute();

  // state: N sent to (or about to be sent to) the channel, R given back, F not given back.
  await tenantTable(db, engine, 'sale_refund_pay')
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('sale_refund.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
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
  await db.schema.createIndex('sale_refund_pay_refund_idx').on('sale_refund_pay').columns(['refund_id']).execute();
  await db.schema.createIndex('sale_refund_pay_record_idx').on('sale_refund_pay').columns(['pay_record_id']).execute();

  await db.schema
    .createTable('pay_sim_refund')
    .addColumn('out_refund_no', 'text', (c) => c.primaryKey())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('channel_refund_no', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pay_sim_refund_trade_idx').on('pay_sim_refund').columns(['out_trade_no']).execute();
}
