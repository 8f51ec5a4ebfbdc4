import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Db, type Engine } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import type { Clock } from '../src/lib/clock.ts';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (CI sets it; a missing PG there fails). */
export function engines(): Engine[] {
  return process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A clock tests can move forward. */
export class TestClock implements Clock {
  private offset = 0;
  now = () => new Date(Date.now() + this.offset);
  advance(ms: number) {
    this.offset += ms;
  }
}

export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** The throw-away PostgreSQL database's URL (undefined on SQLite). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated, demo-seeded database of the engine: a temp SQLite file, or a throw-away PG database. */
export async function freshDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-api-'));
  let dropPg = async () => undefined as void;
  let db: Db;
  let url: string | undefined;
  if (engine === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const pgUrl = new URL(base);
    pgUrl.pathname = `/${name}`;
    url = pgUrl.href;
    db = openDatabase({ databaseUrl: url, sqliteFile: '' });
    dropPg = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // pg's Pool.end() resolves before its clients' sockets have closed; forcing the drop while they
      // close would kill them mid-goodbye and surface as an uncaught 57P01 in whichever test runs next.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    db = openDatabase({ sqliteFile: join(dataDir, 'venue.db') });
  }
  await migrateToLatest(db);
  await seedIfEmpty(db, true);
  return {
    db,
    dataDir,
    url,
    async drop() {
      await db.close();
      await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Answer = { status: number; body: { code: number; msg: string; data: any }; headers: Headers };
export type CallOptions = { token?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };

/** Calls the API of the server at `address` over HTTP. */
export interface Client {
  url: string;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  login(username: string, password: string): Promise<string>;
}

export function client(address: string): Client {
  const self: Client = {
    url: address,
    async call(method, path, { token, query, body, headers } = {}) {
      const url = new URL(`/api/${path}`, address);
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const response = await fetch(url, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async login(username, password) {
      const { body } = await self.call('POST', 'system/auth/login', { body: { username, password } });
      if (body.code !== 200) throw new Error(`login ${username} failed: ${body.msg}`);
      return body.data.token as string;
    },
  };
  return self;
}

export interface Api extends Client {
  app: FastifyInstance;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real server on a random local port over `database`. */
export async function startApi(database: TestDatabase, clock = new TestClock()): Promise<Api> {
  const app = await buildApp({ db: database.db, config: { webDist: join(database.dataDir, 'no-web'), dataDir: database.dataDir }, clock });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { ...client(address), app, clock, close: () => app.close() };
}

/**
 * The product's own entry point (main.ts) in a child process over `database`'s PostgreSQL: a second
 * server as production runs it, sharing no memory with this one.
 */
export async function spawnServer(database: TestDatabase): Promise<Client & { close(): Promise<void> }> {
  if (!database.url) throw new Error('spawnServer needs a PostgreSQL test database');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: join(database.dataDir, 'second'), DEMO_SEED: '1', LOG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('已启动')) ready();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`second server exited (${code}): ${output}`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  return {
    ...client(`http://127.0.0.1:${port}`),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}
