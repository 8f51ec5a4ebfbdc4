import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tableWithId, tenantTable } from './helpers.ts';

/**
 * Issue 17, short-video platform vouchers: each venue's platform settings (its store id `poi_id`, the
 * client key and the secret kept encrypted), the verification records, and the simulator's vouchers
 * (the platform's side, keyed by store: no tenant of ours owns them).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'voucher_config')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('simulator', 'douyin')`))
    .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_secret_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('poi_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('voucher_config_venue_uq', ['tenant_id', 'venue_id'])
    .execute();

  await tenantTable(db, engine, 'coupon_verification')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) => c.notNull())
    .addColumn('encrypted_code', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('sku_id', 'text', (c) => c.notNull())
    .addColumn('sku_title', 'text', (c) => c.notNull())
    .addColumn('groupon_type', 'integer', (c) => c.notNull())
    .addColumn('pay_fen', 'integer', (c) => c.notNull())
    .addColumn('original_fen', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('P', 'V', 'U', 'F', 'C')`))
    .addColumn('verify_id', 'text')
    .addColumn('verify_time', 'text')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancel_time', 'text')
    .addColumn('cancel_user_name', 'text')
    .execute();
  // A voucher is on at most one live record (being verified, verified, or unknown): two desks racing
  // for it meet here, whatever the platform says.
  await db.schema
    .createIndex('coupon_verification_live_uq')
    .on('coupon_verification')
    .columns(['tenant_id', 'certificate_id'])
    .unique()
    .where(sql.ref('state'), 'in', [sql.lit('P'), sql.lit('V'), sql.lit('U')])
    .execute();
  await db.schema.createIndex('coupon_verification_verify_idx').on('coupon_verification').columns(['tenant_id', 'verify_id']).execute();
  await db.schema.createIndex('coupon_verification_time_idx').on('coupon_verification').columns(['tenant_id', 'created_at']).execute();

  await tableWithId(db, engine, 'voucher_sim_certificate')
    .addColumn('poi_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('encrypted_code', 'text', (c) => c.notNull().unique())
    .addColumn('sku_id', 'text', (c) => c.notNull())
    .addColumn('sku_title', 'text', (c) => c.notNull())
    .addColumn('groupon_type', 'integer', (c) => c.notNull())
    .addColumn('original_fen', 'integer', (c) => c.notNull())
    .addColumn('pay_fen', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('expire_time', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('unused', 'used')`))
    .addColumn('behaviour', 'text', (c) => c.notNull().check(sql`behaviour in ('ok', 'fail', 'timeout', 'unclear')`))
    .addColumn('verify_id', 'text')
    .addColumn('verify_time', 'text')
    .addUniqueConstraint('voucher_sim_code_uq', ['poi_id', 'code'])
    .execute();
  await db.schema.createIndex('voucher_sim_order_idx').on('voucher_sim_certificate').columns(['poi_id', 'order_id']).execute();
}
