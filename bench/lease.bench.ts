// Goods rental at a busy counter (issue 19): 20 clerks, each renting a racket (createOrder + payOrder in
// cash: rent plus deposit) and taking it back (returnGoods: the deposit back in cash, the racket back in
// stock), again and again. Per engine: the p50/p99 of a rental (create+pay) and of a return, back to back
// (saturation), then paced (a rental and its return per clerk every second, still far more than a counter
// sees), beside a bare insert route measured in the same run (bench/insert-server.ts). Ends with the books
// of the rentals checked.
// SQLite, and PostgreSQL when DATABASE_URL is set (a throw-away database beside it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { probedSpan } from './probe/probed-span.ts';
import { load, percentile, post, sortedOf, timed, type Load } from './sale-load.ts';

const CLERKS = 20;
const SECONDS = Number(process.env.LEASE_SECONDS ?? 10);
const GOAL_P99 = 100;
const PACE_MS = 1000;
const STOCK = 10_000_000;
// BENCH_ENGINE=SQLite or PostgreSQL: that engine only.
const engines = ([['SQLite', undefined]] as [string, string | undefined][])
  .concat(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL]] : [])
  .filter(([label]) => !process.env.BENCH_ENGINE || process.env.BENCH_ENGINE === label);
const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
const verdicts: string[] = [];

