// Soak on PostgreSQL (issue 12): two product processes over one database, as a scaled-out venue runs
// them, under mixed till traffic for SOAK_MINUTES (default 10). Every 30 s it prints each process's
// resident memory and the window's request count and latency; at the end it checks the books (stock =
// its movements, card balance = its ledger) and that memory and p99 stayed flat. Needs DATABASE_URL.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { booksProblems, call, prepareGoods, rechargeCard, refundProblems, tillRound, type TillContext } from './till-traffic.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 16);
const WINDOW_MS = 30_000;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('the soak runs on PostgreSQL: set DATABASE_URL');
  const pgDb = await throwAwayPg(process.env.DATABASE_URL);
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-soak-'));
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb.url, DEMO_SEED: '1', LOG: '0' };
  const first = await childServer(env);
  const second = await childServer(env); // the database is seeded: the second process only migrates (nothing to do) and serves
  const servers = [first, second];
  const db = openDatabase({ databaseUrl: pgDb.url, sqliteFile: join(dataDir, 'unused.db') });
  const admin = await loginToken(first.url, 'admin', 'admin123');
  const till = await loginToken(second.url, 'cashier', 'cashier123');
  const goods = await prepareGoods(db, first.url, admin, 1_000_000);
  const card = (await call(first.url, till, 'GET', 'member/card/getByCardId?cardId=VIP0001')).data as { cardId: number; memberId: number };
  await rechargeCard(db, card.cardId, 10_000_000_00);

  const latencies: number[] = [];
  const routes = new Map<string, number[]>();
  const routeMedians: Map<string, number>[] = [];
  const stats = new Map<string, number>();
  let alive = true;
  const workers = Array.from({ length: WORKERS }, async (_, i) => {
    const ctx: TillContext = { url: servers[i % 2].url, token: i % 3 ? till : admin, goods, card, stats, latencies, routes, refundToken: admin };
    while (alive) await tillRound(ctx);
  });

  console.log(`soak: ${MINUTES} min, ${WORKERS} workers over 2 processes on PostgreSQL`);
  console.log('minute'.padStart(6), 'rss A MB'.padStart(9), 'rss B MB'.padStart(9), 'requests'.padStart(9), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7));
  const windows: { rss: number[]; p99: number }[] = [];
  const end = Date.now() + MINUTES * 60_000;
  while (Date.now() < end) {
    await new Promise((done) => setTimeout(done, Math.min(WINDOW_MS, end - Date.now())));
    const sorted = latencies.splice(0).sort((a, b) => a - b);
    routeMedians.push(
      new Map(
        [...routes].map(([route, times]) => [
          route,
          percentile(
            [...times].sort((a, b) => a - b),
            0.5,
          ),
        ]),
      ),
    );
    routes.clear();
    const rss = servers.map((s) => rssMb(s.child.pid!));
    windows.push({ rss, p99: percentile(sorted, 0.99) });
    const minute = ((windows.length * WINDOW_MS) / 60_000).toFixed(1);
    console.log(
      minute.padStart(6),
      String(rss[0]).padStart(9),
      String(rss[1]).padStart(9),
      String(sorted.length).padStart(9),
      percentile(sorted, 0.5).toFixed(0).padStart(7),
      percentile(sorted, 0.99).toFixed(0).padStart(7),
    );
  }
  alive = false;
  await Promise.all(workers);

  const [warmRoutes, lastRoutes] = [routeMedians[Math.min(2, routeMedians.length - 1)], routeMedians[routeMedians.length - 1]];
  console.log('median ms by route, after warm-up -> last window:');
  for (const [route, ms] of [...warmRoutes].sort())
    console.log(`  ${route.padEnd(62)} ${ms.toFixed(0).padStart(6)} -> ${(lastRoutes.get(route) ?? 0).toFixed(0)}`);
  console.log('answers:');
  for (const [key, n] of [...stats].sort()) console.log(`  ${key}: ${n}`);
  const problems = [...(await booksProblems(db)), ...(await refundProblems(db))];
  for (const p of problems) console.log(`  PROBLEM ${p}`);
  // Flat: after the first minute's warm-up, memory grows less than 30% + 30 MB and p99 less than 1.5× + 20 ms.
  const warm = windows[Math.min(2, windows.length - 1)];
  const last = windows[windows.length - 1];
  const memoryFlat = last.rss.every((mb, i) => mb <= warm.rss[i] * 1.3 + 30);
  const latencyFlat = last.p99 <= warm.p99 * 1.5 + 20;
  console.log(`memory after warm-up ${warm.rss.join('/')} MB -> end ${last.rss.join('/')} MB: ${memoryFlat ? 'flat' : 'GROWING'}`);
  console.log(`p99 after warm-up ${warm.p99.toFixed(0)} ms -> end ${last.p99.toFixed(0)} ms: ${latencyFlat ? 'flat' : 'RISING'}`);
  const pass = problems.length === 0 && memoryFlat && latencyFlat;
  console.log(`soak: ${pass ? 'PASS' : 'FAIL'}`);

  await Promise.all(servers.map((s) => s.stop()));
  await db.close();
  await pgDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}

await main();
