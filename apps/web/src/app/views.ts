import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The screens a menu entry may name as its component, each loaded in its own chunk.
 * A component not listed here shows /404 (never a blank page).
 */
export const views: Record<string, LazyExoticComponent<ComponentType>> = {
  'system/user/index': lazy(() => import('@/features/system/pages/UserPage')),
  'system/dict/index': lazy(() => import('@/features/system/pages/DictPage')),
  'goods/classification/index': lazy(() => import('@/features/goods/pages/ClassificationPage')),
  'goods/warehouse/index': lazy(() => import('@/features/goods/pages/WarehousePage')),
  'goods/archive/index': lazy(() => import('@/features/goods/pages/GoodsArchivePage')),
  'goods/stock/index': lazy(() => import('@/features/goods/pages/StockPage')),
  'goods/supplier/index': lazy(() => import('@/features/goods/pages/SupplierPage')),
  'goods/saleOrder/index': lazy(() => import('@/features/cashier/pages/SaleOrderPage')),
  'system/payment/index': lazy(() => import('@/features/cashier/pages/PaymentMethodPage')),
  'member/card/index': lazy(() => import('@/features/member-card/pages/MemberCardPage')),
  'goods/stockIn/index': lazy(() => import('@/features/goods/pages/StockInPage')),
};
