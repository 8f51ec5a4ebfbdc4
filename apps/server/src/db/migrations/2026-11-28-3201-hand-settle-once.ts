import { sql, type Kysely } from 'kysely';

const OPEN = sql<boolean>`kind = 'S' and order_state = 'P'`;

/**
 * Issue 29: one settlement per band waits for its payment at a time (20 calls at once made 20). Of
 * duplicates made before, those awaiting payment (U, F) are closed (C): all but the newest, and all
 * when one of them has a payment under way (N, never closed under a channel). Then the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const closeWhere = (other: ReturnType<typeof sql>) =>
    sql`update hand_order set order_state = 'C', pay_state = 'C'
      where ${OPEN} and pay_state in ('U', 'F') and exists (select 1 from hand_order n
        where n.kind = 'S' and n.order_state = 'P' and n.deposit_order_id = hand_order.deposit_order_id and n.id <> hand_order.id and ${other})`.execute(db);
  await closeWhere(sql`n.pay_state = 'N'`);
  await closeWhere(sql`n.id > hand_order.id`);
  await db.schema.createIndex('hand_order_settle_open_uq').on('hand_order').columns(['tenant_id', 'deposit_order_id']).unique().where(OPEN).execute();
}
