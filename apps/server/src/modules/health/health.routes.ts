import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { health } from '@venue/contract';
import type { Db } from '../../db/database.ts';
import { migrationFiles } from '../../db/migrate.ts';
import { BizError } from '../../lib/errors.ts';
import { route, type Guard } from '../../plugins/route.ts';

/** The longest a readiness check waits for the database (a PostgreSQL pool waits forever otherwise). */
const DB_WAIT_MS = 2000;

export interface HealthOptions {
  db: Db;
  /** False while a configured controller listener is not bound (unset: none configured). */
  listenerBound: () => boolean;
}

/** Health reads no token: a probe stays cheap and never touches the sessions. */
const noSession: Guard = async () => null;

/**
 * GET /api/health (liveness) and GET /api/ready (readiness) for a supervisor, a load balancer or
 * systemd. Neither answers any detail: a not-ready server says 503 and NOT_READY, the reason goes to
 * the log.
 */
export function healthRoutes(app: FastifyInstance, { db, listenerBound }: HealthOptions): void {
  route(app, noSession, health.health, async () => ({ status: 'ok' as const }));

  const expected = migrationFiles().map((file) => file.replace(/\.(ts|js)$/, ''));
  // Once every migration has been seen to have run it stays so: later checks only ask the database to answer.
  let migrated = false;
  const notReady = (why: string, err?: unknown) => {
    app.log.warn({ err }, `就绪检查未通过：${why}`);
    return new BizError(503, health.NOT_READY, 503);
  };

  route(app, noSession, health.ready, async () => {
    try {
      await withTimeout<unknown>(migrated ? sql`select 1`.execute(db.kysely) : checkMigrations(), DB_WAIT_MS);
    } catch (err) {
      throw notReady('数据库不可达', err);
    }
    if (!migrated) throw notReady('数据库迁移未完成');
    if (!listenerBound()) throw notReady('闸机事件监听未绑定');
    return { status: 'ready' as const };
  });

  async function checkMigrations() {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
    const done = new Set(rows.map((r) => r.name));
    migrated = expected.every((name) => done.has(name));
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
