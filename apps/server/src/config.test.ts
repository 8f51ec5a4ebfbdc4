import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('starts on the defaults: port 8080, SQLite under data/, demo data, no proxy trusted, no request logs', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, demoSeed: true, demoHistoryDays: 0, trustProxy: false, log: false });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '18123',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/venue',
      DATABASE_URL: 'postgres://postgres@localhost:5432/venue',
      DB_POOL_SIZE: '16',
      DEMO_SEED: '0',
      DEMO_HISTORY_DAYS: '365',
      TRUST_PROXY: '1',
      LOG: '1',
    });
    expect(config).toMatchObject({
      port: 18123,
      host: '127.0.0.1',
      dataDir: '/tmp/venue',
      databaseUrl: 'postgres://postgres@localhost:5432/venue',
      dbPoolSize: 16,
      demoSeed: false,
      demoHistoryDays: 365,
      trustProxy: true,
      log: true,
    });
  });

  it('refuses a history that is no number of days', () => {
    expect(() => readConfig({ DEMO_HISTORY_DAYS: '1y' })).toThrow(/^配置错误：DEMO_HISTORY_DAYS 应为 0 到 1000 之间的天数/);
    expect(() => readConfig({ DEMO_HISTORY_DAYS: '5000' })).toThrow(ConfigError);
  });

  it('takes empty variables as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: '', LOG: '' })).toMatchObject({ port: 8080, databaseUrl: undefined, log: false });
  });

  it('trusts the named proxies only', () => {
    expect(readConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, '配置错误：PORT 应为 1 到 65535 之间的整数，现为 "abc"'],
    [{ PORT: '70000' }, '配置错误：PORT 应为 1 到 65535 之间的整数，现为 "70000"'],
    [{ PORT: '0' }, '配置错误：PORT 应为 1 到 65535 之间的整数，现为 "0"'],
    [{ DATABASE_URL: 'mysql://root:secret@db/venue' }, '配置错误：DATABASE_URL 应为 postgres:// 开头的 PostgreSQL 地址'],
    [{ LOG: 'yes' }, '配置错误：LOG 应为 1 或 0'],
    [{ DB_POOL_SIZE: '0' }, '配置错误：DB_POOL_SIZE 应为 1 到 100 之间的整数，现为 "0"'],
    [{ TRUST_PROXY: 'proxy.example.com' }, '配置错误：TRUST_PROXY 应为 1、0 或以逗号分隔的代理地址（IP、CIDR、loopback），现为 "proxy.example.com"'],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(new ConfigError(message));
  });

  it('names every wrong variable at once, and never repeats a database password', () => {
    const refuse = () => readConfig({ PORT: 'x', DATABASE_URL: 'mysql://root:secret@db/venue' });
    expect(refuse).toThrow(/^配置错误：PORT .+；DATABASE_URL .+$/);
    expect(refuse).not.toThrow(/secret/);
  });
});
