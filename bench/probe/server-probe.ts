// A profiler loaded into a server process (node --import tsx --import bench/probe/server-probe.ts main.ts)
// when a bench sets BENCH_PROBE=<file>; the product never loads it. Per route it counts the SQL statements,
// the database round trips (PostgreSQL: each query is one), and times, per request, the phases Fastify runs
// (the session and permission guard, validation, the handler, serialisation) and inside them the time in
// Kysely's query compiler, in the database driver, waiting for a connection (the pg pool, or Kysely's one
// SQLite connection) and holding a transaction (its locks). SIGUSR2 writes the figures since the last
// SIGUSR2 to the file (JSON) and starts again.
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RouteFigures {
  requests: number;
  /** Milliseconds summed over the route's requests. */
  ms: Record<Phase | Inner, number>;
  statements: number;
  roundTrips: number;
  transactions: number;
  /** Statement shapes (first words of the SQL) and how many times each ran. */
  shapes: Record<string, number>;
  /** Milliseconds in the driver per statement shape. */
  shapeMs: Record<string, number>;
}
export type Phase = 'guard' | 'parse' | 'validation' | 'handler' | 'serialisation' | 'send' | 'total';
export type Inner = 'compile' | 'database' | 'acquire' | 'transaction';

interface RequestStats {
  route: string;
  marks: Partial<Record<'start' | 'guarded' | 'parsed' | 'validated' | 'handled' | 'serialised' | 'done', number>>;
  inner: Record<Inner, number>;
  statements: number;
  roundTrips: number;
  transactions: number;
  shapes: Map<string, number>;
  shapeMs: Map<string, number>;
}

const file = process.env.BENCH_PROBE!;
const now = () => performance.now();
const current = new AsyncLocalStorage<RequestStats>();
let routes = new Map<string, RouteFigures>();
/** Statements outside any request (startup, timers): counted apart. */
const outside: RequestStats = fresh('(outside a request)');

function fresh(route: string): RequestStats {
  return {
    route,
    marks: {},
    inner: { compile: 0, database: 0, acquire: 0, transaction: 0 },
    statements: 0,
    roundTrips: 0,
    transactions: 0,
    shapes: new Map(),
    shapeMs: new Map(),
  };
}
const stats = () => current.getStore() ?? outside;
const shapeOf = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 70);

/** A package's ESM entry as the server resolves it (from the server's checkout, which may not be this one). */
async function importFromServer<T>(name: string): Promise<T> {
  for (const dir of [join(process.cwd(), 'apps/server/node_modules', name), join(process.cwd(), 'node_modules', name)]) {
    if (!existsSync(join(dir, 'package.json'))) continue;
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const entry = pkg.exports?.['.']?.import ?? pkg.module ?? pkg.main ?? 'index.js';
    return (await import(pathToFileURL(join(dir, entry)).href)) as T;
  }
  throw new Error(`probe: ${name} not found from ${process.cwd()}`);
}

type Fn = (...args: never[]) => unknown;
/** Wraps `proto[method]`, calling `around(original, this, args)` instead. */
function wrap(proto: object, method: string, around: (original: Fn, self: unknown, args: unknown[]) => unknown) {
  const target = proto as Record<string, Fn>;
  const original = target[method];
  target[method] = function (this: unknown, ...args: unknown[]) {
    return around(original, this, args);
  } as Fn;
}

/**
 * Adds the time from now until `value` settles (at once, when it is no promise) to `inner[key]` of the
 * caller's request, and to its statement `shape` when given.
 */
function timed<T>(key: Inner, run: () => T, shape?: string): T {
  const s = stats();
  const started = now();
  const add = () => {
    const ms = now() - started;
    s.inner[key] += ms;
    if (shape) s.shapeMs.set(shape, (s.shapeMs.get(shape) ?? 0) + ms);
  };
  const value = run();
  if (value instanceof Promise) return value.finally(add) as T;
  add();
  return value;
}

function countStatement(s: RequestStats, text: string, roundTrip: boolean) {
  const shape = shapeOf(text);
  s.statements += 1;
  if (roundTrip) s.roundTrips += 1;
  s.shapes.set(shape, (s.shapes.get(shape) ?? 0) + 1);
  return shape;
}

const pg = (await importFromServer<{ default: { Client: { prototype: object } } }>('pg')).default;
wrap(pg.Client.prototype, 'query', (original, self, args) => {
  const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
  const shape = countStatement(stats(), text, true);
  return timed('database', () => original.apply(self, args as never), shape);
});

const SQLite = (await importFromServer<{ default: new (file: string) => { prepare(sql: string): object; close(): void } }>('better-sqlite3')).default;
const scratch = new SQLite(':memory:');
const statementProto = Object.getPrototypeOf(scratch.prepare('select 1')) as object;
scratch.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  wrap(statementProto, method, (original, self, args) => {
    const shape = countStatement(stats(), (self as { source: string }).source, false);
    return timed('database', () => original.apply(self, args as never), shape);
  });
}

