import { sql, type RawBuilder } from 'kysely';
import { fenToYuan, member, PERMISSIONS, report } from '@venue/contract';
import type { Db } from '../../db/database.ts';
import { shanghaiToIso } from '../../lib/clock.ts';
import { forbidden, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, venuesOf, type UserSession } from '../../plugins/session.ts';
import { localPart } from '../board/local-time.ts';
import { daysOf } from '../board/periods.ts';

type Range = { beginDate: string; endDate: string; venueId?: number };
const n = (v: number | string | null | undefined) => Number(v ?? 0);
const yuan = (fen: number | string | null | undefined) => fenToYuan(n(fen));
/** Paid sales: paid, and paid then refunded in part or in whole. */
const PAID = ['P', 'PR', 'FR'] as const;

/**
 * The reports' figures: each panel is one grouped statement over the recorded rows of the tenant, the
 * caller's venues (or the one asked for) and the China days of the range, on indexed columns.
 */
export class ReportService {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  /** The range as instants, after refusing a reversed or too long one and a venue not the caller's. */
  private async range(s: UserSession, q: Range) {
    if (q.beginDate > q.endDate) throw refuse(report.REPORT_TEXTS.beginAfterEnd);
    if (daysOf(q.beginDate, q.endDate).length > report.MAX_REPORT_DAYS) throw refuse(report.REPORT_TEXTS.tooLong);
    assertVenue(s, q.venueId);
    if (q.venueId && !(await this.venueName(s.tenantId, q.venueId))) throw notFound('场馆不存在');
    return { beginIso: shanghaiToIso(q.beginDate), endIso: shanghaiToIso(q.endDate, true) };
  }

  private async venueName(tenantId: number, venueId: number) {
    return (await this.k.selectFrom('venue').select('name').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst())?.name;
  }

  /** A WHERE condition on a venue expression: the venue asked for, or the caller's venues. */
  private venues(s: UserSession, venueId: number | undefined, expr: RawBuilder<unknown>): RawBuilder<boolean> {
    if (venueId) return sql<boolean>`${expr} = ${venueId}`;
    const all = venuesOf(s);
    if (all === 'all') return sql<boolean>`1 = 1`;
    if (!all.length) return sql<boolean>`1 = 0`;
    return sql<boolean>`${expr} in (${sql.join([...all])})`;
  }
  private venueCol(s: UserSession, venueId: number | undefined, column: string) {
    return this.venues(s, venueId, sql.ref(column));
  }

  // ---- Goods sale statistics ----

  private async paidSales(s: UserSession, q: Range) {
    const r = await this.range(s, q);
    return this.k
      .selectFrom('sale_order as o')
      .where('o.tenant_id', '=', s.tenantId)
      .where('o.pay_state', 'in', PAID)
      .where('o.paid_at', '>=', r.beginIso)
      .where('o.paid_at', '<=', r.endIso)
      .where(this.venueCol(s, q.venueId, 'o.venue_id'));
  }
  /** Orders, units (a correlated sum of the order's lines), money taken and refunded. */
  private static readonly saleFigures = [
    sql<string>`count(*)`.as('orders'),
    sql<string>`coalesce(sum((select sum(l.quantity) from sale_order_line l where l.order_id = o.id)), 0)`.as('quantity'),
    sql<string>`coalesce(sum(o.price_pay_fen), 0)`.as('fen'),
    sql<string>`coalesce(sum(o.refunded_fen), 0)`.as('refund_fen'),
  ];
  private static figures(r: { orders: string | number; quantity: string | number; fen: string | number; refund_fen: string | number }) {
    return { orders: n(r.orders), quantity: n(r.quantity), amount: yuan(r.fen), refund: yuan(r.refund_fen), net: yuan(n(r.fen) - n(r.refund_fen)) };
  }

  async goodsOverview(s: UserSession, q: Range) {
    const row = await (await this.paidSales(s, q)).select(ReportService.saleFigures).executeTakeFirstOrThrow();
    return ReportService.figures(row);
  }

