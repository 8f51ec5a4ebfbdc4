import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { health } from '@venue/contract';
import { openDatabase, type Db, type Engine } from '../src/db/database.ts';
import { migrationFiles, migratorOf } from '../src/db/migrate.ts';
import { DB_FILE, listBackups } from '../src/ops/backup.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import { client } from './client.ts';
import { engines } from './harness.ts';
import { spawnProduct } from './process.ts';

const names = migrationFiles().map((file) => file.replace(/\.(ts|js)$/, ''));
/** The previous release's schema: every migration but the newest. */
const PREVIOUS = names.at(-2)!;

/** An empty database of the engine: a file in a new data folder, or a new PostgreSQL database. */
async function emptyDatabase(engine: Engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-upgrade-'));
  if (engine === 'sqlite') return { dataDir, url: undefined, open: () => openDatabase({ sqliteFile: join(dataDir, DB_FILE) }), drop: async () => undefined };
  const base = process.env.DATABASE_URL!;
  const name = `t_upgrade_${process.pid}_${Date.now()}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.href,
    open: () => openDatabase({ databaseUrl: url.href, sqliteFile: '' }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** What must survive an upgrade: the demo's people, cards, their ledgers and the stock. */
async function rowsToKeep(db: Db) {
  const k = db.kysely;
  return {
    users: await k.selectFrom('users').select(['id', 'username', 'password_hash']).orderBy('id').execute(),
    cards: await k.selectFrom('card').select(['id', 'card_no', 'balance']).orderBy('id').execute(),
    ledger: await k.selectFrom('card_consume').selectAll().orderBy('id').execute(),
    stock: await k.selectFrom('goods_stock').selectAll().orderBy('goods_id').orderBy('warehouse_id').execute(),
  };
}

/** Issue 34: a newer version starts on the previous release's database, backs it up (SQLite) and migrates it forward. */
describe.each(engines())('upgrade on %s', (engine) => {
  it(`starts on a database made by the migrations up to ${PREVIOUS}, keeps every row and backs up first`, { timeout: 120_000 }, async () => {
    const fixture = await emptyDatabase(engine);
    try {
      const old = fixture.open();
      const { error } = await migratorOf(old).migrateTo(PREVIOUS);
      expect(error).toBeUndefined();
      expect((await seedIfEmpty(old, true)).seeded).toBe(true);
      const before = await rowsToKeep(old);
      expect(before.cards.length).toBeGreaterThan(0);
      await old.close();

      const product = await spawnProduct(
        { DATA_DIR: fixture.dataDir, DATABASE_URL: fixture.url, DEMO_SEED: '0', GATE_LISTEN: 'off', LOG: '0' },
        { entry: 'apps/server/src/main.ts' },
      );
      try {
        expect((await client(() => product.url).call(health.ready)).status).toBe(200);
      } finally {
        await product.stop();
      }

      const upgraded = fixture.open();
      try {
        const ran = (await migratorOf(upgraded).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
        expect(ran).toEqual([]);
        expect(await rowsToKeep(upgraded)).toEqual(before);
      } finally {
        await upgraded.close();
      }

      const backups = listBackups(fixture.dataDir);
      if (engine === 'sqlite') {
        // first a backup before the migration, the previous release's database as it was (then the day's nightly one)
        const kinds = backups.map((f) =>
          f
            .split('/')
            .pop()!
            .replace(/^[\d-]+-(?=[a-z])/, ''),
        );
        expect([kinds[0], kinds.slice(1).filter((kind) => kind !== 'nightly')]).toEqual(['before-migration', []]);
        expect(product.output()).toContain(`数据库将升级（1 个迁移），升级前的备份：${backups[0]}`);
        const saved = openDatabase({ sqliteFile: join(backups[0], DB_FILE) });
        try {
          expect((await migratorOf(saved).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name)).toEqual([names.at(-1)]);
          expect(await rowsToKeep(saved)).toEqual(before);
        } finally {
          await saved.close();
        }
      } else expect(backups).toEqual([]); // PostgreSQL: pg_dump by npm run backup, not at start
      expect(existsSync(join(fixture.dataDir, 'server.pid'))).toBe(false);
    } finally {
      await fixture.drop();
      rmSync(fixture.dataDir, { recursive: true, force: true });
    }
  });
});
