import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Engine } from './database.ts';

// Migrations run against the schema as it was when they were written, not today's table types: Kysely's advice is Kysely<any>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EngineMigration = { up: (db: Kysely<any>, engine: Engine) => Promise<void> };

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
/** A migration's file name: its timestamp, then what it does (`2026-11-22-0004-cashier.ts`; `.js` once built). */
const MIGRATION_FILE = /^\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+\.(ts|js)$/;

/**
 * The migration files of `dir` in timestamp order. A file whose name starts with a digit is a
 * migration and must be named like one; other files (helpers.ts) are not migrations.
 */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  const candidates = readdirSync(dir).filter((name) => /^\d/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.map'));
  const misnamed = candidates.filter((name) => !MIGRATION_FILE.test(name));
  if (misnamed.length) throw new Error(`迁移文件名应为「年-月-日-序号-说明.ts」：${misnamed.join('，')}`);
  return candidates.sort();
}

/** Each migration receives the engine for the few types that differ. */
async function loadMigrations(engine: Engine): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const file of migrationFiles()) {
    const migration = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Partial<EngineMigration>;
    if (typeof migration.up !== 'function') throw new Error(`迁移文件没有导出 up：${file}`);
    const up = migration.up;
    migrations[file.replace(/\.(ts|js)$/, '')] = { up: (kysely) => up(kysely, engine) };
  }
  return migrations;
}

export interface MigrateOptions {
  /**
   * Called before migrating a database that has data to lose: some migrations ran on it already and
   * some have yet to (a newer version starting on an older database). Not called on an empty database
   * nor on one already up to date. A throw stops the migration (no backup, no upgrade).
   */
  beforeUpgrade?: (pending: string[]) => Promise<void>;
}

/** The migrator over `db`, with every migration file of this version. */
export function migratorOf(db: Db): Migrator {
  const provider: MigrationProvider = { getMigrations: () => loadMigrations(db.engine) };
  // Each engineer's branch has its own number range, merged in any order: a database that already ran a
  // later-numbered migration still runs an earlier-numbered one it has not seen (they touch separate tables).
  return new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
}

/** Migrations go forward only: a database is brought to this version's latest, never back. */
export async function migrateToLatest(db: Db, { beforeUpgrade }: MigrateOptions = {}): Promise<void> {
  const migrator = migratorOf(db);
  if (beforeUpgrade) {
    const known = await migrator.getMigrations();
    const pending = known.filter((m) => !m.executedAt).map((m) => m.name);
    if (pending.length && pending.length < known.length) await beforeUpgrade(pending);
  }
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${String(error)}`);
}
