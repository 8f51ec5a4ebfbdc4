import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** Counter rows per tenant: a new card counts on the row of its id modulo this. */
export const CARD_COUNT_SLOTS = 16;

/**
 * Issue 16: the tenant's card counter (migration 0003) was one row, updated by a trigger in every
 * transaction that inserts a card, so on PostgreSQL every card sale of a tenant held that row's lock from
 * its card insert to its commit, and ten tills selling cards paid one after another. The count now lives
 * on CARD_COUNT_SLOTS rows per tenant (card id modulo the slots: cards sold at the same moment have
 * consecutive ids, so different rows), summed when read. Deletions count down on their card's row.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('card_count_slot')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('cards', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('card_count_slot_pk', ['tenant_id', 'slot'])
    .execute();
  const n = sql.lit(CARD_COUNT_SLOTS);
  await sql`insert into card_count_slot (tenant_id, slot, cards)
    select tenant_id, id % ${n}, count(*) from card group by tenant_id, id % ${n}`.execute(db);
  if (engine === 'postgres') {
    await sql`drop trigger card_count_ai on card`.execute(db);
    await sql`drop trigger card_count_ad on card`.execute(db);
    // In (tenant, slot) order, so two statements inserting many cards lock the rows in one order.
    await sql`create or replace function card_count_sync() returns trigger language plpgsql as $$
      begin
        insert into card_count_slot (tenant_id, slot, cards)
          select tenant_id, id % ${n}, case when tg_op = 'INSERT' then count(*) else -count(*) end
          from changed group by tenant_id, id % ${n} order by 1, 2
          on conflict (tenant_id, slot) do update set cards = card_count_slot.cards + excluded.cards;
        return null;
      end $$`.execute(db);
    await sql`create trigger card_count_ai after insert on card referencing new table as changed for each statement execute function card_count_sync()`.execute(
      db,
    );
    await sql`create trigger card_count_ad after delete on card referencing old table as changed for each statement execute function card_count_sync()`.execute(
      db,
    );
  } else {
    await sql`drop trigger card_count_ai`.execute(db);
    await sql`drop trigger card_count_ad`.execute(db);
    await sql`create trigger card_count_ai after insert on card begin
      insert into card_count_slot (tenant_id, slot, cards) values (new.tenant_id, new.id % ${n}, 1)
        on conflict (tenant_id, slot) do update set cards = cards + 1; end`.execute(db);
    await sql`create trigger card_count_ad after delete on card begin
      update card_count_slot set cards = cards - 1 where tenant_id = old.tenant_id and slot = old.id % ${n}; end`.execute(db);
  }
  await db.schema.dropTable('card_count').execute();
}
