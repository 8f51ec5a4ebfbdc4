import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@venue/contract';
import * as coupons from '@venue/contract/coupons';
import { discountHint, issueProblem, recordFilters, toBody, toForm } from './coupon-view';

const coupon: Coupon = {
  couponId: 1,
  couponName: '满100减20元券',
  couponType: 'A',
  amount: 20,
  discount: null,
  minSpend: 100,
  beginDate: '2026-11-01',
  endDate: '2027-02-01',
  venueIds: [1, 2],
  venueNames: ['城东羽毛球馆', '城东游泳馆'],
  totalQuantity: 10,
  issuedQuantity: 7,
  usedQuantity: 0,
  perMemberLimit: 2,
  state: 'A',
  expired: false,
  remark: '',
  createTime: '2026-11-01T00:00:00.000Z',
};
const member = (memberName: string, held = 0) => ({ memberId: memberName.length, memberName, phone: '138****0001', held });

describe('coupon texts', () => {
  it('says what a coupon gives as 满减 or 折扣, with or without a threshold', () => {
    expect(coupons.couponValueText(coupon)).toBe('满100减20');
    expect(coupons.couponValueText({ ...coupon, minSpend: 0, amount: 10 })).toBe('无门槛减10元');
    expect(coupons.couponValueText({ ...coupon, couponType: 'D', amount: null, discount: 850, minSpend: 0 })).toBe('8.5折');
    expect(coupons.couponValueText({ ...coupon, couponType: 'D', amount: null, discount: 800, minSpend: 50 })).toBe('满50享8折');
    expect(discountHint(875)).toBe('即 8.75折');
    expect(discountHint(undefined)).toBe('填写千分比，如 850 即 8.5折');
  });
});

describe('the edit dialog', () => {
  it('round-trips a coupon through the form, sending only the chosen type’s value and the range as days', () => {
    const form = toForm(coupon);
    expect(form.range?.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-01', '2027-02-01']);
    expect(toBody(form)).toMatchObject({ couponType: 'A', amount: 20, discount: undefined, beginDate: '2026-11-01', endDate: '2027-02-01', venueIds: [1, 2] });
    expect(toBody({ ...form, couponType: 'D', discount: 900 })).toMatchObject({ amount: undefined, discount: 900 });
  });
});

describe('发券 before asking', () => {
  it('refuses no coupon, no members, a disabled or expired coupon, a member at the limit, and more than remain', () => {
    expect(issueProblem(undefined, [member('张三')], 1)).toBe('请选择优惠券');
    expect(issueProblem(coupon, [], 1)).toBe('请选择会员');
    expect(issueProblem({ ...coupon, state: 'S' }, [member('张三')], 1)).toBe('优惠券已停用，不能发放');
    expect(issueProblem({ ...coupon, expired: true }, [member('张三')], 1)).toBe('优惠券已过期，不能发放');
    expect(issueProblem(coupon, [member('张三', 1)], 2)).toBe('会员「张三」已达到每人限领数量（2张）');
    expect(issueProblem(coupon, [member('张三'), member('李四四')], 2)).toBe('优惠券剩余数量不足（剩余3张，本次需要4张）');
    expect(issueProblem(coupon, [member('张三'), member('李四四'), member('王五五五')], 1)).toBeNull();
  });
});

describe('领用记录 filters', () => {
  it('turns the issue-date range into two days and drops empty fields', () => {
    expect(recordFilters({ keyword: '张三', code: '', state: undefined, range: [dayjs('2026-11-01'), dayjs('2026-11-24')] })).toEqual({
      keyword: '张三',
      beginDate: '2026-11-01',
      endDate: '2026-11-24',
    });
    expect(recordFilters({ state: 'R' })).toEqual({ state: 'R' });
  });
});
