import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Card types administered (会员卡类型, issue 16): a period card's validity in days or months and when it
 * starts (O at opening, S at sale), the price of a day of extension and the 补卡 fee; the venues a type is
 * valid in (none: every venue). The fee orders paid through 收款 (延期 of one card or many, 补卡 with a fee)
 * and the blacklist rules (FC, TR, TE, FN with a threshold within a number of days).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('card_type')
    .addColumn('valid_months', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('card_type')
    .addColumn('valid_start', 'text', (c) => c.notNull().defaultTo('O'))
    .execute();
  await db.schema
    .alterTable('card_type')
    .addColumn('extend_day_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('card_type')
    .addColumn('replace_fee_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('card_type_venue')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('card_type_id', 'integer', (c) => c.notNull().references('card_type.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addPrimaryKeyConstraint('card_type_venue_pk', ['card_type_id', 'venue_id'])
    .execute();

  // EXTEND: `days` more for each card of card_fee_order_card; REPLACE: the card replaced by new_card_no once paid.
  await payColumns(tenantTable(db, engine, 'card_fee_order'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('EXTEND', 'REPLACE')`))
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_card_no', 'text')
    .addColumn('phy_card_id', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_fee_order_tenant_idx').on('card_fee_order').columns(['tenant_id', 'id']).execute();
  await db.schema
    .createTable('card_fee_order_card')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('card_fee_order.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('card.id'))
    .addColumn('fee_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('card_fee_order_card_pk', ['order_id', 'card_id'])
    .execute();

  await tenantTable(db, engine, 'blacklist_rule')
    .addColumn('rule_type', 'text', (c) => c.notNull().check(sql`rule_type in ('FC', 'TR', 'TE', 'FN')`))
    .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold > 0`))
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days > 0`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('blacklist_rule_uq', ['tenant_id', 'rule_type'])
    .execute();
}
