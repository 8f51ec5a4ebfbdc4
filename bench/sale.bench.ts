// A busy till: 20 cashiers, each creating a goods sale order and paying it in cash, again and again, for
// 10 s. Orders/s and the p50/p99 of a whole sale (createOrder + payOrder) and of each call, beside a bare
// insert route on the same database measured in the same run. Target: p99 of a sale under 100 ms on SQLite.
// The product (main.ts) and the baseline (insert-server.ts) each run in a child process, as in production;
// the load comes from this process. SQLite, and PostgreSQL when DATABASE_URL is set (a throw-away database beside it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';

const CASHIERS = 20;
const SECONDS = 10;
const TARGET_P99_MS = 100;
/** The paced phase: each cashier completes a sale every second (72,000 sales an hour for the 20). */
const PACE_MS = 1000;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => ms.toFixed(1).padStart(8);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

/**
 * `workers` loops of `step` for `seconds`; each step answers the latencies it measured by name. Back to
 * back by default (saturation); with `paceMs` each worker starts a step every paceMs, staggered.
 */
async function load(seconds: number, workers: number, step: (worker: number) => Promise<Record<string, number>>, paceMs = 0) {
  const times = new Map<string, number[]>();
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      if (paceMs) await sleep((w * paceMs) / workers);
      while (performance.now() < end) {
        const started = performance.now();
        try {
          for (const [name, ms] of Object.entries(await step(w))) (times.get(name) ?? times.set(name, []).get(name)!).push(ms);
        } catch {
          failures += 1;
        }
        if (paceMs) await sleep(started + paceMs - performance.now());
      }
    }),
  );
  return { times, failures };
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

const post = async (url: string, token: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (answer.code !== 200) throw new Error(answer.msg);
  return answer.data;
};

const verdicts: string[] = [];
for (const [label, databaseUrl] of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-sale-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  const product = await childServer(env);
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  const k = db.kysely;
  const goods = await k
    .selectFrom('goods_stock as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select('g.id')
    .where('s.warehouse_id', '=', 1)
    .where('g.is_on_sale', '=', '1')
    .where('g.state', '=', 'A')
    .orderBy('g.id')
    .limit(8)
    .execute();
  await k
    .updateTable('goods_stock')
    .set({ quantity: 10_000_000 })
    .where('warehouse_id', '=', 1)
    .where(
      'goods_id',
      'in',
      goods.map((g) => g.id),
    )
    .execute();
  // One session per till, logged in one after another (a fourth simultaneous login of one user asks for a captcha).
  const tokens: string[] = [];
  for (let i = 0; i < CASHIERS; i++) tokens.push(await loginToken(product.url, i % 2 ? 'cashier' : 'admin', i % 2 ? 'cashier123' : 'admin123'));
  const api = (path: string) => `${product.url}/api/goods/goodsSaleOrder/${path}`;

  const sale = async (w: number) => {
    const details = [0, 1, 2].map((j) => ({ goodsId: goods[(w + j) % goods.length].id, quantity: 1 + (j % 2) }));
    const [created, createMs] = await timed(() => post(api('createOrder'), tokens[w], { details, warehouseId: 1, venueId: 1 }));
    const [, payMs] = await timed(() => post(api('payOrder'), tokens[w], { orderId: created.orderId, payMode: 'cashpay', money: created.pricePay }));
    return { 'sale (create+pay)': createMs + payMs, createOrder: createMs, payOrder: payMs };
  };
  await load(2, CASHIERS, sale); // warm-up
  const sales = await load(SECONDS, CASHIERS, sale);
  const paced = await load(SECONDS, CASHIERS, sale, PACE_MS);
  const inserts = await childServer(env, 'bench/insert-server.ts', 'insert server ready');
  const insertUrl = `${inserts.url}/insert`;
  await load(1, CASHIERS, async () => (await fetch(insertUrl, { method: 'POST' }).then((r) => r.json()), {}));
  const bare = await load(SECONDS, CASHIERS, async () => {
    const [, ms] = await timed(() => fetch(insertUrl, { method: 'POST' }).then((r) => r.json()));
    return { 'bare insert route': ms };
  });

  const paid = await k
    .selectFrom('sale_order')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pay_state', '=', 'P')
    .executeTakeFirstOrThrow();
  console.log(`\n${label}: ${CASHIERS} cashiers, ${SECONDS} s, cash sales of 3 lines (${Number(paid.n)} orders paid in all, ${sales.failures} failed)`);
  console.log('measure'.padEnd(22), 'per s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
  const rows = [...sales.times, ...bare.times];
  const baselineRate = (bare.times.get('bare insert route')?.length ?? 0) / SECONDS;
  for (const [name, list] of rows) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(name.padEnd(22), String(Math.round(list.length / SECONDS)).padStart(8), fmt(percentile(sorted, 50)), fmt(percentile(sorted, 99)));
  }
  const saleTimes = [...(sales.times.get('sale (create+pay)') ?? [])].sort((a, b) => a - b);
  const ordersPerSecond = saleTimes.length / SECONDS;
  console.log(
    `orders/s ${ordersPerSecond.toFixed(0)} (${((ordersPerSecond / baselineRate) * 100).toFixed(1)}% of the bare insert rate); a sale is two requests`,
  );
  // Back to back, 20 sales are always in flight, so a sale waits for the others: mean latency = 20 / orders per second.
  console.log(
    `mean sale by Little's law: ${CASHIERS} in flight / ${ordersPerSecond.toFixed(0)} per s = ${((CASHIERS / ordersPerSecond) * 1000).toFixed(0)} ms`,
  );
  const pacedTimes = [...(paced.times.get('sale (create+pay)') ?? [])].sort((a, b) => a - b);
  console.log(
    `paced: ${CASHIERS} cashiers, a sale each every ${PACE_MS} ms (${pacedTimes.length} sales, ${paced.failures} failed): p50 ${percentile(pacedTimes, 50).toFixed(1)} ms, p99 ${percentile(pacedTimes, 99).toFixed(1)} ms`,
  );
  if (label === 'SQLite') {
    const p99 = percentile(saleTimes, 99);
    verdicts.push(`SQLite sale p99 ${p99.toFixed(1)} ms: ${p99 < TARGET_P99_MS ? 'under' : 'OVER'} the ${TARGET_P99_MS} ms target`);
  }
  await inserts.stop();
  await product.stop();
  await db.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${verdicts.join('\n')}`);
