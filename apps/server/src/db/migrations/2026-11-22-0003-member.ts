import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/**
 * Members and their cards: member types, members, family, card types (and the sports items they cover),
 * cards, the card ledger (card_consume) and the blacklist; plus the search index over card number,
 * member name and phone (card_search), kept in step by triggers on card and member.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'member_type')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .execute();

  await tenantTable(db, engine, 'member')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text')
    .addColumn('photo', 'text')
    .addColumn('member_type_id', 'integer', (c) => c.references('member_type.id'))
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('B')
        .check(sql`source in ('B', 'W', 'M', 'Z', 'O')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await tenantTable(db, engine, 'member_family')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('relation', 'text', (c) => c.notNull().check(sql`relation in ('S', 'F', 'M', 'O')`))
    .addColumn('phone', 'text')
    .execute();
  await db.schema.createIndex('member_family_member_idx').on('member_family').column('member_id').execute();

  // discount is per mille: 900 is 9折 (0.9 in the API); 1000 means no discount.
  await tenantTable(db, engine, 'card_type')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'text', (c) => c.notNull().check(sql`pay_type in ('M', 'T', 'D')`))
    .addColumn('price_fen', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price_fen >= 0`),
    )
    .addColumn('valid_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discountable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`discount > 0 and discount <= 1000`),
    )
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addUniqueConstraint('card_type_name_uq', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('card_type_item')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addPrimaryKeyConstraint('card_type_item_pk', ['card_type_id', 'item_id'])
    .execute();

  // balance: fen for M cards, times for T cards, 0 for D cards; never below zero.
  await tenantTable(db, engine, 'card')
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('phy_card_id', 'text')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('venue_id', 'integer', (c) => c.references('venue.id'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('A')
        .check(sql`state in ('A', 'B', 'L', 'R', 'C', 'E', 'S')`),
    )
    .addColumn('is_opened', 'text', (c) =>
      c
        .notNull()
        .defaultTo('F')
        .check(sql`is_opened in ('T', 'F')`),
    )
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('use_begin', 'text')
    .addColumn('use_end', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('card_no_uq', ['tenant_id', 'card_no'])
    .addUniqueConstraint('card_phy_uq', ['tenant_id', 'phy_card_id'])
    .execute();
  await db.schema.createIndex('card_tenant_idx').on('card').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('card_member_idx').on('card').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('card_tenant_end_idx').on('card').columns(['tenant_id', 'use_end']).execute();

  await tenantTable(db, engine, 'card_consume')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('card.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('OPEN', 'RECHARGE', 'CONSUME', 'REFUND', 'IMPORT', 'ADJUST')`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('order_type', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('venue_id', 'integer', (c) => c.references('venue.id'))
    // One refund per consume: the unique constraint settles two refunds racing each other.
    .addColumn('refund_of', 'integer', (c) => c.references('card_consume.id').unique())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('card_consume_card_idx').on('card_consume').columns(['card_id', 'id']).execute();
  await db.schema.createIndex('card_consume_tenant_time_idx').on('card_consume').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('card_consume_order_idx').on('card_consume').columns(['tenant_id', 'order_type', 'order_id']).execute();

  await tenantTable(db, engine, 'blacklist')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('rule_type', 'text', (c) => c.notNull().check(sql`rule_type in ('FC', 'TR', 'TE', 'FN')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blacklist_member_idx').on('blacklist').columns(['member_id', 'active']).execute();

  // Each tenant's number of cards, kept by triggers: the unfiltered card list's total without counting every card.
  await db.schema
    .createTable('card_count')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('cards', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (engine === 'postgres') await postgresSearch(db);
  else await sqliteSearch(db);
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer, one row per card (rowid = card.id), so any substring
 * of 3+ characters of the name, phone or card number is an index lookup. Shorter keywords cannot use a
 * trigram index; the repository answers them with a prefix match on the btree indexes below.
 */
