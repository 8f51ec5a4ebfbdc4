import type { Kysely } from 'kysely';
import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { Database } from '../db/tables.ts';
import type { MenuSeed } from './menus.ts';

/** 销售订单, a screen of the goods group (商品管理). The demo cashier sells and lists, but cannot change prices. */
export const SALE_ORDER_MENU: MenuSeed = {
  title: '销售订单',
  path: 'saleOrder',
  component: SCREENS.goodsSaleOrder,
  icon: 'cart',
  permission: PERMISSIONS.goods.saleOrder.list,
  roles: ['cashier'],
  buttons: [
    ['商品销售收款', PERMISSIONS.goods.saleOrder.add, ['cashier']],
    ['修改实收价', PERMISSIONS.goods.saleOrder.editPrice],
    // Refunds give money back: the back office's (admin), not the till's, like 修改实收价 and card refunds.
    ['销售退款', PERMISSIONS.goods.saleOrder.refund],
    // Closing an unpaid order moves nothing: the till's too. How long before the server closes them is the back office's.
    ['关闭订单', PERMISSIONS.goods.saleOrder.close, ['cashier']],
    ['自动关闭设置', PERMISSIONS.goods.saleOrder.autoClose],
  ],
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

/** The venue without 支付宝 in the demo, so the payment dialog shows that methods are per venue. */
export const NO_ALIPAY_VENUE = '滨江网球中心';
const METHODS: [payMode: string, payName: string, isApi: 'T' | 'F', icon: string][] = [
  ['cashpay', '现金', 'F', 'cash'],
  ['wechatpay', '微信', 'T', 'wechat'],
  ['alipay', '支付宝', 'T', 'alipay'],
  ['umspay', '银联商务', 'T', 'union'],
  ['bankpay', '银行卡', 'F', 'bank'],
];

/** Every venue's payment methods: cash, WeChat, Alipay (not in NO_ALIPAY_VENUE), UnionPay business, bank card. */
export async function seedPaymentMethods(db: Kysely<Database>, tenantId: number, venues: Map<string, number>, nowIso: string): Promise<void> {
  for (const [i, [payMode, payName, isApi, icon]] of METHODS.entries()) {
    const { id } = await db
      .insertInto('payment_method')
      .values({ tenant_id: tenantId, pay_mode: payMode, pay_name: payName, is_api: isApi, icon, state: 'A', sort: i + 1, created_at: nowIso })
      .returning('id')
      .executeTakeFirstOrThrow();
    const venueIds = [...venues].filter(([name]) => payMode !== 'alipay' || name !== NO_ALIPAY_VENUE).map(([, venueId]) => venueId);
    if (venueIds.length)
      await db
        .insertInto('payment_method_venue')
        .values(venueIds.map((venue_id) => ({ tenant_id: tenantId, method_id: id, venue_id })))
        .execute();
  }
}
