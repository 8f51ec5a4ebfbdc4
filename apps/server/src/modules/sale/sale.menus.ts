import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

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
