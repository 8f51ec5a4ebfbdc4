import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { payColumns, tenantTable } from './helpers.ts';

/**
 * Wristbands (手牌): bands registered by their physical id, lent with a deposit (a deposit order paid
 * at the till), goods sales, rentals and overstay charged to them (手牌挂账), settled (a settlement
 * order) and the deposit refunded when the band comes back.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // lent_order_id: the deposit order the band is out on (set by the payment that lends it, only while null).
  await tenantTable(db, engine, 'hand')
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('hand_no', 'text', (c) => c.notNull())
    .addColumn('phy_id', 'text', (c) => c.notNull())
    .addColumn('deposit_fen', 'integer', (c) => c.notNull().check(sql`deposit_fen >= 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('A', 'S')`))
    .addColumn('lent_order_id', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('hand_phy_uq', ['tenant_id', 'phy_id'])
    .execute();
  await db.schema.createIndex('hand_venue_idx').on('hand').columns(['tenant_id', 'venue_id', 'hand_no']).execute();

  // kind: D a deposit (paid: A, the band is out; its refund: E), S a settlement of the band's charges (paid: E).
  await payColumns(tenantTable(db, engine, 'hand_order'))
    .addColumn('hand_id', 'integer', (c) => c.notNull().references('hand.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('D', 'S')`))
    .addColumn('deposit_order_id', 'integer', (c) => c.references('hand_order.id'))
    .addColumn('refund_type', 'text', (c) => c.notNull().defaultTo('U'))
    .addColumn('refunded_fen', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_fen >= 0 and refunded_fen <= price_pay_fen`),
    )
    .addColumn('charged_fen', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`charged_fen >= 0`),
    )
    .addColumn('settled_fen', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`settled_fen >= 0 and settled_fen <= charged_fen`),
    )
    .addColumn('returned_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hand_order_venue_idx').on('hand_order').columns(['tenant_id', 'venue_id', 'created_at']).execute();
  // A band is out on at most one deposit order, whatever two tills do at once.
  await db.schema
    .createIndex('hand_order_lent_uq')
    .on('hand_order')
    .columns(['tenant_id', 'hand_id'])
    .unique()
    .where(sql.ref('order_state'), '=', sql.lit('A'))
    .execute();

  // A deposit order's one line (the deposit); a settlement's lines are the charges it settles.
  await tenantTable(db, engine, 'hand_order_line')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('hand_order.id'))
    .addColumn('charge_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_orig_fen', 'integer', (c) => c.notNull().check(sql`price_orig_fen >= 0`))
    .addColumn('price_pay_fen', 'integer', (c) => c.notNull().check(sql`price_pay_fen >= 0`))
    .addColumn('refunded_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_quantity >= 0 and refunded_quantity <= quantity`),
    )
    .execute();
  await db.schema.createIndex('hand_order_line_order_idx').on('hand_order_line').columns(['order_id', 'id']).execute();

  // What was charged to a band while out on a deposit order; an order is charged at most once.
  await tenantTable(db, engine, 'hand_charge')
    .addColumn('deposit_order_id', 'integer', (c) => c.notNull().references('hand_order.id'))
    .addColumn('hand_id', 'integer', (c) => c.notNull().references('hand.id'))
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen >= 0`))
    .addColumn('settle_order_id', 'integer', (c) => c.references('hand_order.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('hand_charge_order_uq', ['tenant_id', 'order_type', 'order_id'])
    .execute();
  await db.schema.createIndex('hand_charge_deposit_idx').on('hand_charge').columns(['deposit_order_id', 'id']).execute();
}
