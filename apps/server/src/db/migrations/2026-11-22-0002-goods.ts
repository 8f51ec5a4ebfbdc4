import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { tenantTable } from './helpers.ts';

/** Goods: classifications, warehouses (and the venues they serve), archive, stock with its ledger, suppliers, stock-in orders. */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await tenantTable(db, engine, 'goods_classification')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(999))
    .addUniqueConstraint('goods_classification_name_uq', ['tenant_id', 'name'])
    .execute();

  await tenantTable(db, engine, 'warehouse')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('warehouse_venue')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addPrimaryKeyConstraint('warehouse_venue_pk', ['warehouse_id', 'venue_id'])
    .execute();
  await db.schema.createIndex('warehouse_venue_venue_idx').on('warehouse_venue').columns(['tenant_id', 'venue_id']).execute();

  await tenantTable(db, engine, 'goods')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('specs', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'text')
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen >= 0`))
    .addColumn('barcode', 'text')
    .addColumn('shorthand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('classification_id', 'integer', (c) => c.notNull().references('goods_classification.id'))
    .addColumn('item_id', 'integer', (c) => c.references('sport_item.id'))
    .addColumn('is_on_sale', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_tenant_class_idx').on('goods').columns(['tenant_id', 'classification_id']).execute();
  await db.schema.createIndex('goods_tenant_barcode_idx').on('goods').columns(['tenant_id', 'barcode']).execute();
  await db.schema.createIndex('goods_tenant_shorthand_idx').on('goods').columns(['tenant_id', 'shorthand']).execute();

  await tenantTable(db, engine, 'goods_stock')
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`quantity >= 0`),
    )
    .addUniqueConstraint('goods_stock_uq', ['goods_id', 'warehouse_id'])
    .execute();
  await db.schema.createIndex('goods_stock_warehouse_idx').on('goods_stock').columns(['warehouse_id', 'goods_id']).execute();

  await tenantTable(db, engine, 'stock_movement')
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('stock_movement_goods_idx').on('stock_movement').columns(['goods_id', 'warehouse_id', 'id']).execute();
  await db.schema.createIndex('stock_movement_tenant_idx').on('stock_movement').columns(['tenant_id', 'id']).execute();
  // Bumped by every catalogue edit (goods, classes); with the newest movement id it versions cached sale lists.
  await db.schema
    .createTable('catalog_version')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('stock_movement_reason_idx').on('stock_movement').columns(['tenant_id', 'reason', 'created_at']).execute();

  await tenantTable(db, engine, 'supplier')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('supplier_name_uq', ['tenant_id', 'name'])
    .execute();

  await tenantTable(db, engine, 'stock_in')
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
    .addColumn('venue_id', 'integer', (c) => c.notNull().references('venue.id'))
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id'))
    .addColumn('supply_type', 'text', (c) => c.notNull().defaultTo('A'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('P'))
    .addColumn('total_fen', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('review_remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('stock_in_venue_idx').on('stock_in').columns(['tenant_id', 'venue_id', 'created_at']).execute();
  await tenantTable(db, engine, 'stock_in_line')
    .addColumn('stock_in_id', 'integer', (c) => c.notNull().references('stock_in.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_in_line_order_idx').on('stock_in_line').column('stock_in_id').execute();
}
