import type { Kysely } from 'kysely';

/**
 * Issue 32: the daily jobs run at a fixed China time once across processes. A process takes a job's day
 * by inserting its row (the key refuses a second); a run that fails gives its day back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_run')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('run_day', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('job_run_pk', ['job', 'run_day'])
    .execute();
}
