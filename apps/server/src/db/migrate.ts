import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as foundation from './migrations/2026-11-22-0001-foundation.ts';
import * as goods from './migrations/2026-11-22-0002-goods.ts';
import * as member from './migrations/2026-11-22-0003-member.ts';
import * as cashier from './migrations/2026-11-22-0004-cashier.ts';

type EngineMigration = { up: (db: any, engine: Db['engine']) => Promise<void> };

/** Timestamped migrations, in order. Each receives the engine for the few types that differ. */
const migrations: Record<string, EngineMigration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-goods': goods,
  '2026-11-22-0003-member': member,
  '2026-11-22-0004-cashier': cashier,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const bound: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(migrations)) {
        bound[name] = { up: (kysely) => migration.up(kysely, db.engine) };
      }
      return bound;
    },
  };
  const { error, results } = await new Migrator({ db: db.kysely, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${String(error)}`);
}
