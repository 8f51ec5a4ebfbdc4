import { sql } from 'kysely';
import { fenToYuan, PERMISSIONS, report, chinaToIso } from '@venue/contract';
import { forbidden, notFound, refuse } from '../../lib/errors.ts';
import { assertVenue, inUserVenues, type UserSession } from '../../plugins/session.ts';
import { daysOf } from '../board/periods.ts';
import type { ReportRepository, ReportScope } from './report.repository.ts';

type Range = { beginDate: string; endDate: string; venueId?: number };
const n = (v: number | string | null | undefined) => Number(v ?? 0);
const yuan = (fen: number | string | null | undefined) => fenToYuan(n(fen));
const figures = (r: { orders: string | number; quantity: string | number; fen: string | number; refund_fen: string | number }) => ({
  orders: n(r.orders),
  quantity: n(r.quantity),
  amount: yuan(r.fen),
  refund: yuan(r.refund_fen),
  net: yuan(n(r.fen) - n(r.refund_fen)),
});

/**
 * The reports' figures: the range and venue checked, the repository's grouped statements over the
 * tenant, the caller's venues (or the one asked for) and the China days of the range, and their rows in
 * the API's units.
 */
export class ReportService {
  constructor(private readonly repo: ReportRepository) {}

  /** The scope of a report, after refusing a reversed or too long range and a venue not the caller's. */
  private async scope(s: UserSession, q: Range): Promise<ReportScope> {
    if (q.beginDate > q.endDate) throw refuse(report.REPORT_TEXTS.beginAfterEnd);
    if (daysOf(q.beginDate, q.endDate).length > report.MAX_REPORT_DAYS) throw refuse(report.REPORT_TEXTS.tooLong);
    assertVenue(s, q.venueId);
    if (q.venueId && !(await this.repo.venueName(s.tenantId, q.venueId))) throw notFound('场馆不存在');
    const { venueId } = q;
    return {
      tenantId: s.tenantId,
      beginIso: chinaToIso(q.beginDate),
      endIso: chinaToIso(q.endDate, true),
      // The venue asked for, or the caller's venues.
      venues: (column) => (venueId ? sql<boolean>`${typeof column === 'string' ? sql.ref(column) : column} = ${venueId}` : inUserVenues(s, column)),
    };
  }

  // ---- Goods sale statistics ----

  async goodsOverview(s: UserSession, q: Range) {
    return figures(await this.repo.goodsOverview(await this.scope(s, q)));
  }

  async goodsByDay(s: UserSession, q: Range) {
    const rows = await this.repo.goodsByDay(await this.scope(s, q));
    return rows.map((r) => ({ day: r.day, ...figures(r) }));
  }

  async goodsByVenue(s: UserSession, q: Range) {
    const rows = await this.repo.goodsByVenue(await this.scope(s, q));
    return rows.map((r) => ({ venueId: r.venue_id, venueName: r.venue_name, ...figures(r) }));
  }

  async goodsByGoods(s: UserSession, q: Range) {
    const rows = await this.repo.goodsByGoods(await this.scope(s, q));
    return rows.map((r) => ({ goodsId: r.goods_id, goodsName: r.goods_name, quantity: n(r.quantity), refundQuantity: n(r.refunded), amount: yuan(r.fen) }));
  }

  async goodsByOrderCount(s: UserSession, q: Range) {
    const rows = await this.repo.goodsByOrderCount(await this.scope(s, q));
    return rows.map((r) => ({ goodsId: r.goods_id, goodsName: r.goods_name, orderCount: n(r.orders) }));
  }

  // ---- Member cards ----

  async cardSaleByDay(s: UserSession, q: Range) {
    const rows = await this.repo.cardSaleByDay(await this.scope(s, q));
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
    const rows = await this.repo.leaseByDay(await this.scope(s, q));
    return rows.map((x) => ({ day: x.day, orders: n(x.orders), rent: yuan(x.rent), deposit: yuan(x.deposit), amount: yuan(x.fen), refund: yuan(x.refund) }));
  }

  // ---- Verifications ----

  /** Vouchers verified and not cancelled (by the day the desk verified them), ticket entries and lecture participants verified: every source the 首页 board counts. */
  async verifyByDay(s: UserSession, q: Range) {
    const rows = await this.repo.verifyByDay(await this.scope(s, q));
    return rows
      .map((x) => ({ day: x.day, source: x.source as report.VerifySource, count: n(x.count), amount: yuan(x.fen) }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source));
  }

  // ---- 交班对账 ----

  /** One day's money per cashier, business and pay method. A cashier without report:shift:all reads only their own. */
  async shift(s: UserSession, q: { date: string; venueId?: number; userId?: number }) {
    const scope = await this.scope(s, { beginDate: q.date, endDate: q.date, venueId: q.venueId });
    const mayAll = s.isAdmin || s.permissions.includes(PERMISSIONS.report.shiftAll);
    if (q.userId && q.userId !== s.userId && !mayAll) throw forbidden();
    const types = report.SHIFT_BUSINESS;
    const rows = await this.repo.shift(scope, q.userId ?? (mayAll ? undefined : s.userId));
    const users = await this.repo.userNames(s.tenantId, [...new Set(rows.map((x) => Number(x.user_id)))]);
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
    return { date: q.date, venueName: q.venueId ? ((await this.repo.venueName(s.tenantId, q.venueId)) ?? '') : '全部场馆', rows: list };
  }
}
