import { sql } from 'kysely';
import type { Capability } from '@venue/contract/board';
import { splitAtToday } from '../closed-days.ts';
import { localPart } from '../local-time.ts';
import { closedDays } from '../revenue-days.ts';
import type { KindRow, PayableKind, Range, RevenueRows, SourceContext } from './source.ts';

/**
 * The revenue of every payable kind at once: the paid parts of their pay records, their orders, and the
 * money their refunds gave back, by the day they happened, one part per kind. Days before today come from
 * the summed days (revenue-days.ts); today from the rows, in one statement.
 */
export async function payableRevenue(ctx: SourceContext, range: Range, kinds: PayableKind[]): Promise<{ capability: Capability; rows: RevenueRows }[]> {
  const split = splitAtToday(ctx, range);
  const [closed, open] = await Promise.all([
    split.closed ? closedDays(ctx, kinds, split.closed, range.unit, liveRevenue) : undefined,
    split.open ? liveRevenue(ctx, kinds, split.open) : [],
  ]);
  return kinds.map((kind) => {
    const mine = open.filter((r) => r.order_type === kind.orderType);
    const money = (part: 'I' | 'R') => mine.filter((r) => r.part === part).map((r) => ({ ...r, fen: r.amount }));
    const summed = closed?.get(kind.orderType);
    return {
      capability: kind.capability,
      rows: {
        income: money('I'),
        refunds: money('R'),
        orders: [...(summed?.orders ?? []), ...mine.filter((r) => r.part === 'O').map((r) => ({ day: r.day, venue_id: r.venue_id, orders: r.amount }))],
        dayTotals: summed?.dayTotals,
        modeTotals: summed?.modeTotals,
      },
    };
  });
}

/**
 * The same from the rows, every kind in one statement: the pay records in the range (pay_record by tenant,
 * kind and pay time) with their order's venue (one primary-key lookup in the kind's table), and the
 * refunds by finish time (order_refund by tenant, kind and finish time).
 */
export async function liveRevenue(ctx: SourceContext, kinds: PayableKind[], range: Range): Promise<KindRow[]> {
  const types = kinds.map((k) => k.orderType);
  const payDay = localPart(ctx.engine, 'pr.paid_at', 'day');
  const refundDay = localPart(ctx.engine, 'r.finished_at', 'day');
  const joins = kinds.map(
    (k, i) =>
      sql`left join ${sql.table(k.table)} as ${sql.ref(`k${i}`)} on pr.order_type = ${k.orderType} and ${sql.ref(`k${i}.id`)} = pr.order_id and ${sql.ref(`k${i}.tenant_id`)} = ${ctx.tenantId}`,
  );
  const venue = sql.join(
    kinds.map((_, i) => sql.ref(`k${i}.venue_id`)),
    sql`, `,
  );
  const { rows } = await sql<KindRow>`with paid as (
      select ${payDay} as day, pr.order_type, coalesce(${venue}) as venue_id, pr.pay_mode, pr.pay_name, pr.money_fen, pr.order_id
      from pay_record pr ${sql.join(joins, sql` `)}
      where pr.tenant_id = ${ctx.tenantId} and pr.order_type in (${sql.join(types)}) and pr.state = 'P'
        and pr.paid_at >= ${range.beginIso} and pr.paid_at <= ${range.endIso})
    select 'I' as part, day, order_type, venue_id, pay_mode, pay_name, sum(money_fen) as amount from paid
      where ${ctx.venues('venue_id')} group by day, order_type, venue_id, pay_mode, pay_name
    union all
    select 'O', day, order_type, venue_id, '', '', count(distinct order_id) from paid
      where ${ctx.venues('venue_id')} group by day, order_type, venue_id
    union all
    select 'R', ${refundDay}, r.order_type, r.venue_id, p.pay_mode, p.pay_name, sum(p.money_fen)
      from order_refund r join order_refund_pay p on p.refund_id = r.id
      where r.tenant_id = ${ctx.tenantId} and r.order_type in (${sql.join(types)}) and r.state = 'R' and p.state = 'R'
        and r.finished_at >= ${range.beginIso} and r.finished_at <= ${range.endIso} and ${ctx.venues('r.venue_id')}
      group by ${refundDay}, r.order_type, r.venue_id, p.pay_mode, p.pay_name`.execute(ctx.db);
  return rows;
}
