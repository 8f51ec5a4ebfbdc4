/**
 * `npm run backup`: a backup folder under DATA_DIR/backups now, while the server may be running.
 * SQLite: the database copied online (the driver's backup API) and the uploaded pictures; PostgreSQL:
 * pg_dump of DATABASE_URL (when the client tools are installed) and the uploaded pictures.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DB_FILE, DUMP_FILE, writeBackup } from './backup.ts';
import { configOrExit, runCommand } from './cli.ts';
import { missingTool, pgDump } from './pg-tools.ts';
import { copySqlite } from './restore.ts';

class Refused extends Error {}

const config = configOrExit();
const keep = Math.max(config.backupKeep, 1);
await runCommand(
  async () => {
    const { dataDir, databaseUrl } = config;
    if (databaseUrl) {
      const missing = missingTool('pg_dump');
      if (missing) throw new Refused(`未备份：${missing}`);
      const folder = await writeBackup({ dataDir, copyDatabase: async (file) => pgDump(databaseUrl, file), dbFile: DUMP_FILE, reason: 'manual', keep });
      return [`已备份 PostgreSQL 数据库与上传的图片到 ${folder}`, `恢复：npm run restore ${folder}`];
    }
    const file = join(dataDir, DB_FILE);
    if (!existsSync(file)) throw new Refused(`未备份：数据目录 ${dataDir} 中没有数据库文件 ${DB_FILE}`);
    const folder = await writeBackup({ dataDir, copyDatabase: (into) => copySqlite(file, into), reason: 'manual', keep });
    return [`已备份数据库与上传的图片到 ${folder}（保留最近 ${keep} 份）`, `恢复：npm run restore ${folder}`];
  },
  (error) => error instanceof Refused,
);
