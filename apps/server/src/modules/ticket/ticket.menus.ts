import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.ticket;
export const TICKET_MENUS: MenuSeed = {
  title: '票务管理',
  path: 'ticket',
  icon: 'documentation',
  children: [
    {
      title: '售票',
      path: 'order',
      component: SCREENS.ticketOrder,
      icon: 'shopping',
      permission: P.order.list,
      roles: ['cashier'],
      buttons: [
        ['售票收款', P.order.add, ['cashier']],
        ['售票退款', P.order.refund],
        ['票据核销', P.check.check, ['cashier']],
      ],
    },
    {
      title: '票种管理',
      path: 'type',
      component: SCREENS.ticketType,
      icon: 'list',
      permission: P.type.list,
      buttons: [
        ['新增票种', P.type.add],
        ['修改票种', P.type.edit],
      ],
    },
  ],
};
