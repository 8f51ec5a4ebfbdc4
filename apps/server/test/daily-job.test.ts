import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyJob, DayClaims } from '../src/jobs/daily-job.ts';
import { engines, freshDatabase, type TestDatabase } from './harness.ts';

const silent = { error: () => undefined };
/** 2026-11-28 23:30 UTC is already 2026-11-29 07:30 in China. */
const LATE_UTC = new Date('2026-11-28T23:30:00Z');

describe.each(engines())('the daily job on %s (issue 32)', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(engine, { seeded: false });
  });
  afterAll(() => database?.drop());

  it('runs once a China day across processes: the first to take the day runs it, the others skip', async () => {
    let runs = 0;
    const processes = Array.from({ length: 4 }, () => new DailyJob(new DayClaims(database.db.kysely), 'once', silent, async () => void runs++));
    const ran = await Promise.all(processes.map((p) => p.attempt(LATE_UTC)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await processes[0]!.attempt(new Date('2026-11-29T15:59:00Z'))).toBe(false);
    expect(await processes[1]!.attempt(new Date('2026-11-29T16:00:00Z'))).toBe(true);
    const days = await database.db.kysely.selectFrom('job_run').select(['run_day', 'finished_at']).where('job', '=', 'once').orderBy('run_day').execute();
    expect(days.map((d) => d.run_day)).toEqual(['2026-11-29', '2026-11-30']);
    expect(days.every((d) => d.finished_at !== null)).toBe(true);
  });

  it('gives the day back when the work fails, so the next try runs it', async () => {
    let fail = true;
    let runs = 0;
    const errors: unknown[] = [];
    const job = new DailyJob(new DayClaims(database.db.kysely), 'retry', { error: (o: unknown) => void errors.push(o) }, async () => {
      runs++;
      if (fail) throw new Error('数据库暂不可用');
    });
    expect(await job.attempt(LATE_UTC)).toBe(false);
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await job.attempt(LATE_UTC)).toBe(true);
    expect(runs).toBe(2);
    expect(await job.attempt(LATE_UTC)).toBe(false);
  });
});
