// Issue 35: the booking grid (12 fields x 32 slots of one date) at 10 desks, reservation create+pay at 20
// desks on cells of their own (back to back, then paced: one per desk per second), and 20 desks racing for
// one cell (one wins, 19 refusals, no 5xx), on each engine, beside bare routes. The server runs in a child
// process (as `npm start` does; WORKERS=2 for a supervisor and two workers), so the figure of its CPU per
// request (process CPU over the run / requests, from /proc) leaves out the load generator's, which is
// printed apart, like PostgreSQL's backends'. Then a probed server counts the statements, round trips and
// phase times of a grid and of a create+pay (BOOKING_PROBE_SECONDS, 0: none). Every run ends with the books
// checked. SQLite, and PostgreSQL when DATABASE_URL is set (a throw-away database beside it);
// BENCH_ENGINE=SQLite or PostgreSQL: that engine only. BENCH_SERVER_ROOT runs the server from another
// checkout (the figures before a change, by the same bench).
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { bookingProblems, bookThirdOfGrid, race, reservationDesks, seedFields, venueDate } from './booking-load.ts';
import { childServer, loginToken, throwAwayPg } from './lib.ts';
import { backendPids, CpuMeter, processTree } from './probe/cpu.ts';
import { probedSpan } from './probe/probed-span.ts';
import { load, percentile, sleep, sortedOf, timed, type Load } from './sale-load.ts';

const GRID_DESKS = Number(process.env.GRID_DESKS ?? 10);
const DESKS = Number(process.env.DESKS ?? 20);
const SECONDS = Number(process.env.BOOKING_SECONDS ?? process.env.SECONDS ?? 10);
const PROBE_SECONDS = Number(process.env.BOOKING_PROBE_SECONDS ?? 3);
const PACE_MS = 1000;
const GOALS = { SQLite: { grid: 30, pair: 50 }, PostgreSQL: { grid: 30, pair: 100 } } as const;
const engines = ([['SQLite', undefined]] as [keyof typeof GOALS, string | undefined][])
  .concat(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL]] : [])
  .filter(([label]) => !process.env.BENCH_ENGINE || process.env.BENCH_ENGINE === label);
const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
const verdicts: string[] = [];

