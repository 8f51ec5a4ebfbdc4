import { sql } from 'kysely';
import { shanghaiToIso } from '../../lib/clock.ts';
import { daysOf } from './periods.ts';
import type { Range, RevenueRows, SourceContext } from './sources/source.ts';

/** An order kind's revenue from the rows (payable-revenue.ts): its orders per day and venue. */
export type LiveRevenue = (
  ctx: SourceContext,
  range: Range,
) => Promise<Omit<RevenueRows, 'orders'> & { orders: { day: string; venue_id: number; orders: number | string }[] }>;

/** Rows a statement inserts at most (7 values each: under both engines' parameter limits). */
const CHUNK = 2000;

/**
 * An order kind's revenue on closed days (before today), from board_revenue_day: the days not summed yet
 * are summed first from the rows (`live`, tenant-wide) and kept; then one indexed read of the days asked,
 * in the caller's venues. Two boards summing the same day write the same rows (the second's are ignored).
 */
export async function closedDays(
  ctx: SourceContext,
  orderType: string,
  beginDate: string,
  endDate: string,
  live: LiveRevenue,
  unit: Range['unit'] = 'day',
): Promise<RevenueRows> {
  const done = await ctx.db
    .selectFrom('board_revenue_done')
    .select('day')
    .where('tenant_id', '=', ctx.tenantId)
    .where('order_type', '=', orderType)
    .where('day', '>=', beginDate)
    .where('day', '<=', endDate)
    .execute();
  const have = new Set(done.map((d) => d.day));
  const missing = daysOf(beginDate, endDate).filter((d) => !have.has(d));
  if (missing.length) await sumDays(ctx, orderType, missing, live);
  // Two small reads instead of one row per day, venue and pay method: money and orders per day (per
  // month when the board shows months), and money per venue and pay method over the days.
  const summary = () =>
    ctx.db
      .selectFrom('board_revenue_day')
      .where('tenant_id', '=', ctx.tenantId)
      .where('day', '>=', beginDate)
      .where('day', '<=', endDate)
      .where('order_type', '=', orderType)
      .where(ctx.venues('venue_id'));
  const period = unit === 'month' ? sql<string>`substr(day, 1, 7) || '-01'` : sql<string>`day`;
  const [perDay, perMode] = await Promise.all([
    summary()
      .select([period.as('day'), 'part', (eb) => eb.fn.sum<string>('amount').as('amount')])
      .groupBy([period, 'part'])
      .execute(),
    summary()
      .where('part', '<>', 'O')
      .select(['part', 'venue_id', 'pay_mode', 'pay_name', (eb) => eb.fn.sum<string>('amount').as('amount')])
      .groupBy(['part', 'venue_id', 'pay_mode', 'pay_name'])
      .execute(),
  ]);
  return {
    income: [],
    refunds: [],
    orders: perDay.filter((r) => r.part === 'O').map((r) => ({ day: r.day, orders: Number(r.amount) })),
    dayTotals: perDay.filter((r) => r.part !== 'O').map((r) => ({ day: r.day, sign: r.part === 'I' ? 1 : -1, fen: Number(r.amount) })),
    modeTotals: perMode.map((r) => ({
      sign: r.part === 'I' ? 1 : -1,
      venue_id: r.venue_id,
      pay_mode: r.pay_mode,
      pay_name: r.pay_name,
      fen: Number(r.amount),
    })),
  };
}

async function sumDays(ctx: SourceContext, orderType: string, days: string[], live: LiveRevenue) {
  const wanted = new Set(days);
  const whole = { ...ctx, venues: () => sql<boolean>`1 = 1` };
  const found = await live(whole, { beginIso: shanghaiToIso(days[0]), endIso: shanghaiToIso(days.at(-1)!, true) });
  const base = { tenant_id: ctx.tenantId, order_type: orderType };
  const rows = [
    ...found.income.map((r) => ({
      ...base,
      day: r.day,
      part: 'I' as const,
      venue_id: r.venue_id,
      pay_mode: r.pay_mode,
      pay_name: r.pay_name,
      amount: Number(r.fen),
    })),
    ...found.refunds.map((r) => ({
      ...base,
      day: r.day,
      part: 'R' as const,
      venue_id: r.venue_id,
      pay_mode: r.pay_mode,
      pay_name: r.pay_name,
      amount: Number(r.fen),
    })),
    ...found.orders.map((r) => ({ ...base, day: r.day, part: 'O' as const, venue_id: r.venue_id, pay_mode: '', pay_name: '', amount: Number(r.orders) })),
  ].filter((r) => wanted.has(r.day));
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('board_revenue_day')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (let i = 0; i < days.length; i += CHUNK)
      await trx
        .insertInto('board_revenue_done')
        .values(days.slice(i, i + CHUNK).map((day) => ({ tenant_id: ctx.tenantId, day, order_type: orderType })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}
