import { chinaDate } from '@venue/contract';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/**
 * A daily job's day, taken by one process of the installation: the first to insert the (job, day) row
 * runs it; a run that fails gives the day back, so the next hourly try (in any process) runs it again.
 */
export class DayClaims {
  constructor(private readonly db: Kysely<Database>) {}

  async take(job: string, day: string, nowIso: string): Promise<boolean> {
    const taken = await this.db
      .insertInto('job_run')
      .values({ job, run_day: day, started_at: nowIso, finished_at: null })
      .onConflict((oc) => oc.columns(['job', 'run_day']).doNothing())
      .returning('job')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async finish(job: string, day: string, nowIso: string): Promise<void> {
    await this.db.updateTable('job_run').set({ finished_at: nowIso }).where('job', '=', job).where('run_day', '=', day).execute();
  }

  async giveBack(job: string, day: string): Promise<void> {
    await this.db.deleteFrom('job_run').where('job', '=', job).where('run_day', '=', day).where('finished_at', 'is', null).execute();
  }
}

/**
 * A job run once a China day across every process: tried at start and at five past each hour (China
 * time), it runs in the first process to take the day (00:05, or the first hour the installation is up).
 */
export class DailyJob {
  private running = false;
  private current: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly claims: DayClaims,
    readonly name: string,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly work: () => Promise<void>,
  ) {}

  /** Runs the day's work unless another process (or an earlier try) has taken the day; answers whether it ran. */
  async attempt(now = new Date()): Promise<boolean> {
    if (this.running) return false;
    this.running = true;
    const day = chinaDate(now);
    try {
      if (!(await this.claims.take(this.name, day, now.toISOString()))) return false;
      try {
        await this.work();
      } catch (err) {
        await this.claims.giveBack(this.name, day);
        throw err;
      }
      await this.claims.finish(this.name, day, new Date().toISOString());
      return true;
    } catch (err) {
      this.log.error({ err, job: this.name }, '每日任务失败，将在下一小时重试');
      return false;
    } finally {
      this.running = false;
    }
  }

  /** Tries at start and hourly; answers the stop of the schedule, which waits for a try still going. */
  schedule(): () => Promise<void> {
    const tryNow = () => {
      if (!this.running) this.current = this.attempt();
    };
    const hourly = new Cron('5 * * * *', { timezone: 'Asia/Shanghai', unref: true }, tryNow);
    const first = setTimeout(tryNow, 1000);
    first.unref();
    return async () => {
      hourly.stop();
      clearTimeout(first);
      await this.current;
    };
  }
}
