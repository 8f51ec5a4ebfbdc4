import { sql, type Kysely } from 'kysely';

/**
 * Issue 29: a lecture order and an overstay order are refunded through their own order, by the rules of
 * every refund (checkout/refund.service.ts): the order counts what it gave back, each line its units.
 * A lecture's lines are its participants (one seat each); an overstay order is its own one line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['lecture_order', 'ticket_timeout_order']) {
    await db.schema
      .alterTable(table)
      .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const table of ['lecture_participant', 'ticket_timeout_order']) {
    await db.schema
      .alterTable(table)
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // 讲座退款 under each tenant's 讲座报名 (new tenants get it from the seed); no role holds it but the administrator.
  await sql`insert into menu (tenant_id, pid, type, title, name, path, component, icon, permission, sort, hidden, no_cache, i_frame)
    select m.tenant_id, m.id, 2, '讲座退款', null, '', null, null, 'lecture:order:refund', 99, 0, 0, 0 from menu m
    where m.type = 1 and m.permission = 'lecture:order:list'
      and not exists (select 1 from menu b where b.tenant_id = m.tenant_id and b.permission = 'lecture:order:refund')`.execute(db);
}
