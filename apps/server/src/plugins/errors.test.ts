import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Code, Msg } from '@venue/contract';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { refuse } from '../lib/errors.ts';
import { createLogger } from './logging.ts';
import type { UserSession } from './session.ts';

const CASHIER: UserSession = { kind: 'user', sessionId: 9, tenantId: 3, userId: 42, username: 'cashier', roles: [], permissions: [], isAdmin: false };
const PASSWORD = 'pw-never-logged';
const TOKEN = 'token-never-logged';

/** A pino line as the tests read it. */
interface LogLine {
  level: number;
  msg: string;
  err: { message: string; stack: string; body: unknown };
  req: { url: string };
  [key: string]: unknown;
}

/** The app as the product builds it, its log lines captured, with test routes: one that breaks, one that refuses. */
async function appWithLog(config: Partial<Config> = {}) {
  const lines: LogLine[] = [];
  const logger = createLogger({ requests: config.log ?? false }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = await buildApp({ db, config: { webDist: join(dataDir, 'no-web'), dataDir, ...config }, logger });
  const seen = { requestId: '' };
  const asCashier = async (req: { session: unknown }) => {
    req.session = CASHIER;
  };
  app.post('/api/test/broken', { onRequest: asCashier }, async (req) => {
    seen.requestId = req.id;
    // As some client libraries do: the error carries the request that failed, secrets included.
    throw Object.assign(new Error('database went away'), { body: req.body, headers: req.headers });
  });
  app.post('/api/test/refused', { onRequest: asCashier }, async () => {
    throw refuse('库存不足');
  });
  app.get('/api/test/ip', async (req) => ({ ip: req.ip }));
  return { app, lines, seen };
}

let db: Db;
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'venue-errors-'));
  db = openDatabase({ sqliteFile: ':memory:' });
});
afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the error handler', () => {
  let app: FastifyInstance;
  let lines: LogLine[];
  let seen: { requestId: string };
  beforeAll(async () => ({ app, lines, seen } = await appWithLog()));
  afterAll(() => app.close());

  it('answers a fault with the 500 envelope, and logs it once with its stack, request, tenant and user but no secret', async () => {
    lines.length = 0;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/test/broken',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { username: 'cashier', password: PASSWORD, authCode: '134567890123456789', code: '1234', secrets: { apiKey: 'merchant-api-key' } },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: Code.SERVER_ERROR, msg: Msg.serverError, data: null });
    expect(answer.body).not.toContain('database went away');

    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 50,
      reqId: seen.requestId,
      tenantId: 3,
      userId: 42,
      method: 'POST',
      route: '/api/test/broken',
      msg: 'unhandled error',
    });
    expect(line.err.message).toBe('database went away');
    expect(line.err.stack).toContain('errors.test.ts');
    expect(line.err.body).toMatchObject({ username: 'cashier', password: '[redacted]', authCode: '[redacted]', code: '[redacted]', secrets: '[redacted]' });
    const written = JSON.stringify(line);
    for (const secret of [PASSWORD, TOKEN, '134567890123456789']) expect(written).not.toContain(secret);
  });

  it('does not log a business refusal, a bad request or an unknown path as an error', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'POST', url: '/api/test/refused' })).json()).toMatchObject({ code: Code.CAUGHT_EXCEPTION, msg: '库存不足' });
    expect((await app.inject({ method: 'POST', url: '/api/test/refused', headers: { 'content-type': 'application/json' }, payload: '{bad' })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'GET', url: '/api/nowhere' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it('believes X-Forwarded-For only when told to trust the proxy', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    expect((await app.inject({ method: 'GET', url: '/api/test/ip', headers: forwarded })).json().ip).toBe('127.0.0.1');
    const behindProxy = await appWithLog({ trustProxy: true });
    expect((await behindProxy.app.inject({ method: 'GET', url: '/api/test/ip', headers: forwarded })).json().ip).toBe('203.0.113.7');
    await behindProxy.app.close();
  });
});

describe('request logs (LOG=1)', () => {
  it('add a line per request and answer, naming the caller, with secret query values masked', async () => {
    const { app, lines } = await appWithLog({ log: true });
    await app.inject({ method: 'GET', url: `/api/system/api/user/checkPassword?password=${PASSWORD}` });
    await app.inject({ method: 'POST', url: '/api/test/refused' });
    await app.close();
    const requests = lines.filter((l) => l.msg === 'incoming request');
    expect(requests.map((l) => l.req.url)).toEqual(['/api/system/api/user/checkPassword?password=[redacted]', '/api/test/refused']);
    expect(lines.find((l) => l.msg === 'request completed' && l.tenantId === 3)).toMatchObject({ userId: 42, res: { statusCode: 200 } });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  });
});
