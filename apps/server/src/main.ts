import { join } from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedIfEmpty } from './seed/index.ts';

const config = readConfig();
const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'venue.db') });
await migrateToLatest(db);
const seed = await seedIfEmpty(db, config.demoSeed);
const app = await buildApp({ db, config, logger: process.env.LOG === '1' });
await app.listen({ port: config.port, host: config.host });

const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`智慧体育场馆已启动：http://${shown}:${config.port}  （数据库：${db.engine === 'postgres' ? 'PostgreSQL' : join(config.dataDir, 'venue.db')}）`);
if (seed.seeded) {
  console.log(config.demoSeed ? '已写入演示数据。登录账号：' : '已创建管理员，密码只显示这一次：');
  for (const login of seed.logins) console.log(`  ${login.username} / ${login.password}`);
} else if (config.demoSeed) {
  console.log('演示账号：admin / admin123，cashier / cashier123，admin2 / admin123（另一租户）');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
