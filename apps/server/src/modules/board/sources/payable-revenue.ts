import { sql } from 'kysely';
import type { Capability } from '@venue/contract/board';
import type { PayableTable } from '../../checkout/index.ts';
import { shanghaiText, shanghaiToIso } from '../../../lib/clock.ts';
import { localPart } from '../local-time.ts';
import { closedDays, type LiveRevenue } from '../revenue-days.ts';
import type { BoardSource, Range, RevenueRows, SourceContext } from './source.ts';

/**
 * The revenue of an order kind the checkout pays (its table carries the pay columns): the paid parts of
 * its pay records, its orders, and the money its refunds gave back, by the day they happened. Days before
 * today come from the summed days (revenue-days.ts); today from the rows.
 */
export function payableRevenue(capability: Capability, orderType: string, table: PayableTable): BoardSource['revenue'] {
  const live = liveRevenue(orderType, table);
  return async (ctx: SourceContext, range: Range): Promise<RevenueRows> => {
    const todayIso = shanghaiToIso(ctx.today);
    const [beginDate, endDate] = [shanghaiText(new Date(range.beginIso)).slice(0, 10), shanghaiText(new Date(range.endIso)).slice(0, 10)];
    const lastClosed = shanghaiText(new Date(Date.parse(todayIso) - 1)).slice(0, 10);
    const [closed, open] = await Promise.all([
      beginDate <= lastClosed ? closedDays(ctx, orderType, beginDate, endDate < lastClosed ? endDate : lastClosed, live, range.unit) : undefined,
      range.endIso >= todayIso ? live(ctx, { beginIso: range.beginIso > todayIso ? range.beginIso : todayIso, endIso: range.endIso }) : undefined,
    ]);
    return {
      income: [...(closed?.income ?? []), ...(open?.income ?? [])],
      refunds: [...(closed?.refunds ?? []), ...(open?.refunds ?? [])],
      orders: [...(closed?.orders ?? []), ...(open?.orders ?? [])],
      dayTotals: closed?.dayTotals,
      modeTotals: closed?.modeTotals,
    };
  };
}

/**
 * The same from the rows: three grouped statements on indexed columns (pay_record by tenant, kind and pay
 * time; order_refund by tenant, kind and finish time).
 */
function liveRevenue(orderType: string, table: PayableTable): LiveRevenue {
  return async (ctx: SourceContext, range: Range) => {
    // Every payable table has the same pay columns: typed as the sale order's.
    const orderTable = `${table} as o` as 'sale_order as o';
    const paid = () =>
      ctx.db
        .selectFrom('pay_record as pr')
        .innerJoin(orderTable, 'o.id', 'pr.order_id')
        .where('pr.tenant_id', '=', ctx.tenantId)
        .where('pr.order_type', '=', orderType)
        .where('pr.state', '=', 'P')
        .where('pr.paid_at', '>=', range.beginIso)
        .where('pr.paid_at', '<=', range.endIso)
        .where('o.tenant_id', '=', ctx.tenantId)
        .where(ctx.venues('o.venue_id'));
    const payDay = localPart(ctx.engine, 'pr.paid_at', 'day');
    const refundDay = localPart(ctx.engine, 'r.finished_at', 'day');
    const [income, orders, refunds] = await Promise.all([
      paid()
        .select([payDay.as('day'), 'o.venue_id', 'pr.pay_mode', 'pr.pay_name', (eb) => eb.fn.sum<string>('pr.money_fen').as('fen')])
        .groupBy([payDay, 'o.venue_id', 'pr.pay_mode', 'pr.pay_name'])
        .execute(),
      paid()
        .select([payDay.as('day'), 'o.venue_id', sql<string>`count(distinct pr.order_id)`.as('orders')])
        .groupBy([payDay, 'o.venue_id'])
        .execute(),
      ctx.db
        .selectFrom('order_refund as r')
        .innerJoin('order_refund_pay as p', 'p.refund_id', 'r.id')
        .where('r.tenant_id', '=', ctx.tenantId)
        .where('r.order_type', '=', orderType)
        .where('r.state', '=', 'R')
        .where('p.state', '=', 'R')
        .where('r.finished_at', '>=', range.beginIso)
        .where('r.finished_at', '<=', range.endIso)
        .where(ctx.venues('r.venue_id'))
        .select([refundDay.as('day'), 'r.venue_id', 'p.pay_mode', 'p.pay_name', (eb) => eb.fn.sum<string>('p.money_fen').as('fen')])
        .groupBy([refundDay, 'r.venue_id', 'p.pay_mode', 'p.pay_name'])
        .execute(),
    ]);
    return { income, orders, refunds };
  };
}
