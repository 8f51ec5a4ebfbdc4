import autocannon from 'autocannon';
import pg from 'pg';
import Fastify from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedIfEmpty } from '../apps/server/src/seed/index.ts';

export interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

/** autocannon against one URL; answers requests per second and latency percentiles in ms. */
export async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: 10, duration: 5, ...options });
  if (result.non2xx > 0 || result.errors > 0) console.warn(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare Fastify route in this process: the baseline every figure is compared with. */
export async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  app.get('/bare', async () => ({ code: 200, msg: '操作成功', data: { ok: true } }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/bare`, close: () => app.close() };
}

/** A throw-away database on the PostgreSQL server of `baseUrl`; `drop` removes it. */
export async function throwAwayPg(baseUrl: string) {
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = async <R extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  /**
   * A closed pool's connections are still going away when pool.end() resolves; `with (force)` would terminate
   * them, and the pool reports that as an unhandled 'error' that ends the bench. So wait (up to 10 s) until
   * no session is left on the database, and force only what is still there.
   */
  const drop = async () => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const [{ n }] = await admin<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = '${name}'`);
      if (n === 0) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    await admin(`drop database if exists ${name} with (force)`);
  };
  return { url: url.href, drop };
}

/** The product over a fresh demo database: SQLite in a temp dir, or a throw-away database beside DATABASE_URL; the web app from `webDist` when given. */
export async function productServer(
  databaseUrl?: string,
  webDist?: string,
): Promise<{ url: string; db: Db; env: Record<string, string>; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  await migrateToLatest(db);
  await seedIfEmpty(db, true);
  const app = await buildApp({ db, config: { webDist: webDist ?? join(dataDir, 'none'), dataDir } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    db,
    // What a child server (childServer) needs to open the same database (an empty DATABASE_URL: SQLite).
    env: { DATA_DIR: dataDir, DEMO_SEED: '0', GATE_LISTEN: 'off', DATABASE_URL: pgDb?.url ?? '' },
    close: async () => {
      await app.close();
      await db.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A session token for `username`. Log in one user at a time: the server counts every login attempt per
 * client before checking it, so simultaneous logins from one address beyond a few ask for a captcha.
 */
export async function loginToken(url: string, username = 'admin', password = 'admin123'): Promise<string> {
  const response = await fetch(`${url}/api/system/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
  if (!answer.data?.token) throw new Error(`login of ${username} refused: HTTP ${response.status}, ${answer.code} ${answer.msg}`);
  return answer.data.token;
}

export function printTable(title: string, figures: Figure[], baseline: Figure): void {
  console.log(`\n${title}`);
  console.log('route'.padEnd(34), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs bare'.padStart(9));
  for (const f of [...figures, baseline]) {
    console.log(
      f.name.padEnd(34),
      String(f.rps).padStart(8),
      String(f.p50).padStart(8),
      String(f.p99).padStart(8),
      `${((f.rps / baseline.rps) * 100).toFixed(1)}%`.padStart(9),
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * A server script (by default the product's main.ts, as production runs it) in a child process, so the
 * load generator does not share its CPU; resolves once it prints `ready` (main.ts: 已启动).
 */
export async function childServer(
  env: Record<string, string>,
  script = 'apps/server/src/main.ts',
  ready = '已启动',
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  // BENCH_PROFILE=dir: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools,
  // or sum it by package with bench/probe/cpu-profile.ts).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // env.BENCH_PROBE=file: the server loads the statement and phase counter (bench/probe/server-probe.ts).
  const probe = env.BENCH_PROBE ? ['--import', resolve(import.meta.dirname, 'probe/server-probe.ts')] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...probe, script], {
    // BENCH_SERVER_ROOT: the server's code from another checkout (the figures before a change, same bench).
    cwd: process.env.BENCH_SERVER_ROOT ?? resolve(import.meta.dirname, '..'),
    // one server process unless the run asks for workers (WORKERS=2 npm run bench:sale): the probe reads one
    env: { WORKERS: '1', ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => ((output += chunk), output.includes(ready) && done());
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}): ${output}`)));
  });
  // A bench that throws must not leave its server running.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const exited = new Promise<void>((done) => child.once('exit', () => (process.off('exit', orphaned), done())));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
