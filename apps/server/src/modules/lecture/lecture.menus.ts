import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.lecture;
export const LECTURE_MENUS: MenuSeed = {
  title: '讲座管理',
  path: 'lecture',
  icon: 'education',
  children: [
    {
      title: '讲座报名',
      path: 'order',
      component: SCREENS.lectureOrder,
      icon: 'shopping',
      permission: P.order.list,
      roles: ['cashier'],
      buttons: [
        ['讲座报名收款', P.order.add, ['cashier']],
        ['讲座退款', P.order.refund],
        ['讲座核销', P.check.check, ['cashier']],
      ],
    },
    {
      title: '讲座活动',
      path: 'lecture',
      component: SCREENS.lecture,
      icon: 'list',
      permission: P.lecture.list,
      buttons: [
        ['新增讲座', P.lecture.add],
        ['修改讲座', P.lecture.edit],
      ],
    },
  ],
};
