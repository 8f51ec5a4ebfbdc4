import dayjs, { type Dayjs } from 'dayjs';
import type { Coupon, CallBody } from '@venue/contract';
import * as coupons from '@venue/contract/coupons';
import type { IssueMember, MemberCouponFilters, MemberCouponState } from '@venue/contract/coupons';

const T = coupons.COUPON_TEXTS;
type Fields = CallBody<typeof coupons.couponAdd>;

/** The edit dialog's values: the validity as a date range. */
export type CouponForm = Omit<Fields, 'beginDate' | 'endDate'> & { range?: [Dayjs, Dayjs] };

export const toForm = (c: Coupon): CouponForm => ({
  couponName: c.couponName,
  couponType: c.couponType,
  amount: c.amount ?? undefined,
  discount: c.discount ?? undefined,
  minSpend: c.minSpend,
  range: [dayjs(c.beginDate), dayjs(c.endDate)],
  venueIds: c.venueIds,
  totalQuantity: c.totalQuantity,
  perMemberLimit: c.perMemberLimit,
  state: c.state,
  remark: c.remark,
});

/** What the dialog sends: the value field of the chosen type only, the range as two days. */
export function toBody({ range, ...values }: CouponForm): Fields {
  const [begin, end] = range ?? [];
  return {
    ...values,
    amount: values.couponType === 'A' ? values.amount : undefined,
    discount: values.couponType === 'D' ? values.discount : undefined,
    beginDate: begin ? begin.format('YYYY-MM-DD') : '',
    endDate: end ? end.format('YYYY-MM-DD') : '',
  };
}

/** 850 -> "即 8.5折" under the discount box. */
export const discountHint = (perMille: number | null | undefined) =>
  perMille && perMille >= 1 && perMille <= 999 ? `即 ${coupons.discountText(perMille)}` : '填写千分比，如 850 即 8.5折';

export const remaining = (c: Pick<Coupon, 'totalQuantity' | 'issuedQuantity'>) => c.totalQuantity - c.issuedQuantity;
export const validityText = (c: Pick<Coupon, 'beginDate' | 'endDate'>) => `${c.beginDate} 至 ${c.endDate}`;

/**
 * Why 发放 cannot go ahead as chosen, in the words the server would use, or null: checked before asking
 * (the server checks again, in the transaction that issues).
 */
export function issueProblem(coupon: Coupon | undefined, members: IssueMember[], quantity: number): string | null {
  if (!coupon) return '请选择优惠券';
  if (!members.length) return T.chooseMembers;
  if (coupon.state !== 'A') return T.disabled;
  if (coupon.expired) return T.expired;
  const over = members.find((m) => m.held + quantity > coupon.perMemberLimit);
  if (over) return T.perMember(over.memberName, coupon.perMemberLimit);
  const need = members.length * quantity;
  if (need > remaining(coupon)) return `${T.soldOut}（剩余${remaining(coupon)}张，本次需要${need}张）`;
  return null;
}

export const MEMBER_COUPON_STATE_COLORS: Record<MemberCouponState, string> = { U: 'success', D: 'processing', E: 'warning', R: 'default' };

/** The record screen's search values as the query: the issue-date range as two days. */
export function recordFilters({ range, ...rest }: Record<string, unknown>): MemberCouponFilters {
  const [begin, end] = (range as [Dayjs, Dayjs] | undefined) ?? [];
  const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as MemberCouponFilters;
  return begin && end ? { ...filters, beginDate: begin.format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD') } : filters;
}
