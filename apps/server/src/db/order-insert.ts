import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Engine } from './database.ts';
import type { Database } from './tables.ts';

/** An order table whose lines live in a table of their own, keyed by `order_id`. */
type OrderTable = 'sale_order' | 'lease_order' | 'hand_order';
type LineTable = 'sale_order_line' | 'lease_order_line' | 'hand_order_line';

/**
 * An order and its lines, atomically. PostgreSQL: one statement (the order's insert feeds the lines'),
 * one round trip instead of four; SQLite, or when `alsoWrite` (an audit entry) joins: a transaction.
 */
export async function insertOrderWithLines<O extends OrderTable, L extends LineTable>(
  db: Kysely<Database>,
  engine: Engine,
  tables: { order: O; lines: L },
  order: Omit<Insertable<Database[O]>, 'id'>,
  lines: Omit<Insertable<Database[L]>, 'id' | 'order_id'>[],
  alsoWrite?: (trx: Transaction<Database>, orderId: number) => Promise<void>,
): Promise<number> {
  // The tables are a type parameter here: Kysely checks the columns at each caller's types, not in this body.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as unknown as Kysely<any>;
  if (engine === 'postgres' && !alsoWrite) {
    const row = await k
      .with('o', (w) => w.insertInto(tables.order).values(order).returning('id'))
      .insertInto(tables.lines)
      .values(lines.map((l) => ({ ...l, order_id: sql<number>`(select id from o)` })))
      .returning('order_id')
      .executeTakeFirstOrThrow();
    return row.order_id as number;
  }
  return db.transaction().execute(async (trx) => {
    const t = trx as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const { id } = await t.insertInto(tables.order).values(order).returning('id').executeTakeFirstOrThrow();
    await t
      .insertInto(tables.lines)
      .values(lines.map((l) => ({ ...l, order_id: id })))
      .execute();
    await alsoWrite?.(trx, id as number);
    return id as number;
  });
}
