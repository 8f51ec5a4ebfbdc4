import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** A table with an auto-increment `id` primary key on either engine. */
export function tableWithId(db: Kysely<any>, engine: Engine, name: string): CreateTableBuilder<string, 'id'> {
  const table = db.schema.createTable(name);
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A tenant-owned table: `id` plus a non-null `tenant_id`. */
export function tenantTable(db: Kysely<any>, engine: Engine, name: string) {
  return tableWithId(db, engine, name).addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'));
}