const kysely = await importFromServer<Record<string, { prototype: object }>>('kysely');
wrap(kysely.DefaultQueryCompiler.prototype, 'compileQuery', (original, self, args) => timed('compile', () => original.apply(self, args as never)));
const openTransactions = new WeakMap<object, { started: number; s: RequestStats }>();
for (const driver of [kysely.PostgresDriver, kysely.SqliteDriver]) {
  wrap(driver.prototype, 'acquireConnection', (original, self, args) => timed('acquire', () => original.apply(self, args as never)));
  wrap(driver.prototype, 'beginTransaction', (original, self, args) => {
    openTransactions.set(args[0] as object, { started: now(), s: stats() });
    return original.apply(self, args as never);
  });
  for (const end of ['commitTransaction', 'rollbackTransaction']) {
    wrap(driver.prototype, end, (original, self, args) => {
      const ended = (original.apply(self, args as never) as Promise<void>).finally(() => {
        const open = openTransactions.get(args[0] as object);
        if (!open) return;
        open.s.inner.transaction += now() - open.started;
        open.s.transactions += 1;
      });
      return ended;
    });
  }
}

interface Req {
  routeOptions: { url?: string; method?: string };
  method: string;
}
const byRequest = new WeakMap<object, RequestStats>();
const mark = (req: object, at: keyof RequestStats['marks']) => {
  const s = byRequest.get(req);
  if (s) s.marks[at] = now();
};
diagnostics.subscribe('fastify.initialization', (message) => {
  const app = (message as { fastify: { addHook(name: string, hook: (...args: never[]) => unknown): void } }).fastify;
  app.addHook('onRequest', (async (req: Req) => {
    const s = fresh(`${req.method} ${req.routeOptions.url ?? '(no route)'}`);
    s.marks.start = now();
    byRequest.set(req, s);
    current.enterWith(s);
  }) as never);
  app.addHook('preParsing', (async (req: Req, _reply: unknown, payload: unknown) => (mark(req, 'guarded'), payload)) as never);
  app.addHook('preValidation', (async (req: Req) => mark(req, 'parsed')) as never);
  app.addHook('preHandler', (async (req: Req) => mark(req, 'validated')) as never);
  app.addHook('preSerialization', (async (req: Req, _reply: unknown, payload: unknown) => (mark(req, 'handled'), payload)) as never);
  app.addHook('onSend', (async (req: Req, _reply: unknown, payload: unknown) => (mark(req, 'serialised'), payload)) as never);
  app.addHook('onResponse', (async (req: Req) => {
    mark(req, 'done');
    const s = byRequest.get(req);
    if (s) add(s);
  }) as never);
});

function add(s: RequestStats) {
  const m = s.marks;
  const span = (a?: number, b?: number) => (a !== undefined && b !== undefined ? b - a : 0);
  const r = routes.get(s.route) ?? {
    requests: 0,
    ms: { guard: 0, parse: 0, validation: 0, handler: 0, serialisation: 0, send: 0, total: 0, compile: 0, database: 0, acquire: 0, transaction: 0 },
    statements: 0,
    roundTrips: 0,
    transactions: 0,
    shapes: {},
    shapeMs: {},
  };
  routes.set(s.route, r);
  r.requests += 1;
  r.ms.guard += span(m.start, m.guarded);
  r.ms.parse += span(m.guarded, m.parsed);
  r.ms.validation += span(m.parsed, m.validated);
  r.ms.handler += span(m.validated, m.handled);
  r.ms.serialisation += span(m.handled, m.serialised);
  r.ms.send += span(m.serialised, m.done);
  r.ms.total += span(m.start, m.done);
  for (const key of Object.keys(s.inner) as Inner[]) r.ms[key] += s.inner[key];
  r.statements += s.statements;
  r.roundTrips += s.roundTrips;
  r.transactions += s.transactions;
  for (const [shape, n] of s.shapes) r.shapes[shape] = (r.shapes[shape] ?? 0) + n;
  for (const [shape, ms] of s.shapeMs) r.shapeMs[shape] = (r.shapeMs[shape] ?? 0) + ms;
}

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
let profiling = false;
process.on('SIGUSR2', async () => {
  const figures = JSON.stringify(Object.fromEntries(routes));
  routes = new Map();
  if (profiling) writeFileSync(`${file}.cpuprofile`, JSON.stringify((await inspector.post('Profiler.stop')).profile));
  await inspector.post('Profiler.start');
  profiling = true;
  writeFileSync(`${file}.tmp`, figures);
  renameSync(`${file}.tmp`, file);
});
