import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PgDriver } from './db/database.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections of this process; unset: the measured default (db/database.ts). */
  dbPoolSize?: number;
  /** The PostgreSQL client library (PG_DRIVER): pg, or postgres.js as bench:sale compares them. */
  pgDriver: PgDriver;
  demoSeed: boolean;
  /** Days of trade history written before today for the demo tenant at its first start (0: none). */
  demoHistoryDays: number;
  /** Whose X-Forwarded-For to believe for the client address: nobody (default), any proxy, or these addresses. */
  trustProxy: boolean | string[];
  /** Per-request logs besides the errors and warnings, which are always logged. */
  log: boolean;
  /** The built web app, served from the same port when present. */
  webDist: string;
  /** "address:port" the controllers' events are received on (port 0: any free port), or null: not received. */
  gateListen: string | null;
  /** Runs the controller simulator for the controllers on 127.0.0.1 (the demo's). */
  gateSimulator: boolean;
  /** How often the queue of card records for the controllers is worked through (tests shorten it). */
  gateRetryMs?: number;
  /** Server processes under one supervisor (node:cluster); 1: this process serves alone. */
  workers: number;
  /** Backups kept in DATA_DIR/backups (SQLite: nightly and before a migration); 0: none made. */
  backupKeep: number;
}

/**
 * WORKERS when unset: the cores, at most this many. SQLite writes one at a time, so past two processes
 * only add lock waits (bench:sale on 2 cores: two workers sold 88% of one process's rate); two keep the
 * till served while one restarts. PostgreSQL takes the writes of four.
 */
export const MAX_DEFAULT_WORKERS = { sqlite: 2, postgres: 4 } as const;

/** A start-up setting that is wrong: the message says which variable and what it takes, on one line. */
export class ConfigError extends Error {}

const FLAGS: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };
const flag = z
  .string()
  .refine((v) => v in FLAGS, '应为 1 或 0')
  .transform((v) => FLAGS[v]);

// proxy-addr's names for address ranges, besides single addresses and CIDR ranges.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGES)]);
const trustProxy = z.string().transform((value, ctx): boolean | string[] => {
  if (value in FLAGS) return FLAGS[value];
  const addresses = value.split(',').map((a) => a.trim());
  if (addresses.every((a) => proxyAddress.safeParse(a).success)) return addresses;
  ctx.addIssue({ code: 'custom', message: `应为 1、0 或以逗号分隔的代理地址（IP、CIDR、loopback），现为 "${value}"` });
  return z.NEVER;
});

const ENV = z.object({
  PORT: z
    .string()
    .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, {
      error: (issue) => `应为 1 到 65535 之间的整数，现为 "${String(issue.input)}"`,
    })
    .transform(Number)
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  // The value is not repeated in the message: it may hold a password.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, '应为 postgres:// 开头的 PostgreSQL 地址')
    .optional(),
  DB_POOL_SIZE: z
    .string()
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, {
      error: (issue) => `应为 1 到 100 之间的整数，现为 "${String(issue.input)}"`,
    })
    .transform(Number)
    .optional(),
  PG_DRIVER: z.enum(['pg', 'postgres.js'] as const satisfies readonly PgDriver[], { error: '应为 pg 或 postgres.js' }).default('pg'),
  DEMO_SEED: flag.default(true),
  DEMO_HISTORY_DAYS: z
    .string()
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) <= 1000, { error: (issue) => `应为 0 到 1000 之间的天数，现为 "${String(issue.input)}"` })
    .transform(Number)
    .default(0),
  TRUST_PROXY: trustProxy.default(false),
  LOG: flag.default(false),
  GATE_LISTEN: z
    .string()
    .regex(/^(off|((\d{1,3}\.){3}\d{1,3}:\d{1,5}))$/, '应为 off 或 IP:端口（如 0.0.0.0:60001，端口 0 表示任一空闲端口）')
    .default('0.0.0.0:0'),
  GATE_SIMULATOR: flag.optional(),
  WORKERS: z
    .string()
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 64, { error: (issue) => `应为 1 到 64 之间的进程数，现为 "${String(issue.input)}"` })
    .transform(Number)
    .optional(),
  BACKUP_KEEP: z
    .string()
    .refine((v) => /^\d{1,3}$/.test(v), { error: (issue) => `应为 0 到 999 之间的份数（0 表示不备份），现为 "${String(issue.input)}"` })
    .transform(Number)
    .default(14),
});

/** Reads and checks the environment; a wrong value throws a ConfigError naming the variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and CI files often write them.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ENV.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`配置错误：${problems.join('；')}`);
  }
  const e = parsed.data;
  const root = resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    pgDriver: e.PG_DRIVER,
    demoSeed: e.DEMO_SEED,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    trustProxy: e.TRUST_PROXY,
    log: e.LOG,
    webDist: resolve(root, 'apps/web/dist'),
    gateListen: e.GATE_LISTEN === 'off' ? null : e.GATE_LISTEN,
    // The demo's controllers answer through the simulator unless told otherwise.
    gateSimulator: e.GATE_SIMULATOR ?? e.DEMO_SEED,
    workers: e.WORKERS ?? Math.min(availableParallelism(), MAX_DEFAULT_WORKERS[e.DATABASE_URL ? 'postgres' : 'sqlite']),
    backupKeep: e.BACKUP_KEEP,
  };
}
