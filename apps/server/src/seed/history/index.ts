import { chinaText } from '@venue/contract';
import { sql, type Kysely } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { emptyRows, planDay } from './plan.ts';
import { random } from './random.ts';
import { loadWorld, TABLES, type HistoryTable, type Rows, type World } from './world.ts';

export interface HistoryOptions {
  /** Days before today (today itself is left to the live demo). */
  days: number;
  /** Goods orders a day per venue with a till (tickets, gate passes and cards scale with it). */
  ordersPerDay?: number;
  tenantCode?: string;
  now?: Date;
  seed?: number;
}
export interface HistoryResult {
  days: number;
  rows: Partial<Record<HistoryTable, number>>;
  ms: number;
}

/** Bound parameters per statement: under SQLite's 32766 and PostgreSQL's 65535. */
const PARAMS = 30_000;
/** Days written per transaction. */
const DAYS_PER_WRITE = 30;

/**
 * A year (or `days`) of the demo tenant's trade before today, written in bulk: the rows the services
 * write (see planDay), ids given up front, a transaction per month of days. The books end as the
 * services would leave them: the stock rows and card balances are set to the movements' and ledger's
 * last balances. Does nothing when the tenant is missing or already has history cards (a second start).
 */
export async function seedHistory(db: Db, o: HistoryOptions): Promise<HistoryResult | null> {
  const started = Date.now();
  const tenant = await db.kysely
    .selectFrom('tenant')
    .select('id')
    .where('code', '=', o.tenantCode ?? 'demo')
    .executeTakeFirst();
  if (!tenant || o.days <= 0) return null;
  const done = await db.kysely.selectFrom('card').select('id').where('tenant_id', '=', tenant.id).where('card_no', 'like', 'H%').limit(1).executeTakeFirst();
  if (done) return null;
  const world = await loadWorld(db.kysely, tenant.id);
  if (!world) return null;
  const rnd = random(o.seed ?? 20261125);
  const today = chinaText(o.now ?? new Date()).slice(0, 10);
  const dates = Array.from({ length: o.days }, (_, i) => new Date(Date.parse(`${today}T00:00:00Z`) - (o.days - i) * DAY_MS).toISOString().slice(0, 10));
  const counts: Partial<Record<HistoryTable, number>> = {};
  for (let i = 0; i < dates.length; i += DAYS_PER_WRITE) {
    const rows = emptyRows();
    for (const date of dates.slice(i, i + DAYS_PER_WRITE)) planDay(world, rows, rnd, date, o.ordersPerDay ?? 80);
    await db.kysely.transaction().execute((trx) => writeRows(trx, rows));
    for (const t of TABLES) counts[t] = (counts[t] ?? 0) + rows[t].length;
  }
  await db.kysely.transaction().execute((trx) => settleBooks(trx, world));
  if (db.engine === 'postgres') {
    // Ids were given here: each serial's next value goes past them.
    for (const t of TABLES) await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select coalesce(max(id), 1) from ${sql.table(t)}))`.execute(db.kysely);
  } else {
    // The year went through the write-ahead log: back into the database file, so reads need not look there.
    await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
  }
  // Statistics as a database in use has them (autovacuum's analyze on PostgreSQL): without them PostgreSQL
  // planned the year's joins as nested loops over unindexed scans.
  await sql`analyze`.execute(db.kysely);
  return { days: o.days, rows: counts, ms: Date.now() - started };
}

async function writeRows(trx: Executor, rows: Rows) {
  for (const table of TABLES) {
    const list = rows[table] as Record<string, unknown>[];
    if (!list.length) continue;
    const size = Math.max(1, Math.floor(PARAMS / Object.keys(list[0]).length));
    for (let i = 0; i < list.length; i += size)
      await (trx as Kysely<Database>)
        .insertInto(table)
        .values(list.slice(i, i + size) as never)
        .execute();
  }
}

/** The stock rows and the history cards' balances as their last movement and ledger row left them. */
async function settleBooks(trx: Executor, world: World) {
  const stock = [...world.stock].map(([key, quantity]) => {
    const [warehouseId, goodsId] = key.split(':').map(Number);
    return { warehouseId, goodsId, quantity };
  });
  const int = (n: number) => sql`cast(${n} as integer)`;
  for (let i = 0; i < stock.length; i += 2000) {
    const part = stock.slice(i, i + 2000);
    await trx
      .insertInto('goods_stock')
      .values(part.map((s) => ({ tenant_id: world.tenantId, goods_id: s.goodsId, warehouse_id: s.warehouseId, quantity: 0 })))
      .onConflict((oc) => oc.columns(['goods_id', 'warehouse_id']).doNothing())
      .execute();
    const values = sql.join(part.map((s) => sql`(${int(s.warehouseId)}, ${int(s.goodsId)}, ${int(s.quantity)})`));
    await sql`update goods_stock set quantity = v.quantity
      from (select column1 as warehouse_id, column2 as goods_id, column3 as quantity from (values ${values}) as x) as v
      where goods_stock.tenant_id = ${world.tenantId} and goods_stock.warehouse_id = v.warehouse_id and goods_stock.goods_id = v.goods_id`.execute(trx);
  }
  for (let i = 0; i < world.cards.length; i += 2000) {
    const values = sql.join(world.cards.slice(i, i + 2000).map((c) => sql`(${int(c.id)}, ${int(c.balance)})`));
    await sql`update card set balance = v.balance
      from (select column1 as id, column2 as balance from (values ${values}) as x) as v
      where card.tenant_id = ${world.tenantId} and card.id = v.id`.execute(trx);
  }
}
