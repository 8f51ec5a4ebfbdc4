import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

type Day = (instant: string) => string;

/**
 * The writes that change a closed day of the cockpit: `[figure, its table, the written table, the days they
 * touch]`. A sale order its pay day (new and old: paid, refunded), a sale line the pay day of its order (its
 * refunded quantity; a line is only inserted into an unpaid order, so its insert touches no day: no
 * trigger, which kept a year of demo history from paying a lookup per line), a card ledger row its day.
 */
const DAYS_OF: [figure: string, summary: string, table: string, days: (day: Day, op: 'insert' | 'update') => string, only?: 'update'][] = [
  ['goods', 'board_goods_day', 'sale_order', (day, op) => (op === 'insert' ? day('new.paid_at') : `${day('new.paid_at')}, ${day('old.paid_at')}`)],
  ['goods', 'board_goods_day', 'sale_order_line', (day) => `(select ${day('o.paid_at')} from sale_order o where o.id = new.order_id)`, 'update'],
  [
    'cardUse',
    'board_card_use_day',
    'card_consume',
    (day, op) => (op === 'insert' ? day('new.created_at') : `${day('new.created_at')}, ${day('old.created_at')}`),
  ],
];

/**
 * Issue 21: the cockpit's closed days summed once (measured on a year of demo history at 10 viewers: the
 * 30 days' top goods, a join over 20 000 sale lines, and the year's stored-value card use, summed from
 * 18 000 ledger rows joined to their cards, took 15 ms a request on SQLite, p99 over 300 ms).
 * board_goods_day: units kept (sold less refunded) and their money per day, venue and goods;
 * board_card_use_day: what stored-value cards paid per day and venue (0: no venue), less its refunds.
 * board_figure_done marks a figure's day summed; the triggers drop a day's rows and mark whenever a write
 * lands on it, as migration 1801 does for revenue. And a covering index for the revenue summary's reads.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('board_goods_day')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('venue_id', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('goods_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_goods_day_pk', ['tenant_id', 'day', 'venue_id', 'goods_id'])
    .execute();
  await db.schema
    .createTable('board_card_use_day')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('venue_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_card_use_day_pk', ['tenant_id', 'day', 'venue_id'])
    .execute();
  await db.schema
    .createTable('board_figure_done')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
    .addColumn('figure', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_figure_done_pk', ['tenant_id', 'figure', 'day'])
    .execute();
  // The revenue reads take every column but the tenant's from this index, not from the table.
  await db.schema.dropIndex('board_revenue_day_day_idx').execute();
  await db.schema
    .createIndex('board_revenue_day_read_idx')
    .on('board_revenue_day')
    .columns(['tenant_id', 'day', 'order_type', 'part', 'venue_id', 'pay_mode', 'pay_name', 'amount'])
    .execute();

  const drop = (figure: string, summary: string, days: string) =>
    `delete from board_figure_done where tenant_id = new.tenant_id and figure = '${figure}' and day in (${days});
     delete from ${summary} where tenant_id = new.tenant_id and day in (${days});`;
  if (engine === 'postgres') {
    const day: Day = (instant) => `to_char(cast(${instant} as timestamp) + interval '8 hours', 'YYYY-MM-DD')`;
    for (const [figure, summary, table, days, only] of DAYS_OF) {
      const events = only === 'update' ? 'update' : 'insert or update';
      // On an insert `old` is not assigned: its day is read only on an update.
      await sql
        .raw(
          `create function board_${figure}_drop_${table}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then ${drop(figure, summary, days(day, 'update'))}
            else ${drop(figure, summary, days(day, 'insert'))} end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(`create trigger ${table}_${figure}_days after ${events} on ${table} for each row execute function board_${figure}_drop_${table}()`)
        .execute(db);
    }
    return;
  }
  const day: Day = (instant) => `substr(datetime(${instant}, '+8 hours'), 1, 10)`;
  for (const [figure, summary, table, days, only] of DAYS_OF) {
    if (only !== 'update')
      await sql
        .raw(`create trigger ${table}_${figure}_days_insert after insert on ${table} begin ${drop(figure, summary, days(day, 'insert'))} end`)
        .execute(db);
    await sql.raw(`create trigger ${table}_${figure}_days_update after update on ${table} begin ${drop(figure, summary, days(day, 'update'))} end`).execute(db);
  }
}
