import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.lease;
/** 租赁管理: the lease goods archive and the lease orders. The demo cashier rents out and takes returns. */
export const LEASE_MENUS: MenuSeed = {
  title: '租赁管理',
  path: 'lease',
  icon: 'gift',
  children: [
    {
      title: '商品租赁',
      path: 'goodsLease',
      component: SCREENS.leaseDesk,
      icon: 'shop',
      permission: P.order.add,
      roles: ['cashier'],
    },
    {
      title: '租赁商品档案',
      path: 'leaseGoodsArchive',
      component: SCREENS.leaseGoods,
      icon: 'appstore',
      permission: P.goods.list,
      roles: ['cashier'],
      buttons: [
        ['新增租赁商品', P.goods.add],
        ['修改租赁商品', P.goods.edit],
      ],
    },
    {
      title: '租赁订单',
      path: 'leaseOrder',
      component: SCREENS.leaseOrder,
      icon: 'cart',
      permission: P.order.list,
      roles: ['cashier'],
      buttons: [['租赁归还', P.order.return, ['cashier']]],
    },
  ],
};
