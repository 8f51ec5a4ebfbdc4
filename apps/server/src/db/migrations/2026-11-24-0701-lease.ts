import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Goods rental (商品租赁): the lease goods archive (a goods archive entry lent out, its stock the goods
 * stock of the venue's warehouse), lease orders paid at the till (rent plus deposit) and their lines.
 * A line's refunded_quantity counts the units returned (归还): a return is a refund of the deposit less
 * overtime and damage, through the checkout's order_refund tables.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // rent_mode: U per use (rent_fen once), T per time unit (rent_fen per unit_minutes after free_minutes, at most daily_cap_fen a day; 0 no cap).
  await tenantTable(db, engine, 'lease_goods')
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('rent_mode', 'text', (c) => c.notNull().check(sql`rent_mode in ('U', 'T')`))
    .addColumn('rent_fen', 'integer', (c) => c.notNull().check(sql`rent_fen >= 0`))
    .addColumn('unit_minutes', 'integer', (c) => c.notNull().check(sql`unit_minutes > 0`))
    .addColumn('free_minutes', 'integer', (c) => c.notNull().check(sql`free_minutes >= 0`))
    .addColumn('daily_cap_fen', 'integer', (c) => c.notNull().check(sql`daily_cap_fen >= 0`))
    .addColumn('deposit_fen', 'integer', (c) => c.notNull().check(sql`deposit_fen >= 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('A', 'S')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('lease_goods_goods_uq', ['tenant_id', 'goods_id'])
    .execute();

  await payColumns(tenantTable(db, engine, 'lease_order'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('sport_item.id'))
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull().check(sql`price_orig_fen >= 0`))
    .addColumn('rent_fen', 'integer', (c) => c.notNull().check(sql`rent_fen >= 0`))
    .addColumn('deposit_fen', 'integer', (c) => c.notNull().check(sql`deposit_fen >= 0`))
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('refunded_fen', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_fen >= 0`),
    )
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lease_order_venue_idx').on('lease_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();

  await tenantTable(db, engine, 'lease_order_line')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('lease_order.id'))
    .addColumn('lease_goods_id', 'integer', (c) => c.notNull().references('lease_goods.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('goods_name', 'text', (c) => c.notNull())
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('rent_mode', 'text', (c) => c.notNull())
    .addColumn('rent_fen', 'integer', (c) => c.notNull())
    .addColumn('unit_minutes', 'integer', (c) => c.notNull())
    .addColumn('free_minutes', 'integer', (c) => c.notNull())
    .addColumn('daily_cap_fen', 'integer', (c) => c.notNull())
    .addColumn('deposit_fen', 'integer', (c) => c.notNull())
    // rent + deposit of one unit: what the checkout charges per unit.
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull())
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull().check(sql`price_pay_fen >= 0`))
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    // Deposit kept on returns (overtime and damage), fen.
    .addColumn('deducted_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('returned_at', 'text')
    .execute();
  await db.schema.createIndex('lease_order_line_order_idx').on('lease_order_line').columns(['order_id', 'id']).execute();
}
