import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * The cashier: payment methods (and the venues that offer them), receipt print config, goods sale
 * orders with their lines, pay records (one per part of a payment attempt), and the payment
 * simulator's trades (kept in the database so every server process sees the same answer).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'payment_method')
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('pay_name', 'text', (c) => c.notNull())
    .addColumn('is_api', 'text', (c) => c.notNull().check(sql`is_api in ('T', 'F')`))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_method_venue')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('method_id', 'integer', (c) => c.notNull().references('payment_method.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addPrimaryKeyConstraint('payment_method_venue_pk', ['method_id', 'venue_id'])
    .execute();
  await db.schema.createIndex('payment_method_venue_venue_idx').on('payment_method_venue').columns(['tenant_id', 'venue_id']).execute();

  await tenantTable(db, engine, 'print_config')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('need_print', 'text', (c) => c.notNull().defaultTo('T'))
    .addColumn('print_num', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_pay_types', 'text', (c) => c.notNull().defaultTo('M,T,D'))
    .addUniqueConstraint('print_config_uq', ['tenant_id', 'venue_id', 'type_id'])
    .execute();

  // pay_lock / pay_lock_until: the claim of the request talking to a payment channel for this order.
  await tenantTable(db, engine, 'sale_order')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('member_id', 'integer', (c) => c.references('member.id'))
    .addColumn('order_state', 'text', (c) => c.notNull().defaultTo('P'))
    .addColumn('pay_state', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('B'))
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull().check(sql`price_orig_fen >= 0`))
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull().check(sql`price_pay_fen >= 0`))
    .addColumn('pay_mode', 'text')
    .addColumn('pay_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_lock', 'text')
    .addColumn('pay_lock_until', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('sale_order_venue_idx').on('sale_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();

  await tenantTable(db, engine, 'sale_order_line')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('sale_order.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('goods_name', 'text', (c) => c.notNull())
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull())
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull().check(sql`price_pay_fen >= 0`))
    .execute();
  await db.schema.createIndex('sale_order_line_order_idx').on('sale_order_line').columns(['order_id', 'id']).execute();

  // state: N pending (sent to the channel, or not yet charged), P paid, F failed, R refunded.
  await tenantTable(db, engine, 'pay_record')
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('pay_name', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'text')
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('consume_id', 'integer', (c) => c.references('card_consume.id'))
    .addColumn('money_fen', 'integer', (c) => c.notNull().check(sql`money_fen > 0`))
    .addColumn('out_trade_no', 'text', (c) => c.unique())
    .addColumn('channel_trade_no', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('pay_record_order_idx').on('pay_record').columns(['order_type', 'order_id', 'attempt']).execute();

  await db.schema
    .createTable('pay_sim_trade')
    .addColumn('out_trade_no', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('auth_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('channel_trade_no', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
