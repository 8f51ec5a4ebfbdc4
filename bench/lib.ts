import autocannon from 'autocannon';
import pg from 'pg';
import Fastify from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { seedIfEmpty } from '../apps/server/src/seed/index.ts';

export interface Figure { name: string; rps: number; p50: number; p99: number }

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
async function throwAwayPg(baseUrl: string) {
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The product over a fresh demo database: SQLite in a temp dir, or a throw-away database beside DATABASE_URL. */
export async function productServer(databaseUrl?: string): Promise<{ url: string; db: Db; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-'));
  const pgDb = databaseUrl ? await throwAwayPg(databaseUrl) : undefined;
  const db = openDatabase({ databaseUrl: pgDb?.url, sqliteFile: join(dataDir, 'venue.db') });
  await migrateToLatest(db);
  await seedIfEmpty(db, true);
  const app = await buildApp({ db, config: { webDist: join(dataDir, 'none'), dataDir } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await pgDb?.drop();
    },
  };
}

export async function loginToken(url: string, username = 'admin', password = 'admin123'): Promise<string> {
  const response = await fetch(`${url}/api/system/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export function printTable(title: string, figures: Figure[], baseline: Figure): void {
  console.log(`\n${title}`);
  console.log('route'.padEnd(34), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'vs bare'.padStart(9));
  for (const f of [...figures, baseline]) {
    console.log(f.name.padEnd(34), String(f.rps).padStart(8), String(f.p50).padStart(8), String(f.p99).padStart(8), `${((f.rps / baseline.rps) * 100).toFixed(1)}%`.padStart(9));
  }
}
