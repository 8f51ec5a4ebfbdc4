import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 支付对账, a screen of the system group: each day's platform bills against the venue's payments and refunds. */
export const PAY_RECONCILE_MENU: MenuSeed = {
  title: '支付对账',
  path: 'payReconcile',
  component: SCREENS.systemPayReconcile,
  icon: 'audit',
  permission: PERMISSIONS.system.payment.reconcile,
};

/** 支付方式, a screen of the system group (系统管理), with the receipt print setting. */
export const PAYMENT_MENU: MenuSeed = {
  title: '支付方式',
  path: 'payment',
  component: SCREENS.systemPayment,
  icon: 'wallet',
  permission: PERMISSIONS.system.payment.list,
  buttons: [
    ['新增支付方式', PERMISSIONS.system.payment.add],
    ['修改支付方式', PERMISSIONS.system.payment.edit],
    ['删除支付方式', PERMISSIONS.system.payment.del],
    ['小票打印设置', PERMISSIONS.system.print.edit],
  ],
};
