import { join } from 'node:path';
import { buildApp } from './app.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { ConfigError, readConfig, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createLogger } from './plugins/logging.ts';
import { seedHistory } from './seed/history/index.ts';
import { seedIfEmpty } from './seed/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** Unpaid orders are closed within this of their limit. */
const JOB_EVERY_MS = 60_000;
/**
 * Starts the product as `npm start` does: checks the configuration, migrates, seeds when empty, listens,
 * and closes cleanly on SIGINT/SIGTERM. `clock` is the server's sense of now (a browser test moves it).
 */
export async function startProduct({ clock = systemClock }: { clock?: Clock } = {}): Promise<void> {
  const config = configOrExit();
  const logger = createLogger({ requests: config.log });
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'venue.db'), poolSize: config.dbPoolSize });
  try {
    await migrateToLatest(db);
    const seed = await seedIfEmpty(db, config.demoSeed);
    if (seed.seeded && config.demoSeed && config.demoHistoryDays > 0) {
      const history = await seedHistory(db, { days: config.demoHistoryDays });
      if (history) console.log(`已写入 ${history.days} 天的演示经营数据（${history.rows.sale_order} 笔商品销售），用时 ${(history.ms / 1000).toFixed(1)} 秒`);
    }
    const app = await buildApp({ db, config, clock, logger, jobEveryMs: JOB_EVERY_MS });
    await app.listen({ port: config.port, host: config.host });

    const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
    console.log(
      `智慧体育场馆已启动：http://${shown}:${config.port}  （数据库：${db.engine === 'postgres' ? 'PostgreSQL' : join(config.dataDir, 'venue.db')}）`,
    );
    if (seed.seeded) {
      console.log(config.demoSeed ? '已写入演示数据。登录账号：' : '已创建管理员，密码只显示这一次：');
      for (const login of seed.logins) console.log(`  ${login.username} / ${login.password}`);
    } else if (config.demoSeed) {
      console.log('演示账号：admin / admin123，cashier / cashier123，admin2 / admin123（另一租户）');
    }

    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, async () => {
        // In-flight requests may finish; a client that stops reading may not hold a restart for long.
        setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
        await app.close();
        await db.close();
        process.exit(0);
      });
    }
  } catch (err) {
    logger.fatal({ err }, '启动失败');
    await db.close().catch(() => undefined);
    process.exit(1);
  }
}

/** The checked configuration, or one line saying what is wrong and exit code 1. */
function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