async function sqliteSearch(db: Kysely<any>) {
  await db.schema.createIndex('member_tenant_name_idx').on('member').columns(['tenant_id', 'name']).execute();
  await db.schema.createIndex('member_tenant_phone_idx').on('member').columns(['tenant_id', 'phone']).execute();
  await sql`create virtual table card_search using fts5(name, phone, card_no, tokenize = 'trigram')`.execute(db);
  const row = sql.raw(`select new.id, m.name, m.phone, new.card_no from member m where m.id = new.member_id`);
  await sql`create trigger card_search_ai after insert on card begin
    insert into card_search(rowid, name, phone, card_no) ${row}; end`.execute(db);
  await sql`create trigger card_search_au after update of card_no, member_id on card begin
    delete from card_search where rowid = old.id;
    insert into card_search(rowid, name, phone, card_no) ${row}; end`.execute(db);
  await sql`create trigger card_search_ad after delete on card begin delete from card_search where rowid = old.id; end`.execute(db);
  await sql`create trigger card_search_member_au after update of name, phone on member begin
    update card_search set name = new.name, phone = new.phone where rowid in (select id from card where member_id = new.id); end`.execute(db);
  await sql`create trigger card_count_ai after insert on card begin
    insert into card_count (tenant_id, cards) values (new.tenant_id, 1) on conflict (tenant_id) do update set cards = cards + 1; end`.execute(db);
  await sql`create trigger card_count_ad after delete on card begin
    update card_count set cards = cards - 1 where tenant_id = old.tenant_id; end`.execute(db);
}

/**
 * PostgreSQL: the same card_search rows in a plain table with GIN trigram indexes (pg_trgm), so
 * ILIKE '%keyword%' over name, phone and card number is a bitmap index scan. Prefix matches of short
 * keywords use the text_pattern_ops btree indexes (they work whatever the database collation).
 */
async function postgresSearch(db: Kysely<any>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index member_tenant_name_idx on member (tenant_id, name text_pattern_ops)`.execute(db);
  await sql`create index member_tenant_phone_idx on member (tenant_id, phone text_pattern_ops)`.execute(db);
  await sql`create index card_tenant_no_prefix_idx on card (tenant_id, card_no text_pattern_ops)`.execute(db);
  await sql`create table card_search (
    card_id integer primary key references card(id) on delete cascade,
    name text not null, phone text not null, card_no text not null)`.execute(db);
  // fastupdate off: card and member writes are few and searches many, so no search reads a pending list.
  await sql`create index card_search_trgm_idx on card_search using gin (name gin_trgm_ops, phone gin_trgm_ops, card_no gin_trgm_ops)
    with (fastupdate = off)`.execute(db);
  await sql`create function card_search_sync() returns trigger language plpgsql as $$
    begin
      insert into card_search (card_id, name, phone, card_no)
        select new.id, m.name, m.phone, new.card_no from member m where m.id = new.member_id
        on conflict (card_id) do update set name = excluded.name, phone = excluded.phone, card_no = excluded.card_no;
      return null;
    end $$`.execute(db);
  await sql`create trigger card_search_ai after insert or update of card_no, member_id on card
    for each row execute function card_search_sync()`.execute(db);
  await sql`create function card_search_member_sync() returns trigger language plpgsql as $$
    begin
      update card_search s set name = new.name, phone = new.phone from card c where c.member_id = new.id and s.card_id = c.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger card_search_member_au after update of name, phone on member
    for each row execute function card_search_member_sync()`.execute(db);
  // Statement-level, over the inserted or deleted rows: one counter update per statement, however many cards.
  await sql`create function card_count_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into card_count (tenant_id, cards) select tenant_id, count(*) from changed group by tenant_id
          on conflict (tenant_id) do update set cards = card_count.cards + excluded.cards;
      else
        update card_count k set cards = k.cards - d.n from (select tenant_id, count(*) as n from changed group by tenant_id) d where k.tenant_id = d.tenant_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger card_count_ai after insert on card referencing new table as changed for each statement execute function card_count_sync()`.execute(
    db,
  );
  await sql`create trigger card_count_ad after delete on card referencing old table as changed for each statement execute function card_count_sync()`.execute(
    db,
  );
}
