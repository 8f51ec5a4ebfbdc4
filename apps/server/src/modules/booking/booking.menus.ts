import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.booking;
/** 场地预订 (issue 35): the desk's grid and orders (the cashier's), the fields and prices and 场地利用率
 * (the back office's). */
export const BOOKING_MENUS: MenuSeed = {
  title: '场地预订',
  path: 'booking',
  icon: 'calendar',
  children: [
    {
      title: '场地预订',
      path: 'grid',
      component: SCREENS.bookingGrid,
      icon: 'schedule',
      permission: P.order.add,
      roles: ['cashier'],
      buttons: [
        ['场地占用', P.order.occupy],
        ['场地退订', P.order.cancel],
      ],
    },
    {
      title: '预订订单',
      path: 'order',
      component: SCREENS.bookingOrder,
      icon: 'list',
      permission: P.order.list,
      roles: ['cashier'],
      buttons: [['场地开场', P.check.check, ['cashier']]],
    },
    {
      title: '场地设置',
      path: 'field',
      component: SCREENS.bookingField,
      icon: 'setting',
      permission: P.field.list,
      buttons: [
        ['新增场地', P.field.add],
        ['修改场地', P.field.edit],
        ['场地价格', P.price.list],
        ['修改场地价格', P.price.edit],
        ['退订规则', P.setting.edit],
      ],
    },
    {
      title: '场地利用率',
      path: 'usage',
      component: SCREENS.bookingUsage,
      icon: 'chart',
      permission: P.field.list,
    },
  ],
};
