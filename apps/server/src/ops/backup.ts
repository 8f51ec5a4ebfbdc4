import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A backup is a folder of BACKUPS_DIR: the database as DB_FILE and the uploaded pictures as UPLOADS_DIR. */
export const BACKUPS_DIR = 'backups';
export const DB_FILE = 'venue.db';
/** A PostgreSQL backup's database: pg_dump's custom format, for pg_restore. */
export const DUMP_FILE = 'venue.dump';
export const UPLOADS_DIR = 'uploads';
/** A backup folder's name: its UTC time (sorts by age), then why it was made. */
const BACKUP_NAME = /^\d{8}-\d{6}-\d{3}-[a-z-]+$/;
const PARTIAL = '.partial';

/** Why a backup was made: the nightly job, a migration about to run, `npm run backup`, a restore about to overwrite. */
export type BackupReason = 'nightly' | 'before-migration' | 'manual' | 'before-restore';

export interface BackupOptions {
  dataDir: string;
  /** Copies the live database into the file it is given (Db.backup: SQLite's online backup; pg_dump). */
  copyDatabase: (file: string) => Promise<void>;
  /** The database's name in the folder: DB_FILE (SQLite) unless DUMP_FILE (PostgreSQL). */
  dbFile?: string;
  reason: BackupReason;
  /** Backups kept afterwards, this one included (the oldest go). */
  keep: number;
  now?: Date;
}

/**
 * Writes a backup folder under DATA_DIR/backups: the database copied online (writes go on meanwhile)
 * and the uploads folder copied beside it. The folder only gets its name once complete, so a crash
 * halfway leaves no backup that looks whole. Answers the folder.
 */
export async function writeBackup({ dataDir, copyDatabase, dbFile = DB_FILE, reason, keep, now = new Date() }: BackupOptions): Promise<string> {
  const root = join(dataDir, BACKUPS_DIR);
  const folder = join(root, `${now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace('Z', '')}-${reason}`);
  const partial = folder + PARTIAL;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    await copyDatabase(join(partial, dbFile));
    const uploads = join(dataDir, UPLOADS_DIR);
    if (existsSync(uploads)) cpSync(uploads, join(partial, UPLOADS_DIR), { recursive: true });
    renameSync(partial, folder);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  pruneBackups(root, keep);
  return folder;
}

/** The backup folders of DATA_DIR/backups, oldest first. */
export function listBackups(dataDir: string): string[] {
  const root = join(dataDir, BACKUPS_DIR);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => join(root, name));
}

function pruneBackups(root: string, keep: number) {
  const all = readdirSync(root)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  for (const name of all.slice(0, Math.max(0, all.length - keep))) rmSync(join(root, name), { recursive: true, force: true });
}
