import { sql, type Kysely } from 'kysely';

/**
 * The auto-close job looks for each tenant's unpaid orders older than its limit every minute, in every
 * server process: a partial index of the unpaid orders alone keeps that a short range scan however
 * many paid orders pile up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('sale_order_unpaid_idx')
    .on('sale_order')
    .columns(['tenant_id', 'created_at'])
    .where(sql.ref('pay_state'), 'in', [sql.lit('U'), sql.lit('F')])
    .execute();
}
