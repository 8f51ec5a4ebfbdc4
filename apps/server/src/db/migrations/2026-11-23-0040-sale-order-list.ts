import type { Kysely } from 'kysely';

/**
 * 销售订单 lists a venue's orders newest first (by id): this index serves that page and its count
 * without reading other venues' orders, so the list stays quick as a busy till adds thousands a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sale_order_venue_id_idx').on('sale_order').columns(['tenant_id', 'venue_id', 'id']).execute();
}
