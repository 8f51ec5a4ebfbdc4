import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.report;
/** 报表中心 (issue 21): every report screen; the demo cashier gets 交班对账 for its own day. */
export const REPORT_MENUS: MenuSeed = {
  title: '报表中心',
  path: 'report',
  icon: 'chart',
  children: [
    { title: '商品销售统计', path: 'goods', component: SCREENS.reportGoods, icon: 'chart', permission: P.goods, buttons: [['导出报表', P.export]] },
    { title: '票务销售统计', path: 'ticket', component: SCREENS.reportTicket, icon: 'chart', permission: P.ticket },
    { title: '会员卡报表', path: 'card', component: SCREENS.reportCard, icon: 'chart', permission: P.card },
    { title: '租赁报表', path: 'lease', component: SCREENS.reportLease, icon: 'chart', permission: P.lease },
    { title: '核销报表', path: 'verify', component: SCREENS.reportVerify, icon: 'chart', permission: P.verify },
    {
      title: '交班对账',
      path: 'shift',
      component: SCREENS.reportShift,
      icon: 'wallet',
      permission: P.shift,
      roles: ['cashier'],
      buttons: [['查看全部收银员', P.shiftAll]],
    },
  ],
};
