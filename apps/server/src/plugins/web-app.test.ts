import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { ASSET_CACHE, PAGE_CACHE } from './web-app.ts';

const SCRIPT = `console.log(${JSON.stringify('场馆'.repeat(2000))});`;

describe('delivery of the web app (issue 13)', () => {
  let db: Db;
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'venue-web-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>智慧体育场馆</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    db = openDatabase({ sqliteFile: ':memory:' });
    app = await buildApp({ db, config: { webDist: dist, dataDir: dir } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the precompressed brotli or gzip file the browser takes, cached for a year as immutable', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect([br.statusCode, br.headers['content-encoding'], br.headers['cache-control']]).toEqual([200, 'br', ASSET_CACHE]);
    expect(br.rawPayload.length).toBe(brotliCompressSync(SCRIPT).length);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect([gz.headers['content-encoding'], gz.rawPayload.length]).toEqual(['gzip', gzipSync(SCRIPT).length]);
    const plain = await get('/assets/index-abc123.js');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, SCRIPT]);
  });

  it('never lets a cache keep index.html unchecked, for the root and for a path the app routes', async () => {
    for (const url of ['/', '/member/card']) {
      const page = await get(url, 'br');
      expect([page.statusCode, page.headers['cache-control'], page.headers['content-type']]).toEqual([200, PAGE_CACHE, 'text/html; charset=utf-8']);
      const html = page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload).toString() : page.body;
      expect(html).toContain('智慧体育场馆');
    }
  });

  it('compresses an API answer above 1 KB and leaves a small one as it is', async () => {
    const docs = await get('/api/docs/json', 'br');
    expect([docs.statusCode, docs.headers['content-encoding']]).toEqual([200, 'br']);
    const missing = await get('/api/nothing-here', 'br');
    expect([missing.statusCode, missing.headers['content-encoding']]).toEqual([404, undefined]);
  });
});
