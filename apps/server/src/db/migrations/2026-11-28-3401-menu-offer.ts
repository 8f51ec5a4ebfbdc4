import type { Kysely } from 'kysely';

/**
 * Issue 34: the menu entries each tenant has been offered. At start-up the product adds the entries a
 * newer version brings to existing tenants, once: an entry an admin deletes afterwards stays deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('menu_offer')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('offered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('menu_offer_pk', ['tenant_id', 'item_key'])
    .execute();
}
