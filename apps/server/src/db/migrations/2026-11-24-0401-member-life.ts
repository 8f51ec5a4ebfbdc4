import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Members and cards through their life (issue 16): the member archive's gender, birthday and remark;
 * a card type's face value and bonus on sale, and its top-up bonus rules; the card orders paid at the
 * till (办卡 SALE, 充值/加次 RECHARGE); the trail of every state change (挂失, 解挂, 停用, 启用, 拉黑, 换卡, 退卡).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('member').addColumn('gender', 'text').execute();
  await db.schema.alterTable('member').addColumn('birthday', 'text').execute();
  await db.schema
    .alterTable('member')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // face_fen: fen (M) or times (T) a sold card starts with (0: the price for M, the type's times for T); bonus_fen: given on top.
  await db.schema
    .alterTable('card_type')
    .addColumn('face_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('card_type')
    .addColumn('bonus_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A top-up of at least min_fen (fen for M cards, times for T cards) gets bonus_fen on top; the highest rule reached applies.
  await tenantTable(db, engine, 'card_recharge_rule')
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('min_fen', 'integer', (c) => c.notNull().check(sql`min_fen > 0`))
    .addColumn('bonus_fen', 'integer', (c) => c.notNull().check(sql`bonus_fen >= 0`))
    .execute();
  await db.schema.createIndex('card_recharge_rule_type_idx').on('card_recharge_rule').columns(['card_type_id', 'min_fen']).execute();

  // amount: what the card gets (fen or times) besides bonus; card_id: the card topped up, or the card issued once paid.
  await payColumns(tenantTable(db, engine, 'card_order'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('SALE', 'RECHARGE')`))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('card_id', 'integer', (c) => c.references('card.id'))
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('phy_card_id', 'text')
    .addColumn('open_now', 'text', (c) => c.notNull().defaultTo('T'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_order_tenant_idx').on('card_order').columns(['tenant_id', 'id']).execute();
  await db.schema.createIndex('card_order_card_idx').on('card_order').columns(['card_id']).execute();

  await tenantTable(db, engine, 'card_state_log')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('card.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('new_card_id', 'integer', (c) => c.references('card.id'))
    // Returns: what went back to the member (fen or times) and by which route (T original, F other: cash).
    .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('route', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_state_log_card_idx').on('card_state_log').columns(['card_id', 'id']).execute();
}
