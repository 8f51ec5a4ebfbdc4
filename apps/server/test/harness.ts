import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  drop(): Promise<void>;
}

/** A fresh, migrated, demo-seeded database of the engine: a temp SQLite file, or a throw-away PG database. */
export async function freshDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-api-'));
  let dropPg = async () => undefined as void;
  let db: Db;
  if (engine === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    db = openDatabase({ databaseUrl: url.href, sqliteFile: '' });
    dropPg = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
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
    async drop() {
      await db.close();
      await dropPg();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Api {
  app: FastifyInstance;
  url: string;
  clock: TestClock;
  call(method: string, path: string, options?: { token?: string; query?: Record<string, unknown>; body?: unknown }): Promise<{ status: number; body: { code: number; msg: string; data: any }; headers: Headers }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** The real server on a random local port over `database`. */
export async function startApi(database: TestDatabase, clock = new TestClock()): Promise<Api> {
  const app = await buildApp({ db: database.db, config: { webDist: join(database.dataDir, 'no-web'), dataDir: database.dataDir }, clock });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const api: Api = {
    app,
    url: address,
    clock,
    async call(method, path, { token, query, body } = {}) {
      const url = new URL(`/api/${path}`, address);
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const response = await fetch(url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async login(username, password) {
      const { body } = await api.call('POST', 'system/auth/login', { body: { username, password } });
      if (body.code !== 200) throw new Error(`login ${username} failed: ${body.msg}`);
      return body.data.token as string;
    },
    close: () => app.close(),
  };
  return api;
}
