import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

type Day = (instant: string) => string;

/**
 * The days a write touches, as migration 1801 drops them: a pay record its pay day (new and old), a refund
 * its finish day, a refund's pay part the finish day of its refund. Each as `[expression of a day]`, the
 * part's as a select of one.
 */
const DAYS_OF: [table: string, days: (day: Day, insert: boolean) => string[]][] = [
  ['pay_record', (day, insert) => [day('new.paid_at'), ...(insert ? [] : [day('old.paid_at')])]],
  ['order_refund', (day, insert) => [day('new.finished_at'), ...(insert ? [] : [day('old.finished_at')])]],
  ['order_refund_pay', (day) => [`(select ${day('r.finished_at')} from order_refund r where r.id = new.refund_id)`]],
];

/** A day's month as board_revenue_day keeps a closed month: "M" and the month, so it sorts after every day. */
const monthOf = (day: string) =>
  day.startsWith('(select ') ? day.replace('(select ', `(select 'M' || substr(`).replace(' from ', ', 1, 7) from ') : `'M' || substr(${day}, 1, 7)`;

/**
 * Issue 21: a closed month of revenue summed once more, from its days, into board_revenue_day as rows of day
 * "M2026-01" (the revenue board read a year's money per pay method and venue from 28 000 day rows, 5 ms a read
 * on SQLite and most of a request). The triggers of migration 1801 now drop the month of a day with the day.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const drop = (days: string[]) => {
    const list = [...days, ...days.map(monthOf)].join(', ');
    return `delete from board_revenue_done where tenant_id = new.tenant_id and day in (${list});
     delete from board_revenue_day where tenant_id = new.tenant_id and day in (${list});`;
  };
  if (engine === 'postgres') {
    const day: Day = (instant) => `to_char(cast(${instant} as timestamp) + interval '8 hours', 'YYYY-MM-DD')`;
    for (const [table, days] of DAYS_OF) {
      await sql
        .raw(
          `create or replace function board_revenue_drop_${table}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then ${drop(days(day, false))}
            else ${drop(days(day, true))} end if;
            return null;
          end $$`,
        )
        .execute(db);
    }
    return;
  }
  const day: Day = (instant) => `substr(datetime(${instant}, '+8 hours'), 1, 10)`;
  for (const [table, days] of DAYS_OF) {
    await sql.raw(`drop trigger ${table}_revenue_days_insert`).execute(db);
    await sql.raw(`drop trigger ${table}_revenue_days_update`).execute(db);
    await sql.raw(`create trigger ${table}_revenue_days_insert after insert on ${table} begin ${drop(days(day, true))} end`).execute(db);
    await sql.raw(`create trigger ${table}_revenue_days_update after update on ${table} begin ${drop(days(day, false))} end`).execute(db);
  }
}
