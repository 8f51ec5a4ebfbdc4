import type { Kysely } from 'kysely';

/**
 * Reports (issue 21): the indexes their grouped reads over a date range use, beside the boards' ones
 * (pay_record, order_refund, sale_order by paid or finished time; coupon_verification by created_at).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('lease_order_paid_idx').on('lease_order').columns(['tenant_id', 'paid_at']).execute();
  await db.schema.createIndex('card_order_paid_idx').on('card_order').columns(['tenant_id', 'paid_at']).execute();
  await db.schema.createIndex('ticket_check_time_idx').on('ticket_check').columns(['tenant_id', 'checked_at']).execute();
}
