import cluster from 'node:cluster';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrateToLatest, type MigrateOptions } from './db/migrate.ts';
import { writeBackup } from './ops/backup.ts';
import { configOrExit } from './ops/cli.ts';
import { removePidFile, writePidFile } from './ops/pid-file.ts';
import { createLogger } from './plugins/logging.ts';
import { syncMenus } from './modules/menu/menu-sync.ts';
import { PRODUCT_MENUS } from './product-menus.ts';
import { seedHistory } from './seed/history/index.ts';
import { seedIfEmpty, type SeedResult } from './seed/index.ts';
import { superviseWorkers } from './supervisor.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** Unpaid orders are closed within this of their limit. */
const JOB_EVERY_MS = 60_000;
/**
 * Starts the product as `npm start` does: checks the configuration, migrates, seeds when empty, listens,
 * and closes cleanly on SIGINT/SIGTERM. With WORKERS above 1 this process becomes the supervisor of
 * that many server processes (supervisor.ts), each of which serves through serve() below. `clock` is
 * the server's sense of now (a browser test moves it).
 */
export async function startProduct({ clock = systemClock }: { clock?: Clock } = {}): Promise<void> {
  const config = configOrExit();
  const logger = createLogger({ requests: config.log });
  if (cluster.isWorker) return serve(config, clock, logger, () => undefined);
  writePidFile(config.dataDir);
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: join(config.dataDir, 'venue.db'),
    poolSize: config.dbPoolSize,
    pgDriver: config.pgDriver,
  });
  let seed: SeedResult;
  try {
    seed = await prepareDatabase(db, config);
  } catch (err) {
    logger.fatal({ err }, '启动失败');
    await db.close().catch(() => undefined);
    removePidFile(config.dataDir);
    process.exit(1);
  }
  const announce = () => announceStart(config, db.engine, seed);
  if (config.workers > 1) {
    await db.close();
    superviseWorkers({ workers: config.workers, logger, announce, stopped: () => removePidFile(config.dataDir) });
    return;
  }
  await serve(config, clock, logger, announce, db);
}

/** Migrates (a backup first when an older database is upgraded) and seeds an empty database. */
async function prepareDatabase(db: Db, config: Config): Promise<SeedResult> {
  await migrateToLatest(db, { beforeUpgrade: backupBeforeUpgrade(db, config) });
  const seed = await seedIfEmpty(db, config.demoSeed);
  for (const [tenantId, titles] of await syncMenus(db.kysely, PRODUCT_MENUS, new Date().toISOString()))
    console.log(`租户 ${tenantId} 新增菜单：${titles.join('、')}`);
  if (seed.seeded && config.demoSeed && config.demoHistoryDays > 0) {
    const history = await seedHistory(db, { days: config.demoHistoryDays });
    if (history) console.log(`已写入 ${history.days} 天的演示经营数据（${history.rows.sale_order} 笔商品销售），用时 ${(history.ms / 1000).toFixed(1)} 秒`);
  }
  return seed;
}

/**
 * Serves over a prepared database (opened here in a worker) until SIGINT/SIGTERM, or until a worker's
 * supervisor is gone; `announce` once listening.
 */
async function serve(config: Config, clock: Clock, logger: Logger, announce: () => void, given?: Db): Promise<void> {
  const db =
    given ??
    openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'venue.db'), poolSize: config.dbPoolSize, pgDriver: config.pgDriver });
  try {
    const app = await buildApp({ db, config, clock, logger, jobEveryMs: JOB_EVERY_MS });
    await app.listen({ port: config.port, host: config.host });
    announce();
    let closing = false;
    const close = async () => {
      if (closing) return;
      closing = true;
      // In-flight requests may finish; a client that stops reading may not hold a restart for long.
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
      await app.close();
      await db.close();
      if (!cluster.isWorker) removePidFile(config.dataDir);
      process.exit(0);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, close);
    // a worker whose supervisor died (killed with -9) does not serve on alone
    if (cluster.isWorker) process.once('disconnect', close);
  } catch (err) {
    logger.fatal({ err }, '启动失败');
    await db.close().catch(() => undefined);
    if (!cluster.isWorker) removePidFile(config.dataDir);
    process.exit(1);
  }
}

function announceStart(config: Config, engine: Db['engine'], seed: SeedResult) {
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const processes = config.workers > 1 ? `，${config.workers} 个工作进程` : '';
  console.log(
    `智慧体育场馆已启动：http://${shown}:${config.port}  （数据库：${engine === 'postgres' ? 'PostgreSQL' : join(config.dataDir, 'venue.db')}${processes}）`,
  );
  if (seed.seeded) {
    console.log(config.demoSeed ? '已写入演示数据。登录账号：' : '已创建管理员，密码只显示这一次：');
    for (const login of seed.logins) console.log(`  ${login.username} / ${login.password}`);
  } else if (config.demoSeed) {
    console.log('演示账号：admin / admin123，cashier / cashier123，admin2 / admin123（另一租户）');
  }
}

/** SQLite: a backup of the database as it is before a newer version's migrations change it (none when BACKUP_KEEP=0). */
function backupBeforeUpgrade(db: Db, config: Config): MigrateOptions['beforeUpgrade'] {
  const copyDatabase = db.backup;
  if (!copyDatabase || config.backupKeep === 0) return undefined;
  return async (pending) => {
    const folder = await writeBackup({ dataDir: config.dataDir, copyDatabase, reason: 'before-migration', keep: config.backupKeep });
    console.log(`数据库将升级（${pending.length} 个迁移），升级前的备份：${folder}`);
  };
}
