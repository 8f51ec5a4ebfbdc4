import { chinaToIso } from '@venue/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { insertSummed } from './closed-days.ts';
import { daysOf } from './periods.ts';
import type { KindRow, PayableKind, Range, RevenueRows, SourceContext } from './sources/source.ts';

/** The payable kinds' revenue from the rows (payable-revenue.ts), every kind in one statement. */
type Live = (ctx: SourceContext, kinds: PayableKind[], range: Range) => Promise<KindRow[]>;

type Summed = Pick<RevenueRows, 'orders' | 'dayTotals' | 'modeTotals'>;

/**
 * The payable kinds' revenue on closed days (before today), from board_revenue_day, per order type: the
 * days a kind has not summed yet are summed first from the rows (liveRevenue, tenant-wide, every such kind
 * in one statement) and kept, and so are the whole months of the range from their days; then indexed reads
 * of the days asked (the whole months as their month rows where the days are not needed one by one), in the
 * caller's venues, every kind at once. Two boards summing the same day write the same rows (the second's are
 * ignored).
 */
export async function closedDays(
  ctx: SourceContext,
  kinds: PayableKind[],
  [beginDate, endDate]: [string, string],
  unit: Range['unit'],
  live: Live,
): Promise<Map<string, Summed>> {
  const types = kinds.map((k) => k.orderType);
  const days = daysOf(beginDate, endDate);
  const done = await ctx.db
    .selectFrom('board_revenue_done')
    .select(['order_type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', ctx.tenantId)
    .where('order_type', 'in', types)
    .where('day', '>=', beginDate)
    .where('day', '<=', endDate)
    .groupBy('order_type')
    .execute();
  const lacking = kinds.filter((k) => Number(done.find((d) => d.order_type === k.orderType)?.n ?? 0) < days.length);
  if (lacking.length) await sumDays(ctx, lacking, beginDate, endDate, live);
  const months = fullMonths(beginDate, endDate);
  if (months.length) await sumMonths(ctx, types, months);
  const summary = () =>
    ctx.db.selectFrom('board_revenue_day').where('tenant_id', '=', ctx.tenantId).where('order_type', 'in', types).where(ctx.venues('venue_id'));
  // The whole months as their month rows, the days before and after them as days: three index ranges.
  const spans: Span[] = months.length
    ? [
        (q) => q.where('day', '>=', beginDate).where('day', '<', `${months[0]}-01`),
        (q) => q.where('day', '>', `${months.at(-1)}-31`).where('day', '<=', endDate),
        (q) => q.where('day', '>=', `M${months[0]}`).where('day', '<=', `M${months.at(-1)}`),
      ]
    : [(q) => q.where('day', '>=', beginDate).where('day', '<=', endDate)];
  const [perDay, perMode] =
    unit === 'month' ? await byMonth(summary, spans) : await byDay(summary().where('day', '>=', beginDate).where('day', '<=', endDate), summary, spans);
  const byType = new Map<string, Required<Summed>>(types.map((t) => [t, { orders: [], dayTotals: [], modeTotals: [] }]));
  for (const r of perDay) {
    const to = byType.get(r.order_type)!;
    if (r.part === 'O') to.orders.push({ day: r.day, orders: Number(r.amount) });
    else to.dayTotals.push({ day: r.day, sign: r.part === 'I' ? 1 : -1, fen: Number(r.amount) });
  }
  for (const r of perMode)
    byType
      .get(r.order_type)!
      .modeTotals.push({ sign: r.part === 'I' ? 1 : -1, venue_id: r.venue_id, pay_mode: r.pay_mode, pay_name: r.pay_name, fen: Number(r.amount) });
  return byType;
}

type Summary = SelectQueryBuilder<Database, 'board_revenue_day', object>;
type PerDay = { order_type: string; day: string; part: string; amount: string | number }[];
type PerMode = { order_type: string; part: string; venue_id: number; pay_mode: string; pay_name: string; amount: string | number }[];

type Span = (q: Summary) => Summary;

/** Rows of the spans read apart, summed by `key` (each span's rows are already grouped). */
function merged<T extends { amount: string | number }>(list: T[], key: (r: T) => string): T[] {
  const out = new Map<string, T>();
  for (const r of list) {
    const at = out.get(key(r));
    out.set(key(r), at ? { ...at, amount: Number(at.amount) + Number(r.amount) } : r);
  }
  return [...out.values()];
}
const modeKey = (r: PerMode[number]) => `${r.order_type}|${r.part}|${r.venue_id}|${r.pay_mode}|${r.pay_name}`;

/** Money and orders per day (from the days), and money per venue and pay method over the range (from the spans). */
async function byDay(days: Summary, summary: () => Summary, spans: Span[]): Promise<[PerDay, PerMode]> {
  const [perDay, ...perMode] = await Promise.all([
    days
      .select(['order_type', 'day', 'part', (eb) => eb.fn.sum<string>('amount').as('amount')])
      .groupBy(['order_type', 'day', 'part'])
      .execute(),
    ...spans.map((span) =>
      span(summary())
        .where('part', '<>', 'O')
        .select(['order_type', 'part', 'venue_id', 'pay_mode', 'pay_name', (eb) => eb.fn.sum<string>('amount').as('amount')])
        .groupBy(['order_type', 'part', 'venue_id', 'pay_mode', 'pay_name'])
        .execute(),
    ),
  ]);
  return [perDay, merged(perMode.flat(), modeKey)];
}

/** By month one read a span does (a month of a venue and pay method is a row; a month's rows as its first day's). */
async function byMonth(summary: () => Summary, spans: Span[]): Promise<[PerDay, PerMode]> {
  const month = sql<string>`case when day like 'M%' then substr(day, 2, 7) else substr(day, 1, 7) end || '-01'`;
  const read = await Promise.all(
    spans.map((span) =>
      span(summary())
        .select(['order_type', month.as('day'), 'part', 'venue_id', 'pay_mode', 'pay_name', (eb) => eb.fn.sum<string>('amount').as('amount')])
        .groupBy(['order_type', month, 'part', 'venue_id', 'pay_mode', 'pay_name'])
        .execute(),
    ),
  );
  const rows = read.flat();
  return [
    merged(rows, (r) => `${r.order_type}|${r.day}|${r.part}`),
    merged(
      rows.filter((r) => r.part !== 'O'),
      modeKey,
    ),
  ];
}

/** The months whose every day is in [begin, end] ("YYYY-MM"). */
function fullMonths(begin: string, end: string): string[] {
  const months: string[] = [];
  for (const day of daysOf(begin, end)) {
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    if (next.endsWith('-01') && day.slice(0, 7) + '-01' >= begin) months.push(day.slice(0, 7));
  }
  return months;
}

/**
 * Sums closed months not summed yet from their (summed) days into month rows (day "M2026-01": after every
 * day, so no range of days reads them), and marks them; the triggers drop a month with any of its days.
 */
async function sumMonths(ctx: SourceContext, types: string[], months: string[]) {
  const marks = months.map((m) => `M${m}`);
  const done = await ctx.db
    .selectFrom('board_revenue_done')
    .select(['order_type', 'day'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('order_type', 'in', types)
    .where('day', 'in', marks)
    .execute();
  const have = new Set(done.map((d) => `${d.order_type}|${d.day}`));
  const missing = types.flatMap((t) => marks.filter((m) => !have.has(`${t}|${m}`)).map((day) => ({ tenant_id: ctx.tenantId, order_type: t, day })));
  if (!missing.length) return;
  const lackingTypes = [...new Set(missing.map((m) => m.order_type))];
  const lackingMonths = [...new Set(missing.map((m) => m.day.slice(1)))];
  const month = sql<string>`'M' || substr(day, 1, 7)`;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('board_revenue_day')
      .columns(['tenant_id', 'day', 'order_type', 'part', 'venue_id', 'pay_mode', 'pay_name', 'amount'])
      .expression(
        trx
          .selectFrom('board_revenue_day')
          .select(['tenant_id', month.as('day'), 'order_type', 'part', 'venue_id', 'pay_mode', 'pay_name', (eb) => eb.fn.sum<number>('amount').as('amount')])
          .where('tenant_id', '=', ctx.tenantId)
          .where('order_type', 'in', lackingTypes)
          .where(sql<boolean>`substr(day, 1, 7) in (${sql.join(lackingMonths)})`)
          .where('day', '>=', `${lackingMonths[0]}-01`)
          .where('day', '<=', `${lackingMonths.at(-1)}-31`)
          .groupBy(['tenant_id', month, 'order_type', 'part', 'venue_id', 'pay_mode', 'pay_name']),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertSummed(trx, 'board_revenue_done', missing);
  });
}

/** Sums the days of the range that `kinds` have not summed yet, and marks them summed. */
async function sumDays(ctx: SourceContext, kinds: PayableKind[], beginDate: string, endDate: string, liveRevenue: Live) {
  const types = kinds.map((k) => k.orderType);
  const have = await ctx.db
    .selectFrom('board_revenue_done')
    .select(['order_type', 'day'])
    .where('tenant_id', '=', ctx.tenantId)
    .where('order_type', 'in', types)
    .where('day', '>=', beginDate)
    .where('day', '<=', endDate)
    .execute();
  const missing = new Map(types.map((t) => [t, new Set(daysOf(beginDate, endDate))]));
  for (const d of have) missing.get(d.order_type)!.delete(d.day);
  const all = [...missing.values()].flatMap((s) => [...s]).sort();
  const whole = { ...ctx, venues: () => sql<boolean>`1 = 1` };
  const found = await liveRevenue(whole, kinds, { beginIso: chinaToIso(all[0]), endIso: chinaToIso(all.at(-1)!, true) });
  const rows = found.filter((r) => missing.get(r.order_type)!.has(r.day)).map((r) => ({ ...r, tenant_id: ctx.tenantId, amount: Number(r.amount) }));
  const marks = [...missing].flatMap(([orderType, set]) => [...set].map((day) => ({ tenant_id: ctx.tenantId, day, order_type: orderType })));
  await ctx.db.transaction().execute(async (trx) => {
    await insertSummed(trx, 'board_revenue_day', rows);
    await insertSummed(trx, 'board_revenue_done', marks);
  });
}
