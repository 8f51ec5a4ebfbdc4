// Issue 16: selling a member card (办卡: createSaleOrder + payOrder in cash) at 10 concurrent clerks, per
// engine, beside a bare insert route in the same run (bench/insert-server.ts). Goal: p99 of a sale under
// 100 ms. Every run ends with the books checked: card numbers unique, every stored-value card's ledger
// summing to its balance, and the liability equal to the sum of balances. SQLite, and PostgreSQL when
// DATABASE_URL is set (a throw-away database beside it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { probedSpan } from './probe/probed-span.ts';
import { load, percentile, post, sortedOf, timed, type Load } from './sale-load.ts';

const CLERKS = 10;
const SECONDS = Number(process.env.CARD_SALE_SECONDS ?? 10);
const GOAL_P99 = 100;
const engines: [string, string | undefined][] = [['SQLite', undefined]];
if (process.env.DATABASE_URL) engines.push(['PostgreSQL', process.env.DATABASE_URL]);
// BENCH_ENGINE=SQLite or PostgreSQL: that engine only.
if (process.env.BENCH_ENGINE) engines.splice(0, engines.length, ...engines.filter(([label]) => label === process.env.BENCH_ENGINE));
const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
const verdicts: string[] = [];

function printRun(label: string, title: string, run: Load) {
  console.log(`\n${label}, ${title}: ${SECONDS} s, ${run.failures} failed${run.errors.length ? ` (${run.errors.join('; ')})` : ''}`);
  console.log('  measure'.padEnd(26), 'per s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
  for (const [name, list] of run.times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`  ${name}`.padEnd(26), fmt(list.length / SECONDS), fmt(percentile(sorted, 50)), fmt(percentile(sorted, 99)));
  }
}

for (const [label, databaseUrl] of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-card-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  const product = await childServer(env);
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  const k = db.kysely;
  const type = await k.selectFrom('card_type').select(['id', 'price_fen']).where('tenant_id', '=', 1).where('name', '=', '储值卡').executeTakeFirstOrThrow();
  const members = (await k.selectFrom('member').select('id').where('tenant_id', '=', 1).orderBy('id').limit(CLERKS).execute()).map((m) => m.id);
  const tokens: string[] = [];
  for (let i = 0; i < CLERKS; i++) tokens.push(await loginToken(product.url, i % 2 ? 'cashier' : 'admin', i % 2 ? 'cashier123' : 'admin123'));
  const saleOn = (url: string) => async (w: number) => {
    const api = (path: string) => `${url}/api/member/cardOrder/${path}`;
    const [created, createMs] = await timed(() => post(api('createSaleOrder'), tokens[w], { memberId: members[w], cardTypeId: type.id, venueId: 1 }));
    const [, payMs] = await timed(() => post(api('payOrder'), tokens[w], { orderId: created.orderId, payMode: 'cashpay', money: created.pricePay }));
    return { 'sale (create+pay)': createMs + payMs, createSaleOrder: createMs, payOrder: payMs };
  };
  const sale = saleOn(product.url);
  await load(2, CLERKS, sale); // warm-up: JIT, pools, caches
  const run = await load(SECONDS, CLERKS, sale);
  await product.stop();
  printRun(label, `${CLERKS} clerks selling 储值卡`, run);
  // BENCH_PROBE_RUN=1: the statements and phases of a sale, measured on a probed server (5 s more).
  if (process.env.BENCH_PROBE_RUN) {
    const routes = ['createSaleOrder', 'payOrder'].map((r) => `POST /api/member/cardOrder/${r}`);
    await probedSpan(label, env, { workers: CLERKS, seconds: 5, routes, step: saleOn });
  }

  const inserts = await childServer(env, 'bench/insert-server.ts', 'insert server ready');
  const insertUrl = `${inserts.url}/insert`;
  await load(1, CLERKS, async () => (await fetch(insertUrl, { method: 'POST' }).then((r) => r.json()), {}));
  const bare = await load(SECONDS, CLERKS, async () => {
    const [, ms] = await timed(() => fetch(insertUrl, { method: 'POST' }).then((r) => r.json()));
    return { 'bare insert route': ms };
  });
  await inserts.stop();
  printRun(label, 'baseline', bare);

  const numbers = await sql<{ n: number; d: number }>`select count(*) as n, count(distinct card_no) as d from card where tenant_id = 1`.execute(k);
  const mismatched = await sql<{
    n: number;
  }>`select count(*) as n from card c where c.balance <> coalesce((select sum(amount) from card_consume cc where cc.card_id = c.id), 0)`.execute(k);
  const sold = await sql<{ n: number }>`select count(*) as n from card_order where kind = 'SALE' and pay_state = 'P'`.execute(k);
  // The card list's total comes from the counter rows the card triggers keep (migration 1811).
  const counted = await sql<{ n: number }>`select coalesce(sum(cards), 0) as n from card_count_slot where tenant_id = 1`.execute(k);
  const problems = [
    Number(numbers.rows[0].n) !== Number(numbers.rows[0].d) ? 'duplicate card numbers' : '',
    Number(mismatched.rows[0].n) ? `${mismatched.rows[0].n} cards whose ledger differs from the balance` : '',
    Number(counted.rows[0].n) !== Number(numbers.rows[0].n) ? `card counter ${counted.rows[0].n} ≠ ${numbers.rows[0].n} cards` : '',
  ].filter(Boolean);
  const p99 = percentile(sortedOf(run, 'sale (create+pay)'), 99);
  const bareP99 = percentile(sortedOf(bare, 'bare insert route'), 99);
  console.log(
    `  ${sold.rows[0].n} cards sold in all; books: ${problems.length ? problems.join(', ') : 'card numbers unique, every ledger equals its balance, the card counter equals the cards'}`,
  );
  verdicts.push(
    `${label}: sale p99 ${p99.toFixed(1)} ms (goal < ${GOAL_P99} ms: ${p99 < GOAL_P99 ? 'met' : 'NOT met'}), bare insert p99 ${bareP99.toFixed(1)} ms, ` +
      `${((run.times.get('sale (create+pay)')?.length ?? 0) / SECONDS).toFixed(1)} sales/s, ${run.failures} failed${problems.length ? `; BOOKS: ${problems.join(', ')}` : ''}`,
  );
  await db.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${verdicts.join('\n')}`);
