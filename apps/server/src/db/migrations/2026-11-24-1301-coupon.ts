import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Marketing coupons (issue 15): definitions with their venues, and the coupons issued to members.
 * coupon.issued_quantity counts issued, unrevoked coupons; the check keeps it within the total on both
 * engines whatever order concurrent issues commit in.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'coupon')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('coupon_type', 'text', (c) => c.notNull().check(sql`coupon_type in ('A', 'D')`))
    .addColumn('amount_fen', 'integer', (c) => c.check(sql`amount_fen > 0`))
    .addColumn('discount', 'integer', (c) => c.check(sql`discount between 1 and 999`))
    .addColumn('min_spend_fen', 'integer', (c) => c.notNull().check(sql`min_spend_fen >= 0`))
    .addColumn('begin_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('total_quantity', 'integer', (c) => c.notNull().check(sql`total_quantity > 0`))
    .addColumn('issued_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`issued_quantity >= 0`),
    )
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().check(sql`per_member_limit > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('A', 'S')`))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('coupon_issued_within_total', sql`issued_quantity <= total_quantity`)
    .execute();

  await tenantTable(db, engine, 'coupon_venue')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupon.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addUniqueConstraint('coupon_venue_uq', ['coupon_id', 'venue_id'])
    .execute();

  await tenantTable(db, engine, 'member_coupon')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupon.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('U', 'D', 'R')`))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('issued_by_name', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_venue_id', 'integer', (c) => c.references('venue.id'))
    .addColumn('used_order_no', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by_name', 'text')
    .addColumn('revoke_reason', 'text')
    .addUniqueConstraint('member_coupon_code_uq', ['tenant_id', 'code'])
    .execute();
  await db.schema.createIndex('member_coupon_member_idx').on('member_coupon').columns(['tenant_id', 'coupon_id', 'member_id']).execute();
  await db.schema.createIndex('member_coupon_issued_idx').on('member_coupon').columns(['tenant_id', 'issued_at']).execute();
}
