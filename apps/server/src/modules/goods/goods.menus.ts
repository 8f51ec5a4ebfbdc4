import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

export const GOODS_MENUS: MenuSeed = {
  title: '商品管理',
  path: 'goods',
  icon: 'shop',
  children: [
    {
      title: '商品分类',
      path: 'classification',
      component: SCREENS.goodsClassification,
      icon: 'appstore',
      permission: PERMISSIONS.goods.classification.list,
      buttons: [
        ['新增分类', PERMISSIONS.goods.classification.add],
        ['修改分类', PERMISSIONS.goods.classification.edit],
      ],
    },
    {
      title: '仓库管理',
      path: 'warehouse',
      component: SCREENS.goodsWarehouse,
      icon: 'database',
      permission: PERMISSIONS.goods.warehouse.list,
      buttons: [
        ['新增仓库', PERMISSIONS.goods.warehouse.add],
        ['修改仓库', PERMISSIONS.goods.warehouse.edit],
      ],
    },
    {
      title: '商品档案',
      path: 'archive',
      component: SCREENS.goodsArchive,
      icon: 'gift',
      permission: PERMISSIONS.goods.archive.list,
      roles: ['cashier'],
      buttons: [
        ['新增商品', PERMISSIONS.goods.archive.add],
        ['修改商品', PERMISSIONS.goods.archive.edit],
      ],
    },
    {
      title: '库存查询',
      path: 'stock',
      component: SCREENS.goodsStock,
      icon: 'database',
      permission: PERMISSIONS.goods.stock.list,
      roles: ['cashier'],
      buttons: [['库存调整', PERMISSIONS.goods.stock.adjust]],
    },
    {
      title: '供应商',
      path: 'supplier',
      component: SCREENS.goodsSupplier,
      icon: 'team',
      permission: PERMISSIONS.goods.supplier.list,
      buttons: [
        ['新增供应商', PERMISSIONS.goods.supplier.add],
        ['修改供应商', PERMISSIONS.goods.supplier.edit],
      ],
    },
    {
      title: '进货',
      path: 'stockIn',
      component: SCREENS.goodsStockIn,
      icon: 'cart',
      permission: PERMISSIONS.goods.stockIn.list,
      buttons: [
        ['新建进货单', PERMISSIONS.goods.stockIn.add],
        ['审核进货单', PERMISSIONS.goods.stockIn.review],
      ],
    },
  ],
};
