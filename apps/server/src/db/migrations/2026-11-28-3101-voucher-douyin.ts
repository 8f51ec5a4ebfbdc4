import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Issue 31, Douyin vouchers as documented: prepare answers no certificate id, so a live record is one
 * per encrypted code until verify answers the certificate id; every record keeps the platform's logid of
 * each call for its support; and a lookup's prepared vouchers are kept so that its verification needs
 * no second prepare (prepare and verify correspond one to one).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('coupon_verification')
    .addColumn('logids', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.dropIndex('coupon_verification_live_uq').execute();
  await db.schema
    .createIndex('coupon_verification_live_uq')
    .on('coupon_verification')
    .columns(['tenant_id', 'encrypted_code'])
    .unique()
    .where(sql.ref('state'), 'in', [sql.lit('P'), sql.lit('V'), sql.lit('U')])
    .execute();

  await tenantTable(db, engine, 'voucher_prepare')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('verify_token', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('input_code', 'text', (c) => c.notNull())
    .addColumn('certificates', 'text', (c) => c.notNull())
    .addColumn('logid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('voucher_prepare_token_idx').on('voucher_prepare').columns(['tenant_id', 'venue_id', 'verify_token']).execute();
  await db.schema.createIndex('voucher_prepare_time_idx').on('voucher_prepare').columns(['created_at']).execute();
}
