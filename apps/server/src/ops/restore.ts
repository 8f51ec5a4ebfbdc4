import SQLite from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DB_FILE, DUMP_FILE, UPLOADS_DIR, writeBackup } from './backup.ts';
import { pgRestore } from './pg-tools.ts';
import { runningServer } from './pid-file.ts';

export interface RestoreOptions {
  /** A backup folder (DATA_DIR/backups/…), or its venue.db / venue.dump. */
  from: string;
  dataDir: string;
  /** PostgreSQL: the database the dump goes into; unset: SQLite, DATA_DIR/venue.db. */
  databaseUrl?: string;
  /** Restores even though a server is using the data folder. */
  force?: boolean;
  /** Backups kept, the one of the data being replaced included. */
  keep: number;
}

/** A restore that was not done: the message says why and what to do, in Chinese. */
export class RestoreRefused extends Error {}

/**
 * Puts a backup in place of DATA_DIR's data: the database (SQLite: the file, after a backup of the
 * one it replaces; PostgreSQL: pg_restore into DATABASE_URL) and the uploads folder. Refuses while a
 * server uses the data folder unless `force`. Answers what it did, in Chinese lines.
 */
export async function restoreBackup({ from, dataDir, databaseUrl, force, keep }: RestoreOptions): Promise<string[]> {
  const source = resolve(from);
  if (!existsSync(source)) throw new RestoreRefused(`未恢复：找不到备份 ${source}`);
  const folder = statSync(source).isDirectory() ? source : dirname(source);
  const dbName = databaseUrl ? DUMP_FILE : DB_FILE;
  const database = statSync(source).isDirectory() ? join(source, dbName) : source;
  if (!existsSync(database) || (statSync(source).isFile() && basename(source) !== dbName && !source.endsWith(databaseUrl ? '.dump' : '.db')))
    throw new RestoreRefused(`未恢复：${source} 中没有${databaseUrl ? ' PostgreSQL 备份 venue.dump' : '数据库文件 venue.db'}`);
  const server = runningServer(dataDir);
  if (server && !force) throw new RestoreRefused(`未恢复：服务器正在使用数据目录 ${dataDir}（进程 ${server}）。请先停止服务器，或加 --force 强制恢复。`);

  const done: string[] = [];
  const target = join(dataDir, DB_FILE);
  if (databaseUrl) {
    pgRestore(databaseUrl, database);
    done.push(`已用 ${database} 恢复 PostgreSQL 数据库（pg_restore）`);
  } else {
    checkIntact(database);
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(target)) {
      const before = await writeBackup({ dataDir, copyDatabase: (file) => copySqlite(target, file), reason: 'before-restore', keep: Math.max(keep, 1) });
      done.push(`原有数据已先备份到 ${before}`);
    }
    const incoming = `${target}.restoring`;
    cpSync(database, incoming);
    // the replaced database's journal must not be applied to the restored one
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(target + suffix, { force: true });
    renameSync(incoming, target);
    done.push(`已用 ${database} 恢复数据库 ${target}`);
  }
  const uploads = join(folder, UPLOADS_DIR);
  const targetUploads = join(dataDir, UPLOADS_DIR);
  rmSync(targetUploads, { recursive: true, force: true });
  if (existsSync(uploads)) {
    cpSync(uploads, targetUploads, { recursive: true });
    done.push(`已恢复上传的图片到 ${targetUploads}`);
  } else done.push('备份中没有上传的图片，上传目录已清空');
  if (server) done.push(`服务器（进程 ${server}）仍在运行：请立即重启它，否则它看不到恢复的数据`);
  return done;
}

/** An online copy of the SQLite database `file` (a server may be writing it) into `into`. */
export async function copySqlite(file: string, into: string): Promise<void> {
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(into);
  } finally {
    sqlite.close();
  }
}

function checkIntact(file: string) {
  let verdict: unknown;
  try {
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    verdict = sqlite.pragma('quick_check', { simple: true });
    sqlite.close();
  } catch {
    verdict = 'unreadable';
  }
  if (verdict !== 'ok') throw new RestoreRefused(`未恢复：${file} 不是完好的 SQLite 数据库`);
}
