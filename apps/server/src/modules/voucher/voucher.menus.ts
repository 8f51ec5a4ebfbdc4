import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.marketing;
export const MARKETING_MENUS: MenuSeed = {
  title: '营销管理',
  path: 'marketing',
  icon: 'shopping',
  children: [
    {
      title: '核销记录',
      path: 'couponRecord',
      component: SCREENS.marketingCouponRecord,
      icon: 'book',
      permission: P.couponRecord.list,
      roles: ['cashier'],
      buttons: [
        ['快速核销', P.coupon.verify, ['cashier']],
        ['撤销核销', P.couponRecord.cancel, ['cashier']],
        ['导出核销记录', P.couponRecord.export],
        ['平台设置', P.couponConfig.edit],
      ],
    },
  ],
};
