import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Db, type Engine } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Database } from '../src/db/tables.ts';
import type { ChannelOptions } from '../src/modules/payment/channel-registry.ts';
import { client, DEMO_USERS, userClient, type Client, type DemoUser, type UserClient } from './client.ts';
import { spawnProduct } from './process.ts';

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

/**
 * A fresh, migrated, demo-seeded database of the engine: a temp SQLite file, or a throw-away PG database.
 * Copied from the run's template (test/global-setup.ts) when there is one, else migrated and seeded here.
 */
export async function freshDatabase(engine: Engine, { seeded = true }: { seeded?: boolean } = {}): Promise<TestDatabase> {
  // `seeded: false`: migrated only, for a test that seeds it itself (the install without demo data).
  const template = !seeded ? '' : engine === 'postgres' ? inject('pgTemplate') : inject('sqliteTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-api-'));
  let dropPg = async () => undefined as void;
  let db: Db;
  let url: string | undefined;
  if (engine === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const name = `t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
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
    if (template) copyFileSync(template, join(dataDir, 'venue.db'));
    db = openDatabase({ sqliteFile: join(dataDir, 'venue.db') });
  }
  if (!template) {
    await migrateToLatest(db);
    if (seeded) await seedIfEmpty(db, true);
  }
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

export interface Api extends Client {
  app: FastifyInstance;
  clock: TestClock;
  close(): Promise<void>;
}

/** The real server on a random local port over `database`; `options.config` adds settings (the gates' event listener). */
export async function startApi(database: TestDatabase, clock = new TestClock(), options: ServerOptions = {}): Promise<Api> {
  const app = await buildApp({
    db: database.db,
    config: { webDist: join(database.dataDir, 'no-web'), dataDir: database.dataDir, trustProxy: true, ...options.config },
    clock,
    jobEveryMs: options.jobEveryMs,
    logger: options.logger,
    channelOptions: options.channelOptions,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(
    client(() => address),
    { app, clock, close: () => app.close() },
  );
}

/** How a suite's server differs from the default: its periodic jobs run (every `jobEveryMs`), which they do not by default. */
export interface ServerOptions {
  /** Runs the periodic jobs (closing unpaid orders) every this many ms; off unless a suite asks. */
  jobEveryMs?: number;
  config?: Partial<Config>;
  /** Where the server logs (a test reading its lines); pino on stdout, warnings only, otherwise. */
  logger?: Logger;
  /** How the live payment channels talk: short waits, a stand-in platform's certificate authority (issue 31). */
  channelOptions?: ChannelOptions;
}

/** A suite's server: anonymous and demo-user clients, usable in its tests and hooks once beforeAll has run. */
export interface Server {
  /** Sends no token unless a call brings one. */
  api: Client;
  admin: UserClient;
  cashier: UserClient;
  /** Tenant 2's admin. */
  other: UserClient;
  readonly database: TestDatabase;
  readonly db: Kysely<Database>;
  readonly clock: TestClock;
  /** The server itself, for what only the process sees (the gate module's event counts). */
  readonly app: FastifyInstance;
}

/**
 * A fresh demo database of the engine and the server over it for the surrounding describe block
 * (beforeAll), the three demo users logged in; both are dropped after it (afterAll).
 */
export function useServer(engine: Engine, options: ServerOptions = {}): Server {
  let database: TestDatabase | undefined;
  let api: Api | undefined;
  const tokens: Record<DemoUser, string> = { admin: '', cashier: '', other: '' };
  const running = () => {
    if (!database || !api) throw new Error('the suite server starts in beforeAll: use it inside a test or a hook');
    return { database, api };
  };
  const address = () => running().api.url;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    api = await startApi(database, new TestClock(), options);
    const started = api;
    await Promise.all(
      Object.entries(DEMO_USERS).map(async ([user, { username, password }]) => {
        tokens[user as DemoUser] = await started.login(username, password);
      }),
    );
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });
  return {
    api: client(address),
    admin: userClient(address, () => tokens.admin),
    cashier: userClient(address, () => tokens.cashier),
    other: userClient(address, () => tokens.other),
    get database() {
      return running().database;
    },
    get db() {
      return running().database.db.kysely;
    },
    get clock() {
      return running().api.clock;
    },
    get app() {
      return running().api.app;
    },
  };
}

/** `describe.each(engines())(title, ...)` with a fresh server per engine; `title` takes the engine at `%s`. */
export function describeEachEngine(title: string, suite: (server: Server, engine: Engine) => void, options: ServerOptions = {}) {
  describe.each(engines())(title, (engine) => suite(useServer(engine, options), engine));
}

/**
 * The product's own entry point (main.ts) in a child process over `database`'s PostgreSQL: a second
 * server as production runs it, sharing no memory with this one.
 */
export async function spawnServer(database: TestDatabase): Promise<Client & { close(): Promise<void> }> {
  if (!database.url) throw new Error('spawnServer needs a PostgreSQL test database');
  const product = await spawnProduct({ DATABASE_URL: database.url, DATA_DIR: join(database.dataDir, 'second'), DEMO_SEED: '1', LOG: '0', TRUST_PROXY: '1' });
  return Object.assign(
    client(() => product.url),
    { close: () => product.stop() },
  );
}