for (const [label, databaseUrl] of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-booking-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const dbName = pgDb ? new URL(pgDb.url).pathname.slice(1) : '';
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', DEMO_SEED: '1', LOG: '0' };
  let product = await childServer(env);
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  const admin = pgDb ? new pg.Client({ connectionString: pgDb.url }) : undefined;
  await admin?.connect();
  const { itemId, fieldIds } = await seedFields(db);
  // One session per desk, logged in one after another (simultaneous logins of one user beyond a few ask for a captcha).
  const tokens: string[] = [];
  for (let i = 0; i < Math.max(DESKS, GRID_DESKS); i++) tokens.push(await loginToken(product.url));
  const gridDate = venueDate(1);
  await bookThirdOfGrid(product.url, tokens[0], itemId, fieldIds, gridDate);
  const gridPath = `/api/booking/grid?venueId=1&itemId=${itemId}&date=${gridDate}`;

  /** The CPU the server processes, PostgreSQL's backends and this process use while `run` runs, per `count` of what it answers. */
  async function costOf<T>(run: () => Promise<T>, count: (value: T) => number) {
    const server = new CpuMeter(() => processTree(product.child.pid!));
    const backends = new CpuMeter(() => (admin ? backendPids(admin, dbName) : []));
    const generator = process.cpuUsage();
    await Promise.all([server.start(), backends.start()]);
    const started = performance.now();
    const value = await run();
    const [s, b] = await Promise.all([server.stop(), backends.stop()]);
    const g = process.cpuUsage(generator);
    const n = Math.max(1, count(value));
    return { value, n, seconds: (performance.now() - started) / 1000, server: s.ms / n, db: b.ms / n, generator: (g.user + g.system) / 1000 / n };
  }
  const printRun = (title: string, run: Load) => {
    console.log(`\n${label}, ${title}: ${run.failures} failed${run.errors.length ? ` (${run.errors.join('; ')})` : ''}`);
    console.log('  measure'.padEnd(20), 'per s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
    for (const [name, list] of run.times) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`  ${name}`.padEnd(20), fmt(list.length / SECONDS), fmt(percentile(sorted, 50)), fmt(percentile(sorted, 99)));
    }
  };

  // What the server spends doing nothing asked (its jobs, timers): part of every figure below, most of all the paced one's.
  const idle = await costOf(
    () => sleep(5000),
    () => 5,
  );
  console.log(`\n${label}, idle server: ${idle.server.toFixed(1)} ms CPU per second${admin ? `, PostgreSQL backends ${idle.db.toFixed(1)} ms` : ''}`);
  // Per request, and without what the server spends idle over the same time: at a paced load that share is
  // large, at full load small; /proc counts CPU in 10 ms ticks, so both are rough.
  const costLine = (what: string, c: { n: number; seconds: number; server: number; db: number; generator: number }) =>
    `  CPU per ${what}: server ${c.server.toFixed(2)} ms` +
    ` (${(c.server - (idle.server * c.seconds) / c.n).toFixed(2)} beyond the idle server's)` +
    (admin ? `, PostgreSQL backends ${c.db.toFixed(2)} ms` : '') +
    `, load generator ${c.generator.toFixed(2)} ms; load average ${loadavg()[0].toFixed(2)}`;

  // The grid, closed loop (autocannon: each desk asks again as soon as it has its answer).
  const gridRun = (duration: number) =>
    // As a browser asks: gzip taken (the bench grid is 46 kB of JSON, under 2 kB gzipped).
    autocannon({
      url: `${product.url}${gridPath}`,
      headers: { authorization: `Bearer ${tokens[0]}`, 'accept-encoding': 'gzip, deflate, br' },
      connections: GRID_DESKS,
      duration,
    });
  await gridRun(2); // warm-up: JIT, pools
  const grid = await costOf(
    () => gridRun(SECONDS),
    (r) => r.requests.total,
  );
  console.log(
    `\n${label}, grid 12 x 32 (${GRID_DESKS} desks back to back): ${grid.value.requests.total} grids, ${Math.round(grid.value.requests.average)}/s, ` +
      `p50 ${grid.value.latency.p50} ms, p99 ${grid.value.latency.p99} ms${grid.value.non2xx || grid.value.errors ? `, ${grid.value.non2xx} non-2xx, ${grid.value.errors} errors` : ''}`,
  );
  console.log(costLine('grid', grid));

  // Create + pay, each desk on cells of its own: back to back, then paced.
  const desks = reservationDesks(DESKS, itemId, fieldIds, tokens);
  await load(2, DESKS, desks(product.url)); // warm-up
  const closed = await costOf(
    () => load(SECONDS, DESKS, desks(product.url)),
    (r) => r.times.get('create+pay')?.length ?? 0,
  );
  printRun(`create+pay, ${DESKS} desks back to back`, closed.value);
  console.log(costLine('create+pay', closed));
  const paced = await costOf(
    () => load(SECONDS, DESKS, desks(product.url), PACE_MS),
    (r) => r.times.get('create+pay')?.length ?? 0,
  );
  printRun(`create+pay, paced: one per desk every ${PACE_MS} ms`, paced.value);
  console.log(costLine('create+pay', paced));

  const raced = await race(product.url, tokens.slice(0, DESKS), itemId, fieldIds[1], venueDate(200));
  const liveOnCell = await db.kysely
    .selectFrom('booking_line')
    .select('id')
    .where('field_id', '=', fieldIds[1])
    .where('use_date', '=', venueDate(200))
    .where('state', '!=', 'C')
    .execute();
  console.log(
    `\n${label}, ${DESKS} desks on one cell: ${raced.won} won, ${raced.refused} refused (${raced.refusal}), ${raced.fives} 5xx, ${liveOnCell.length} live line`,
  );
  await product.stop();

  if (PROBE_SECONDS > 0) {
    const gridStep = (url: string) => async () => {
      const [, ms] = await timed(() => fetch(`${url}${gridPath}`, { headers: { authorization: `Bearer ${tokens[0]}` } }).then((r) => r.arrayBuffer()));
      return { grid: ms };
    };
    await probedSpan(`${label} grid`, env, {
      workers: GRID_DESKS,
      seconds: PROBE_SECONDS,
      routes: ['GET /api/booking/grid'],
      step: gridStep,
      sumLabel: 'a grid',
    });
    const routes = ['create', 'payOrder'].map((r) => `POST /api/booking/order/${r}`);
    await probedSpan(`${label} create+pay`, env, { workers: DESKS, seconds: PROBE_SECONDS, routes, step: desks, sumLabel: 'a create+pay' });
  }

  // The baselines: a bare read and a bare insert into this database, each in a process of its own like the product.
  product = await childServer(env, 'bench/insert-server.ts', 'insert server ready');
  const bareGet = await autocannon({ url: `${product.url}/bare`, connections: GRID_DESKS, duration: SECONDS });
  const insertUrl = `${product.url}/insert`;
  await load(1, DESKS, async () => (await fetch(insertUrl, { method: 'POST' }).then((r) => r.json()), {}));
  const bareInsert = await load(SECONDS, DESKS, async () => {
    const [, ms] = await timed(() => fetch(insertUrl, { method: 'POST' }).then((r) => r.json()));
    return { 'bare insert': ms };
  });
  await product.stop();
  const inserts = sortedOf(bareInsert, 'bare insert');
  console.log(
    `\n${label}, baselines: bare GET (${GRID_DESKS} connections) ${Math.round(bareGet.requests.average)}/s p50 ${bareGet.latency.p50} ms p99 ${bareGet.latency.p99} ms; ` +
      `bare insert (${DESKS} desks) ${(inserts.length / SECONDS).toFixed(0)}/s p50 ${percentile(inserts, 50).toFixed(1)} ms p99 ${percentile(inserts, 99).toFixed(1)} ms`,
  );

  const problems = await bookingProblems(db);
  console.log(`${label}: books after every run: ${problems.length ? problems.join('; ') : 'no cell held twice, every paid reservation whole'}`);
  const goal = GOALS[label];
  const pairs = sortedOf(closed.value, 'create+pay');
  const pacedPairs = sortedOf(paced.value, 'create+pay');
  verdicts.push(
    `${label}: grid p99 ${grid.value.latency.p99} ms (goal < ${goal.grid}), ${grid.server.toFixed(2)} ms server CPU a grid; ` +
      `create+pay p99 ${percentile(pairs, 99).toFixed(1)} ms back to back, ${percentile(pacedPairs, 99).toFixed(1)} ms paced (goal < ${goal.pair}), ` +
      `${closed.server.toFixed(2)} ms server CPU a pair${admin ? ` + ${closed.db.toFixed(2)} PostgreSQL` : ''}; ` +
      `race ${raced.won} won / ${raced.refused} refused / ${raced.fives} 5xx${problems.length ? `; BOOKS WRONG: ${problems.join('; ')}` : ''}`,
  );
  await admin?.end();
  await db.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${verdicts.join('\n')}`);
