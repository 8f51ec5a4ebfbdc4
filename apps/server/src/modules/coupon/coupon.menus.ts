import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.marketing;
/** 营销管理's coupon screens, after 核销记录. The demo cashier reads 领用记录 (a member asks about their coupons). */
export const COUPON_MENUS: MenuSeed[] = [
  {
    title: '优惠券管理',
    path: 'coupon',
    component: SCREENS.marketingCoupon,
    icon: 'gift',
    permission: P.venueCoupon.list,
    buttons: [
      ['新增优惠券', P.venueCoupon.add],
      ['修改优惠券', P.venueCoupon.edit],
    ],
  },
  {
    title: '发券',
    path: 'couponIssue',
    component: SCREENS.marketingCouponIssue,
    icon: 'team',
    permission: P.venueCoupon.issue,
  },
  {
    title: '领用记录',
    path: 'memberCoupon',
    component: SCREENS.marketingMemberCoupon,
    icon: 'book',
    permission: P.memberCoupon.list,
    roles: ['cashier'],
    buttons: [
      ['作废优惠券', P.memberCoupon.revoke],
      ['导出领用记录', P.memberCoupon.export],
    ],
  },
];