for (const [label, databaseUrl] of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-lease-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  const product = await childServer(env);
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  const k = db.kysely;
  // The demo's badminton racket of the first venue (rent 10.00 per hour after 10 free minutes, deposit 100.00).
  const racket = await k
    .selectFrom('lease_goods as lg')
    .innerJoin('goods as g', 'g.id', 'lg.goods_id')
    .select(['lg.id', 'lg.goods_id', 'lg.item_id', 'lg.rent_fen', 'lg.deposit_fen'])
    .where('lg.tenant_id', '=', 1)
    .where('g.name', '=', '租赁羽毛球拍')
    .executeTakeFirstOrThrow();
  const { quantity } = await k
    .selectFrom('goods_stock')
    .select('quantity')
    .where('warehouse_id', '=', 1)
    .where('goods_id', '=', racket.goods_id)
    .executeTakeFirstOrThrow();
  await k.updateTable('goods_stock').set({ quantity: STOCK }).where('warehouse_id', '=', 1).where('goods_id', '=', racket.goods_id).execute();
  await k
    .insertInto('stock_movement')
    .values({
      tenant_id: 1,
      goods_id: racket.goods_id,
      warehouse_id: 1,
      change: STOCK - quantity,
      balance: STOCK,
      reason: 'ADJUST',
      ref_id: null,
      remark: '压测备货',
      created_at: new Date().toISOString(),
      created_by: null,
    })
    .execute();
  const tokens: string[] = [];
  for (let i = 0; i < CLERKS; i++) tokens.push(await loginToken(product.url, i % 2 ? 'cashier' : 'admin', i % 2 ? 'cashier123' : 'admin123'));
  const money = (racket.rent_fen + racket.deposit_fen) / 100;

  const rentalOn = (url: string) => async (w: number) => {
    const api = (path: string) => `${url}/api/lease/leaseOrder/${path}`;
    const [created, createMs] = await timed(() =>
      post(api('createOrder'), tokens[w], { details: [{ goodsId: racket.id, quantity: 1 }], itemId: racket.item_id, venueId: 1 }),
    );
    const orderId = created.orderId as number;
    const [, payMs] = await timed(() => post(api('payOrder'), tokens[w], { orderId, payMode: 'cashpay', money }));
    const line = await k.selectFrom('lease_order_line').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const [, returnMs] = await timed(() =>
      post(api('returnGoods'), tokens[w], { orderId, route: 'F', payMode: 'cashpay', lines: [{ detailId: line.id, quantity: 1, damage: 0 }] }),
    );
    return { 'rental (create+pay)': createMs + payMs, createOrder: createMs, payOrder: payMs, 'return (归还)': returnMs };
  };

  function printRun(title: string, run: Load) {
    console.log(`\n${label}, ${title}: ${run.failures} failed${run.errors.length ? ` (${run.errors.join('; ')})` : ''}`);
    console.log('  measure'.padEnd(24), 'per s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
    for (const [name, list] of run.times) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`  ${name}`.padEnd(24), fmt(list.length / SECONDS, 0), fmt(percentile(sorted, 50)), fmt(percentile(sorted, 99)));
    }
  }

  const rental = rentalOn(product.url);
  await load(2, CLERKS, rental); // warm-up
  const run = await load(SECONDS, CLERKS, rental);
  printRun(`${CLERKS} clerks back to back (rent, pay in cash, return)`, run);
  const paced = await load(SECONDS, CLERKS, rental, PACE_MS);
  printRun(`${CLERKS} clerks paced (a rental and its return per clerk every ${PACE_MS} ms)`, paced);
  await product.stop();
  // BENCH_PROBE_RUN=1: the statements and phases of a rental and its return, on a probed server (5 s more).
  if (process.env.BENCH_PROBE_RUN) {
    const routes = ['createOrder', 'payOrder', 'returnGoods'].map((r) => `POST /api/lease/leaseOrder/${r}`);
    await probedSpan(label, env, { workers: CLERKS, seconds: 5, routes, step: rentalOn });
  }

  const inserts = await childServer(env, 'bench/insert-server.ts', 'insert server ready');
  const insertUrl = `${inserts.url}/insert`;
  await load(1, CLERKS, async () => (await fetch(insertUrl, { method: 'POST' }).then((r) => r.json()), {}));
  const bare = await load(SECONDS, CLERKS, async () => {
    const [, ms] = await timed(() => fetch(insertUrl, { method: 'POST' }).then((r) => r.json()));
    return { 'bare insert route': ms };
  });
  await inserts.stop();
  printRun('baseline, same run', bare);

  // The books: every rental returned (E) gave back its deposit less nothing (on time, no damage), stock equals its movements.
  const wrong = await sql<{ n: number }>`
    select count(*) as n from lease_order o
    where o.tenant_id = 1 and o.order_state = 'E' and o.refunded_fen <> o.deposit_fen
      and o.id not in (select order_id from lease_order_line where deducted_fen > 0)`.execute(k);
  const stock = await k
    .selectFrom('goods_stock')
    .select('quantity')
    .where('warehouse_id', '=', 1)
    .where('goods_id', '=', racket.goods_id)
    .executeTakeFirstOrThrow();
  const moved = await k
    .selectFrom('stock_movement')
    .select((eb) => eb.fn.sum<number>('change').as('sum'))
    .where('warehouse_id', '=', 1)
    .where('goods_id', '=', racket.goods_id)
    .executeTakeFirstOrThrow();
  const problems = [
    Number(wrong.rows[0]?.n ?? 0) ? `${wrong.rows[0].n} returned rentals with a wrong deposit refund` : '',
    Number(stock.quantity) !== Number(moved.sum) ? `racket stock ${stock.quantity} ≠ its movements ${moved.sum}` : '',
  ].filter(Boolean);
  const rent = sortedOf(run, 'rental (create+pay)');
  const back = sortedOf(run, 'return (归还)');
  const [pacedRent, pacedBack] = [sortedOf(paced, 'rental (create+pay)'), sortedOf(paced, 'return (归还)')];
  const insert = sortedOf(bare, 'bare insert route');
  verdicts.push(
    `${label}: rental (create+pay) p99 ${percentile(rent, 99).toFixed(1)} ms, return p99 ${percentile(back, 99).toFixed(1)} ms (goal < ${GOAL_P99}); ` +
      `paced: rental p99 ${percentile(pacedRent, 99).toFixed(1)} ms, return p99 ${percentile(pacedBack, 99).toFixed(1)} ms; ` +
      `bare insert p99 ${percentile(insert, 99).toFixed(1)} ms; ${rent.length} rentals in ${SECONDS} s; books: ${problems.length ? problems.join('; ') : 'whole'}`,
  );
  await db.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${verdicts.join('\n')}`);
