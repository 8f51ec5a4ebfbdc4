import { randomInt } from 'node:crypto';
import { fenToYuan, type Coupon, type MemberCoupon } from '@venue/contract';
import type { CouponRow, CouponVenue, MemberCouponRow } from './coupon.repository.ts';

type ValueColumns = Pick<CouponRow, 'coupon_type' | 'amount_fen' | 'discount' | 'min_spend_fen' | 'begin_date' | 'end_date'>;
/** What a coupon gives and when, in yuan: the same on a definition and on a member's coupon. */
const valueOf = (r: ValueColumns) => ({
  couponType: r.coupon_type,
  amount: r.amount_fen === null ? null : fenToYuan(r.amount_fen),
  discount: r.discount,
  minSpend: fenToYuan(r.min_spend_fen),
  beginDate: r.begin_date,
  endDate: r.end_date,
});

export const toCoupon = (r: CouponRow, venues: CouponVenue[], today: string): Coupon => {
  const own = venues.filter((v) => v.coupon_id === r.id);
  return {
    couponId: r.id,
    couponName: r.name,
    ...valueOf(r),
    venueIds: own.map((v) => v.venue_id),
    venueNames: own.map((v) => v.venue_name),
    totalQuantity: r.total_quantity,
    issuedQuantity: r.issued_quantity,
    usedQuantity: r.used_quantity,
    perMemberLimit: r.per_member_limit,
    state: r.state,
    expired: r.end_date < today,
    remark: r.remark,
    createTime: r.created_at,
  };
};

export const toMemberCoupon = (r: MemberCouponRow, today: string): MemberCoupon => ({
  memberCouponId: r.id,
  code: r.code,
  couponId: r.coupon_id,
  couponName: r.coupon_name,
  ...valueOf(r),
  memberId: r.member_id,
  memberName: r.member_name,
  phone: r.phone,
  state: r.state === 'U' && r.end_date < today ? 'E' : r.state,
  issueTime: r.issued_at,
  issueUserName: r.issued_by_name,
  useTime: r.used_at,
  useVenueName: r.used_venue_name,
  useOrderNo: r.used_order_no,
  revokeTime: r.revoked_at,
  revokeUserName: r.revoked_by_name,
  revokeReason: r.revoke_reason,
  remark: r.remark,
});

/** A coupon's own code: 12 random digits after YH (collisions meet the (tenant, code) unique index). */
export const newCouponCode = () => `YH${String(randomInt(0, 1e12)).padStart(12, '0')}`;
