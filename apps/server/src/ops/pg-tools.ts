import { spawnSync } from 'node:child_process';

/** Why a PostgreSQL client tool cannot be used, in Chinese; null when it can. */
export function missingTool(tool: 'pg_dump' | 'pg_restore'): string | null {
  const probe = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (!probe.error && probe.status === 0) return null;
  return `未找到 ${tool}：请安装 PostgreSQL 客户端（如 apt install postgresql-client，版本不低于数据库服务器），或按 README 的「备份与恢复」手动操作。`;
}

/** Runs a PostgreSQL client tool; throws its own error output when it fails. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const run = spawnSync(tool, args, { encoding: 'utf8' });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`${tool} 失败：${run.stderr.trim()}`);
}

/** pg_dump of the whole database at `url` into `file` (custom format: pg_restore reads it). */
export function pgDump(url: string, file: string): void {
  runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
}

/** pg_restore of `file` into the database at `url`, its tables replaced by the dump's. */
export function pgRestore(url: string, file: string): void {
  runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file]);
}
