import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tableWithId, tenantTable } from './helpers.ts';

const PREFIX_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Issue 31, real payment channels:
 * - `app_install`: this installation's trade-number prefix, drawn once when the database is made, so a
 *   reset database never sends a merchant account an out_trade_no it has seen (`GS1O1A1` again);
 * - `pay_channel_config`: each scan-code pay mode's channel per venue, or for the whole tenant
 *   (venue_id 0) with venue overrides: the simulator (demo only) or the platform with the merchant's
 *   parameters, its keys and certificates sealed (lib/secret-box.ts);
 * - `pay_record.venue_id`: where a payment was taken, so a day's bill of one merchant account is compared
 *   with the payments of the venues that account serves;
 * - `pay_reconcile` / `pay_reconcile_diff`: a day's 对账 of one account and what differed.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('app_install')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('trade_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const prefix = Array.from({ length: 6 }, () => PREFIX_CHARS[randomInt(PREFIX_CHARS.length)]).join('');
  await db.insertInto('app_install').values({ id: 1, trade_prefix: prefix, created_at: new Date().toISOString() }).execute();

  await tenantTable(db, engine, 'pay_channel_config')
    .addColumn('venue_id', 'integer', (c) => c.notNull())
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('simulator', 'live')`))
    .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('params_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('secrets_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pay_channel_config_uq', ['tenant_id', 'venue_id', 'pay_mode'])
    .execute();

  await db.schema.alterTable('pay_record').addColumn('venue_id', 'integer').execute();
  await db.schema.createIndex('pay_record_mode_paid_idx').on('pay_record').columns(['tenant_id', 'pay_mode', 'paid_at']).execute();

  await tenantTable(db, engine, 'pay_reconcile')
    .addColumn('venue_id', 'integer', (c) => c.notNull())
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('bill_date', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('R', 'D', 'F')`))
    .addColumn('bill_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('local_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('diff_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lock_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pay_reconcile_uq', ['tenant_id', 'venue_id', 'pay_mode', 'bill_date'])
    .execute();
  await tableWithId(db, engine, 'pay_reconcile_diff')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('reconcile_id', 'integer', (c) => c.notNull().references('pay_reconcile.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('HERE', 'THERE', 'AMOUNT')`))
    .addColumn('trade_type', 'text', (c) => c.notNull().check(sql`trade_type in ('PAY', 'REFUND')`))
    .addColumn('out_no', 'text', (c) => c.notNull())
    .addColumn('channel_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('local_fen', 'integer')
    .addColumn('bill_fen', 'integer')
    .addColumn('trade_time', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('pay_reconcile_diff_idx').on('pay_reconcile_diff').columns(['reconcile_id']).execute();
}
