import { coupons, yuanToFen, type BodyOut, type Coupon, type MemberCoupon, type QueryOut, chinaText } from '@venue/contract';
import type { IssueMember, MemberCouponFilters } from '@venue/contract/coupons';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound, refuse } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/paging.ts';
import { maskPersonal } from '../../lib/personal.ts';
import { assertVenue, seesPersonalData, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { newCouponCode, toCoupon, toMemberCoupon } from './coupon.mapper.ts';
import type { CouponRepository, CouponRow } from './coupon.repository.ts';
import type { Executor } from '../../db/database.ts';

const T = coupons.COUPON_TEXTS;
type Fields = BodyOut<typeof coupons.couponAdd>;
const EXPORT_BATCH = 500;

const valueColumns = (f: Fields) => ({
  coupon_type: f.couponType,
  amount_fen: f.couponType === 'A' ? yuanToFen(f.amount ?? 0) : null,
  discount: f.couponType === 'D' ? (f.discount ?? null) : null,
  min_spend_fen: yuanToFen(f.minSpend),
});
const columns = (f: Fields) => ({
  name: f.couponName,
  ...valueColumns(f),
  begin_date: f.beginDate,
  end_date: f.endDate,
  total_quantity: f.totalQuantity,
  per_member_limit: f.perMemberLimit,
  state: f.state,
  remark: f.remark ?? '',
});
/** What an audit entry keeps of a coupon (not the venue names: the ids say it). */
const audited = (c: Coupon) => {
  const { venueNames: _names, createTime: _created, expired: _expired, ...rest } = c;
  return rest;
};

/** 优惠券管理, 发券 and 领用记录: every change in one transaction with its audit entry. */
export class CouponService {
  constructor(
    private readonly repo: CouponRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Today in Asia/Shanghai, "YYYY-MM-DD": a coupon's dates are days there. */
  private today() {
    return chinaText(this.clock.now()).slice(0, 10);
  }

  private async withVenues(rows: CouponRow[], db?: Executor): Promise<Coupon[]> {
    const venues = await this.repo.venuesOf(
      rows.map((r) => r.id),
      db,
    );
    const today = this.today();
    return rows.map((r) => toCoupon(r, venues, today));
  }

  async page(s: UserSession, q: QueryOut<typeof coupons.couponQuery>) {
    assertVenue(s, q.venueId);
    const page = await this.repo.couponPage(s, { name: q.couponName, type: q.couponType, state: q.state, venueId: q.venueId }, pageWindow(q));
    return { total: page.total, records: await this.withVenues(page.records) };
  }

  async options(s: UserSession, issuable: boolean): Promise<Coupon[]> {
    return this.withVenues(await this.repo.couponList(s, issuable ? { issuableOn: this.today() } : {}));
  }

  async get(s: UserSession, id: number, db?: Executor): Promise<Coupon> {
    const [row] = await this.repo.couponList(s, { ids: [id] }, db);
    if (!row) throw notFound(T.notFound);
    return (await this.withVenues([row], db))[0];
  }

  private async checkVenues(s: UserSession, venueIds: number[]) {
    assertVenue(s, ...venueIds);
    if ((await this.repo.tenantVenueCount(s.tenantId, [...new Set(venueIds)])) !== new Set(venueIds).size) throw notFound('场馆不存在');
  }

  async add(s: UserSession, b: Fields): Promise<Coupon> {
    await this.checkVenues(s, b.venueIds);
    return this.repo.transaction(async (trx) => {
      const id = await this.repo.insertCoupon(trx, { tenant_id: s.tenantId, ...columns(b), created_by: s.userId, created_at: iso(this.clock.now()) }, [
        ...new Set(b.venueIds),
      ]);
      const after = await this.get(s, id, trx);
      await this.audit.record(trx, s, { action: 'coupon.add', target: `优惠券 ${id} ${after.couponName}`, before: null, after: audited(after) });
      return after;
    });
  }

  async edit(s: UserSession, b: BodyOut<typeof coupons.couponEdit>): Promise<Coupon> {
    const before = await this.get(s, b.couponId);
    // Every venue it had and will have must be the caller's: a venue-limited user cannot take a coupon from another venue.
    assertVenue(s, ...before.venueIds);
    await this.checkVenues(s, b.venueIds);
    const value = valueColumns(b);
    const changed =
      value.coupon_type !== before.couponType ||
      value.amount_fen !== (before.amount === null ? null : yuanToFen(before.amount)) ||
      value.discount !== before.discount ||
      value.min_spend_fen !== yuanToFen(before.minSpend);
    if (changed && (await this.repo.everIssued(s.tenantId, b.couponId))) throw refuse(T.valueLocked);
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.updateCoupon(trx, s.tenantId, b.couponId, columns(b)))) {
        const now = await this.get(s, b.couponId, trx);
        throw refuse(T.totalBelowIssued(now.issuedQuantity));
      }
      await this.repo.setVenues(trx, s.tenantId, b.couponId, [...new Set(b.venueIds)]);
      const after = await this.get(s, b.couponId, trx);
      await this.audit.record(trx, s, {
        action: 'coupon.edit',
        target: `优惠券 ${b.couponId} ${after.couponName}`,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
  }

  async setState(s: UserSession, b: BodyOut<typeof coupons.couponState>): Promise<Coupon> {
    const before = await this.get(s, b.couponId);
    assertVenue(s, ...before.venueIds);
    return this.repo.transaction(async (trx) => {
      await this.repo.updateCoupon(trx, s.tenantId, b.couponId, { state: b.state });
      const after = await this.get(s, b.couponId, trx);
      await this.audit.record(trx, s, {
        action: 'coupon.state',
        target: `优惠券 ${b.couponId} ${after.couponName}`,
        before: { state: before.state },
        after: { state: after.state },
      });
      return after;
    });
  }

  async members(s: UserSession, q: QueryOut<typeof coupons.issueMembers>): Promise<IssueMember[]> {
    if (q.couponId) await this.get(s, q.couponId);
    const rows = await this.repo.searchMembers(s.tenantId, q.keyword, q.couponId);
    return rows.map((r) => ({ memberId: r.id, memberName: r.name, phone: r.phone, held: Number(r.held) }));
  }

  /**
   * 发券: takes members × quantity off the remaining quantity and checks each member's limit in one
   * transaction, so racing issues never pass the total nor a member's limit.
   */
  async issue(s: UserSession, b: BodyOut<typeof coupons.issue>) {
    const coupon = await this.get(s, b.couponId);
    const today = this.today();
    const n = b.memberIds.length * b.quantity;
    return this.repo.transaction(async (trx) => {
      const members = await this.repo.members(s.tenantId, b.memberIds, trx);
      if (members.length !== b.memberIds.length) throw notFound(T.memberNotFound);
      if (!(await this.repo.take(trx, s.tenantId, b.couponId, n, today))) {
        const now = await this.get(s, b.couponId, trx);
        throw refuse(now.state !== 'A' ? T.disabled : now.expired ? T.expired : T.soldOut);
      }
      const held = await this.repo.heldBy(trx, s.tenantId, b.couponId, b.memberIds);
      const over = members.find((m) => (held.get(m.id) ?? 0) + b.quantity > coupon.perMemberLimit);
      if (over) throw refuse(T.perMember(over.name, coupon.perMemberLimit));
      const at = iso(this.clock.now());
      const ids = await this.repo.insertMemberCoupons(
        trx,
        b.memberIds.flatMap((memberId) =>
          Array.from({ length: b.quantity }, () => ({
            tenant_id: s.tenantId,
            coupon_id: b.couponId,
            member_id: memberId,
            code: newCouponCode(),
            state: 'U' as const,
            remark: b.remark ?? '',
            issued_by: s.userId,
            issued_by_name: s.username,
            issued_at: at,
          })),
        ),
      );
      const names = new Map(members.map((m) => [m.id, m.name]));
      await this.audit.record(trx, s, {
        action: 'coupon.issue',
        target: `优惠券 ${coupon.couponId} ${coupon.couponName}`,
        before: { issuedQuantity: coupon.issuedQuantity },
        after: { issued: n, quantity: b.quantity, members: b.memberIds.map((id) => `${id} ${names.get(id)}`) },
      });
      const rows = await this.repo.memberCoupons(s, { ids }, today, undefined, trx);
      return { issued: n, coupons: rows.map((r) => toMemberCoupon(r, today)) };
    });
  }

  async records(s: UserSession, q: QueryOut<typeof coupons.recordQuery>) {
    const today = this.today();
    const [total, rows] = await Promise.all([this.repo.countMemberCoupons(s, q, today), this.repo.memberCoupons(s, q, today, pageWindow(q))]);
    return { total, records: rows.map((r) => toMemberCoupon(r, today)) };
  }

  async *exportBatches(s: UserSession, q: MemberCouponFilters): AsyncGenerator<MemberCoupon[]> {
    const today = this.today();
    const shown = seesPersonalData(s) ? (coupon: MemberCoupon) => coupon : maskPersonal;
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await this.repo.memberCoupons(s, q, today, { offset, limit: EXPORT_BATCH });
      // the file shows phones as recordQuery answers them (the route masks those)
      if (rows.length) yield rows.map((r) => shown(toMemberCoupon(r, today)));
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  /** 作废: an unused, unexpired coupon only; its quantity goes back to the definition. */
  async revoke(s: UserSession, b: BodyOut<typeof coupons.revoke>): Promise<MemberCoupon> {
    const today = this.today();
    const [row] = await this.repo.memberCoupons(s, { ids: [b.memberCouponId] }, today);
    if (!row) throw notFound(T.memberCouponNotFound);
    const before = toMemberCoupon(row, today);
    if (before.state !== 'U') throw refuse(T.onlyUnused);
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.markRevoked(trx, s.tenantId, row.id, s.username, iso(this.clock.now()), b.reason || null))) throw refuse(T.onlyUnused);
      await this.repo.giveBack(trx, s.tenantId, row.coupon_id);
      const [done] = await this.repo.memberCoupons(s, { ids: [row.id] }, today, undefined, trx);
      const after = toMemberCoupon(done, today);
      await this.audit.record(trx, s, {
        action: 'coupon.revoke',
        target: `优惠券 ${row.code}（${row.member_name}）`,
        before: { state: before.state },
        after: { state: after.state, reason: after.revokeReason },
      });
      return after;
    });
  }
}