  async goodsByDay(s: UserSession, q: Range) {
    const day = localPart(this.db.engine, 'o.paid_at', 'day');
    const rows = await (
      await this.paidSales(s, q)
    )
      .select([day.as('day'), ...ReportService.saleFigures])
      .groupBy(day)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, ...ReportService.figures(r) }));
  }

  async goodsByVenue(s: UserSession, q: Range) {
    const rows = await (
      await this.paidSales(s, q)
    )
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .select(['o.venue_id', (eb) => eb.fn.max('v.name').as('venue_name'), ...ReportService.saleFigures])
      .groupBy('o.venue_id')
      .orderBy('fen', 'desc')
      .execute();
    return rows.map((r) => ({ venueId: r.venue_id, venueName: r.venue_name, ...ReportService.figures(r) }));
  }

  async goodsByGoods(s: UserSession, q: Range) {
    const rows = await (
      await this.paidSales(s, q)
    )
      .innerJoin('sale_order_line as l', 'l.order_id', 'o.id')
      .select([
        'l.goods_id',
        (eb) => eb.fn.max('l.goods_name').as('goods_name'),
        sql<string>`sum(l.quantity)`.as('quantity'),
        sql<string>`sum(l.refunded_quantity)`.as('refunded'),
        sql<string>`sum(l.price_pay_fen * l.quantity)`.as('fen'),
      ])
      .groupBy('l.goods_id')
      .orderBy('fen', 'desc')
      .orderBy('l.goods_id')
      .execute();
    return rows.map((r) => ({ goodsId: r.goods_id, goodsName: r.goods_name, quantity: n(r.quantity), refundQuantity: n(r.refunded), amount: yuan(r.fen) }));
  }

  async goodsByOrderCount(s: UserSession, q: Range) {
    const rows = await (
      await this.paidSales(s, q)
    )
      .innerJoin('sale_order_line as l', 'l.order_id', 'o.id')
      .select(['l.goods_id', (eb) => eb.fn.max('l.goods_name').as('goods_name'), sql<string>`count(distinct o.id)`.as('orders')])
      .groupBy('l.goods_id')
      .orderBy('orders', 'desc')
      .orderBy('l.goods_id')
      .execute();
    return rows.map((r) => ({ goodsId: r.goods_id, goodsName: r.goods_name, orderCount: n(r.orders) }));
  }

  // ---- Member cards ----

  /** Card orders paid per day, card type, kind and pay method (a split payment counts under each of its methods). */
  async cardSaleByDay(s: UserSession, q: Range) {
    const r = await this.range(s, q);
    const day = localPart(this.db.engine, 'pr.paid_at', 'day');
    const rows = await this.k
      .selectFrom('pay_record as pr')
      .innerJoin('card_order as o', 'o.id', 'pr.order_id')
      .innerJoin('card_type as t', 't.id', 'o.card_type_id')
      .where('pr.tenant_id', '=', s.tenantId)
      .where('pr.order_type', '=', member.CARD_ORDER_TYPE)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', r.beginIso)
      .where('pr.paid_at', '<=', r.endIso)
      .where('o.tenant_id', '=', s.tenantId)
      .where(this.venueCol(s, q.venueId, 'o.venue_id'))
      .select([
        day.as('day'),
        't.name as type_name',
        'o.kind',
        'pr.pay_mode',
        'pr.pay_name',
        sql<string>`count(distinct pr.order_id)`.as('orders'),
        sql<string>`sum(pr.money_fen)`.as('fen'),
      ])
      .groupBy([day, 't.name', 'o.kind', 'pr.pay_mode', 'pr.pay_name'])
      .orderBy('day')
      .orderBy('t.name')
      .orderBy('o.kind')
      .orderBy('pr.pay_mode')
      .execute();
    return rows.map((x) => ({
      day: x.day,
      cardTypeName: x.type_name,
      kind: x.kind,
      payMode: x.pay_mode,
      payName: x.pay_name,
      orders: n(x.orders),
      amount: yuan(x.fen),
    }));
  }

  // ---- Rentals ----

  async leaseByDay(s: UserSession, q: Range) {
    const r = await this.range(s, q);
    const day = localPart(this.db.engine, 'o.paid_at', 'day');
    const rows = await this.k
      .selectFrom('lease_order as o')
      .where('o.tenant_id', '=', s.tenantId)
      .where('o.pay_state', 'in', PAID)
      .where('o.paid_at', '>=', r.beginIso)
      .where('o.paid_at', '<=', r.endIso)
      .where(this.venueCol(s, q.venueId, 'o.venue_id'))
      .select([
        day.as('day'),
        sql<string>`count(*)`.as('orders'),
        sql<string>`sum(o.rent_fen)`.as('rent'),
        sql<string>`sum(o.deposit_fen)`.as('deposit'),
        sql<string>`sum(o.price_pay_fen)`.as('fen'),
        sql<string>`sum(o.refunded_fen)`.as('refund'),
      ])
      .groupBy(day)
      .orderBy('day')
      .execute();
    return rows.map((x) => ({ day: x.day, orders: n(x.orders), rent: yuan(x.rent), deposit: yuan(x.deposit), amount: yuan(x.fen), refund: yuan(x.refund) }));
  }

  // ---- Verifications ----

  /** Vouchers verified and not cancelled (by the day the desk verified them) and ticket entries, in one statement. */
  async verifyByDay(s: UserSession, q: Range) {
    const r = await this.range(s, q);
    const vDay = localPart(this.db.engine, 'v.created_at', 'day');
    const tDay = localPart(this.db.engine, 'c.checked_at', 'day');
    const vouchers = this.k
      .selectFrom('coupon_verification as v')
      .where('v.tenant_id', '=', s.tenantId)
      .where('v.state', '=', 'V')
      .where('v.created_at', '>=', r.beginIso)
      .where('v.created_at', '<=', r.endIso)
      .where(this.venueCol(s, q.venueId, 'v.venue_id'))
      .select([vDay.as('day'), sql<string>`'voucher'`.as('source'), sql<string>`count(*)`.as('count'), sql<string>`sum(v.pay_fen)`.as('fen')])
      .groupBy(vDay);
    const tickets = this.k
      .selectFrom('ticket_check as c')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .where('c.tenant_id', '=', s.tenantId)
      .where('c.checked_at', '>=', r.beginIso)
      .where('c.checked_at', '<=', r.endIso)
      .where(this.venueCol(s, q.venueId, 'c.venue_id'))
      .select([tDay.as('day'), sql<string>`'ticket'`.as('source'), sql<string>`count(*)`.as('count'), sql<string>`sum(d.price_pay_fen)`.as('fen')])
      .groupBy(tDay);
    const rows = await vouchers.unionAll(tickets).execute();
    return rows
      .map((x) => ({ day: x.day, source: x.source as report.VerifySource, count: n(x.count), amount: yuan(x.fen) }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source));
  }

  // ---- 交班对账 ----

  /**
   * One day's money per cashier, business and pay method: paid parts the cashier took (by pay time) and
   * refunds the cashier gave back (by the time they finished), in one statement. A cashier without
   * report:shift:all reads only their own.
   */
  async shift(s: UserSession, q: { date: string; venueId?: number; userId?: number }) {
    const r = await this.range(s, { beginDate: q.date, endDate: q.date, venueId: q.venueId });
    const mayAll = s.isAdmin || s.permissions.includes(PERMISSIONS.report.shiftAll);
    if (q.userId && q.userId !== s.userId && !mayAll) throw forbidden();
    const userId = q.userId ?? (mayAll ? undefined : s.userId);
    const types = report.SHIFT_BUSINESS;
    const table = {
      GOODS_SALE: 'sale_order',
      GOODS_LEASE: 'lease_order',
      TICKET: 'ticket_order',
      TICKET_TIMEOUT: 'ticket_timeout_order',
      CARD_ORDER: 'card_order',
    };
    // The order's venue, whichever kind it is (pay_record keeps none): one indexed lookup per row.
    const orderVenue = sql.join(
      types.map((t) => sql`when ${t} then (select x.venue_id from ${sql.table(table[t])} x where x.id = pr.order_id)`),
      sql` `,
    );
    const venueOfPay = sql`(case pr.order_type ${orderVenue} end)`;
    let paid = this.k
      .selectFrom('pay_record as pr')
      .where('pr.tenant_id', '=', s.tenantId)
      .where('pr.order_type', 'in', types)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', r.beginIso)
      .where('pr.paid_at', '<=', r.endIso)
      .where('pr.created_by', 'is not', null)
      .where(this.venues(s, q.venueId, venueOfPay))
      .select([
        sql<number>`pr.created_by`.as('user_id'),
        'pr.order_type as business',
        'pr.pay_mode',
        'pr.pay_name',
        sql<string>`count(*)`.as('pay_count'),
        sql<string>`sum(pr.money_fen)`.as('income'),
        sql<string>`0`.as('refund_count'),
        sql<string>`0`.as('refund'),
      ])
      .groupBy(['pr.created_by', 'pr.order_type', 'pr.pay_mode', 'pr.pay_name']);
    let refunds = this.k
      .selectFrom('order_refund as rf')
      .innerJoin('order_refund_pay as p', 'p.refund_id', 'rf.id')
      .where('rf.tenant_id', '=', s.tenantId)
      .where('rf.order_type', 'in', types)
      .where('rf.state', '=', 'R')
      .where('p.state', '=', 'R')
      .where('rf.finished_at', '>=', r.beginIso)
      .where('rf.finished_at', '<=', r.endIso)
      .where(this.venueCol(s, q.venueId, 'rf.venue_id'))
      .select([
        sql<number>`rf.created_by`.as('user_id'),
        'rf.order_type as business',
        'p.pay_mode',
        'p.pay_name',
        sql<string>`0`.as('pay_count'),
        sql<string>`0`.as('income'),
        sql<string>`count(*)`.as('refund_count'),
        sql<string>`sum(p.money_fen)`.as('refund'),
      ])
      .groupBy(['rf.created_by', 'rf.order_type', 'p.pay_mode', 'p.pay_name']);
    if (userId) {
      paid = paid.where('pr.created_by', '=', userId);
      refunds = refunds.where('rf.created_by', '=', userId);
    }
    const rows = await paid.unionAll(refunds).execute();
    const ids = [...new Set(rows.map((x) => Number(x.user_id)))];
    const users = ids.length
      ? await this.k.selectFrom('users').select(['id', 'real_name', 'username']).where('tenant_id', '=', s.tenantId).where('id', 'in', ids).execute()
      : [];
    const names = new Map(users.map((u) => [u.id, u.real_name || u.username]));
    const merged = new Map<string, report.ShiftRow>();
    for (const x of rows) {
      const key = [x.user_id, x.business, x.pay_mode, x.pay_name].join('\u0000');
      const at = merged.get(key) ?? {
        userId: Number(x.user_id),
        userName: names.get(Number(x.user_id)) ?? `用户${x.user_id}`,
        business: x.business,
        payMode: x.pay_mode,
        payName: x.pay_name,
        payCount: 0,
        income: 0,
        refundCount: 0,
        refund: 0,
      };
      // Sums in fen until the end.
      at.payCount += n(x.pay_count);
      at.income += n(x.income);
      at.refundCount += n(x.refund_count);
      at.refund += n(x.refund);
      merged.set(key, at);
    }
    const order = (b: string) => (types as readonly string[]).indexOf(b);
    const list = [...merged.values()]
      .map((x) => ({ ...x, income: fenToYuan(x.income), refund: fenToYuan(x.refund) }))
      .sort(
        (a, b) => a.userName.localeCompare(b.userName) || a.userId - b.userId || order(a.business) - order(b.business) || a.payMode.localeCompare(b.payMode),
      );
    return { date: q.date, venueName: q.venueId ? ((await this.venueName(s.tenantId, q.venueId)) ?? '') : '全部场馆', rows: list };
  }
}
