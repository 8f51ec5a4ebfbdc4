import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, demo-seeded SQLite file each suite copies. */
    sqliteTemplate: string;
    /** A migrated, demo-seeded PostgreSQL database each suite is created from (CREATE DATABASE … TEMPLATE); '' without DATABASE_URL. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds the demo once per run, for each engine; every suite then starts from a copy
 * (a file copy, or PostgreSQL's template copy) instead of migrating and seeding again: ~1 s per
 * PostgreSQL suite saved.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'venue-template-'));
  const sqliteFile = join(dir, 'venue.db');
  const sqlite = openDatabase({ sqliteFile });
  await migrateToLatest(sqlite);
  await seedIfEmpty(sqlite, true);
  await sqlite.close();
  project.provide('sqliteTemplate', sqliteFile);

  const base = process.env.DATABASE_URL;
  let template = '';
  if (base) {
    template = `tpl_${process.pid}_${Date.now()}`;
    await adminQuery(base, `create database ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const db = openDatabase({ databaseUrl: url.href, sqliteFile: '' });
    await migrateToLatest(db);
    await seedIfEmpty(db, true);
    await db.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (base && template) await adminQuery(base, `drop database if exists ${template} with (force)`);
  };
}

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
