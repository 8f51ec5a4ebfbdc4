import { member, report } from '@venue/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { localPart } from '../board/local-time.ts';

/** Paid sales: paid, and paid then refunded in part or in whole. */
const PAID = ['P', 'PR', 'FR'] as const;

/** What every report reads: the tenant, the instants of the range, and a condition on a venue column or expression. */
export interface ReportScope {
  tenantId: number;
  beginIso: string;
  endIso: string;
  venues: (column: string | RawBuilder<unknown>) => RawBuilder<boolean>;
}

/**
 * The reports' statements: each panel is one grouped statement over the recorded rows of the scope, on
 * indexed columns. Sums come back as the engine gives them (a string on PostgreSQL).
 */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely;
  }

  private day(column: string) {
    return localPart(this.db.engine, column, 'day');
  }

  async venueName(tenantId: number, venueId: number) {
    return (await this.k.selectFrom('venue').select('name').where('tenant_id', '=', tenantId).where('id', '=', venueId).executeTakeFirst())?.name;
  }

  userNames(tenantId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.k.selectFrom('users').select(['id', 'real_name', 'username']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  }

  // ---- Goods sale statistics ----

  private paidSales(scope: ReportScope) {
    return this.k
      .selectFrom('sale_order as o')
      .where('o.tenant_id', '=', scope.tenantId)
      .where('o.pay_state', 'in', PAID)
      .where('o.paid_at', '>=', scope.beginIso)
      .where('o.paid_at', '<=', scope.endIso)
      .where(scope.venues('o.venue_id'));
  }
  /** Orders, units (a correlated sum of the order's lines), money taken and refunded. */
  private static readonly saleFigures = [
    sql<string>`count(*)`.as('orders'),
    sql<string>`coalesce(sum((select sum(l.quantity) from sale_order_line l where l.order_id = o.id)), 0)`.as('quantity'),
    sql<string>`coalesce(sum(o.price_pay_fen), 0)`.as('fen'),
    sql<string>`coalesce(sum(o.refunded_fen), 0)`.as('refund_fen'),
  ];

  goodsOverview(scope: ReportScope) {
    return this.paidSales(scope).select(ReportRepository.saleFigures).executeTakeFirstOrThrow();
  }

  goodsByDay(scope: ReportScope) {
    const day = this.day('o.paid_at');
    return this.paidSales(scope)
      .select([day.as('day'), ...ReportRepository.saleFigures])
      .groupBy(day)
      .orderBy('day')
      .execute();
  }

  goodsByVenue(scope: ReportScope) {
    return this.paidSales(scope)
      .innerJoin('venue as v', 'v.id', 'o.venue_id')
      .select(['o.venue_id', (eb) => eb.fn.max('v.name').as('venue_name'), ...ReportRepository.saleFigures])
      .groupBy('o.venue_id')
      .orderBy('fen', 'desc')
      .execute();
  }

  goodsByGoods(scope: ReportScope) {
    return this.paidSales(scope)
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
  }

  goodsByOrderCount(scope: ReportScope) {
    return this.paidSales(scope)
      .innerJoin('sale_order_line as l', 'l.order_id', 'o.id')
      .select(['l.goods_id', (eb) => eb.fn.max('l.goods_name').as('goods_name'), sql<string>`count(distinct o.id)`.as('orders')])
      .groupBy('l.goods_id')
      .orderBy('orders', 'desc')
      .orderBy('l.goods_id')
      .execute();
  }

  // ---- Member cards ----

  /** Card orders paid per day, card type, kind and pay method (a split payment counts under each of its methods). */
  cardSaleByDay(scope: ReportScope) {
    const day = this.day('pr.paid_at');
    return this.k
      .selectFrom('pay_record as pr')
      .innerJoin('card_order as o', 'o.id', 'pr.order_id')
      .innerJoin('card_type as t', 't.id', 'o.card_type_id')
      .where('pr.tenant_id', '=', scope.tenantId)
      .where('pr.order_type', '=', member.CARD_ORDER_TYPE)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', scope.beginIso)
      .where('pr.paid_at', '<=', scope.endIso)
      .where('o.tenant_id', '=', scope.tenantId)
      .where(scope.venues('o.venue_id'))
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
  }

  // ---- Rentals ----

  leaseByDay(scope: ReportScope) {
    const day = this.day('o.paid_at');
    return this.k
      .selectFrom('lease_order as o')
      .where('o.tenant_id', '=', scope.tenantId)
      .where('o.pay_state', 'in', PAID)
      .where('o.paid_at', '>=', scope.beginIso)
      .where('o.paid_at', '<=', scope.endIso)
      .where(scope.venues('o.venue_id'))
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
  }

  // ---- Verifications ----

  /** Vouchers verified and not cancelled, ticket entries and lecture participants verified, per day and source, in one statement. */
  verifyByDay(scope: ReportScope) {
    const vDay = this.day('v.created_at');
    const tDay = this.day('c.checked_at');
    const lDay = this.day('p.checked_at');
    const vouchers = this.k
      .selectFrom('coupon_verification as v')
      .where('v.tenant_id', '=', scope.tenantId)
      .where('v.state', '=', 'V')
      .where('v.created_at', '>=', scope.beginIso)
      .where('v.created_at', '<=', scope.endIso)
      .where(scope.venues('v.venue_id'))
      .select([vDay.as('day'), sql<string>`'voucher'`.as('source'), sql<string>`count(*)`.as('count'), sql<string>`sum(v.pay_fen)`.as('fen')])
      .groupBy(vDay);
    const tickets = this.k
      .selectFrom('ticket_check as c')
      .innerJoin('ticket_detail as d', 'd.id', 'c.detail_id')
      .where('c.tenant_id', '=', scope.tenantId)
      .where('c.checked_at', '>=', scope.beginIso)
      .where('c.checked_at', '<=', scope.endIso)
      .where(scope.venues('c.venue_id'))
      .select([tDay.as('day'), sql<string>`'ticket'`.as('source'), sql<string>`count(*)`.as('count'), sql<string>`sum(d.price_pay_fen)`.as('fen')])
      .groupBy(tDay);
    const lectures = this.k
      .selectFrom('lecture_participant as p')
      .innerJoin('lecture_order as o', 'o.id', 'p.order_id')
      .where('p.tenant_id', '=', scope.tenantId)
      .where('p.state', '=', 'U')
      .where('p.checked_at', '>=', scope.beginIso)
      .where('p.checked_at', '<=', scope.endIso)
      .where(scope.venues('o.venue_id'))
      .select([lDay.as('day'), sql<string>`'lecture'`.as('source'), sql<string>`count(*)`.as('count'), sql<string>`sum(p.price_fen)`.as('fen')])
      .groupBy(lDay);
    return vouchers.unionAll(tickets).unionAll(lectures).execute();
  }

  // ---- 交班对账 ----

  /**
   * One day's money per cashier, business and pay method: paid parts the cashier took (by pay time) and
   * refunds the cashier gave back (by the time they finished), in one statement; `userId` keeps one cashier's.
   */
  shift(scope: ReportScope, userId: number | undefined) {
    const types = report.SHIFT_BUSINESS;
    const table = {
      GOODS_SALE: 'sale_order',
      GOODS_LEASE: 'lease_order',
      TICKET: 'ticket_order',
      TICKET_TIMEOUT: 'ticket_timeout_order',
      CARD_ORDER: 'card_order',
      FIELD: 'booking_order',
      COURSE: 'course_order',
    };
    // The order's venue, whichever kind it is (pay_record keeps none): one indexed lookup per row.
    const orderVenue = sql.join(
      types.map((t) => sql`when ${t} then (select x.venue_id from ${sql.table(table[t])} x where x.id = pr.order_id)`),
      sql` `,
    );
    const venueOfPay = sql`(case pr.order_type ${orderVenue} end)`;
    let paid = this.k
      .selectFrom('pay_record as pr')
      .where('pr.tenant_id', '=', scope.tenantId)
      .where('pr.order_type', 'in', types)
      .where('pr.state', '=', 'P')
      .where('pr.paid_at', '>=', scope.beginIso)
      .where('pr.paid_at', '<=', scope.endIso)
      .where('pr.created_by', 'is not', null)
      .where(scope.venues(venueOfPay))
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
      .where('rf.tenant_id', '=', scope.tenantId)
      .where('rf.order_type', 'in', types)
      .where('rf.state', '=', 'R')
      .where('p.state', '=', 'R')
      .where('rf.finished_at', '>=', scope.beginIso)
      .where('rf.finished_at', '<=', scope.endIso)
      .where(scope.venues('rf.venue_id'))
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
    return paid.unionAll(refunds).execute();
  }
}
