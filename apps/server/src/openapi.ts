import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';

/**
 * The API document as /api/docs/json serves it, without a network server or a database on disk: the
 * routes are registered over an empty in-memory SQLite (registering queries nothing).
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-openapi-'));
  const db = openDatabase({ sqliteFile: ':memory:' });
  try {
    const app = await buildApp({ db, config: { webDist: join(dataDir, 'no-web'), dataDir }, logger: pino({ level: 'warn' }) });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
