import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demoSeed: boolean;
  /** The built web app, served from the same port when present. */
  webDist: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoSeed: env.DEMO_SEED !== '0',
    webDist: resolve(root, 'apps/web/dist'),
  };
}
