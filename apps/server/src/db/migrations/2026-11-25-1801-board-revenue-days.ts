import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The writes that change a day's revenue: `[table, the days they touch]`. A pay record its pay day (new
 * and old), a refund its finish day, a refund's pay part the finish day of its refund.
 */
const DAYS_OF: [table: string, days: (day: (instant: string) => string) => string][] = [
  ['pay_record', (day) => `${day('new.paid_at')}, ${day('old.paid_at')}`],
  ['order_refund', (day) => `${day('new.finished_at')}, ${day('old.finished_at')}`],
  ['order_refund_pay', (day) => `(select ${day('r.finished_at')} from order_refund r where r.id = new.refund_id)`],
];

/**
 * Issue 21: the revenue board over a year answered from summed closed days (measured: a year of demo
 * history, 100 000 pay records, took 370 ms for one viewer of the year's revenue on SQLite, and seconds at
 * 10 viewers). board_revenue_day holds a day once a board has asked for it; the triggers here drop a day's
 * rows (and its done mark) whenever a write lands on it, so a closed day is summed again from the rows the
 * next time. Today is never summed: the board reads it from the rows.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('board_revenue_day')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('venue_id', 'integer', (c) => c.notNull())
    .addColumn('pay_mode', 'text', (c) => c.notNull())
    .addColumn('pay_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_revenue_day_pk', ['tenant_id', 'order_type', 'day', 'part', 'venue_id', 'pay_mode', 'pay_name'])
    .execute();
  // The triggers drop a day of every kind at once.
  await db.schema.createIndex('board_revenue_day_day_idx').on('board_revenue_day').columns(['tenant_id', 'day']).execute();
  await db.schema
    .createTable('board_revenue_done')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_revenue_done_pk', ['tenant_id', 'order_type', 'day'])
    .execute();
  await db.schema.createIndex('board_revenue_done_day_idx').on('board_revenue_done').columns(['tenant_id', 'day']).execute();
  const drop = (days: string) =>
    `delete from board_revenue_done where tenant_id = new.tenant_id and day in (${days});
     delete from board_revenue_day where tenant_id = new.tenant_id and day in (${days});`;
  if (engine === 'postgres') {
    const day = (instant: string) => `to_char(cast(${instant} as timestamp) + interval '8 hours', 'YYYY-MM-DD')`;
    for (const [table, days] of DAYS_OF) {
      // `old` is null on an insert: its day is null and matches nothing.
      const touched = table === 'order_refund_pay' ? days(day) : `${day('new_at')}, ${day('old_at')}`;
      const at = table === 'pay_record' ? 'paid_at' : 'finished_at';
      const declare = table === 'order_refund_pay' ? '' : `declare new_at text := new.${at}; old_at text := case when tg_op = 'UPDATE' then old.${at} end;`;
      await sql
        .raw(
          `create function board_revenue_drop_${table}() returns trigger language plpgsql as $$
          ${declare}
          begin ${drop(touched)} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(`create trigger ${table}_revenue_days after insert or update on ${table} for each row execute function board_revenue_drop_${table}()`)
        .execute(db);
    }
    return;
  }
  const day = (instant: string) => `substr(datetime(${instant}, '+8 hours'), 1, 10)`;
  for (const [table, days] of DAYS_OF) {
    const onInsert = days((instant) => (instant.startsWith('old.') ? 'null' : day(instant)));
    await sql.raw(`create trigger ${table}_revenue_days_insert after insert on ${table} begin ${drop(onInsert)} end`).execute(db);
    await sql.raw(`create trigger ${table}_revenue_days_update after update on ${table} begin ${drop(days(day))} end`).execute(db);
  }
}
