/**
 * The screens a menu entry may name as its component. The server's menu seed and the web app's view
 * table both key on these, so a menu cannot point at a screen the web app does not have.
 */
export const SCREENS = {
  systemUser: 'system/user/index',
  systemDict: 'system/dict/index',
  systemPayment: 'system/payment/index',
  systemVenue: 'system/venue/index',
  systemAudit: 'system/audit/index',
  goodsClassification: 'goods/classification/index',
  goodsWarehouse: 'goods/warehouse/index',
  goodsArchive: 'goods/archive/index',
  goodsStock: 'goods/stock/index',
  goodsSupplier: 'goods/supplier/index',
  goodsStockIn: 'goods/stockIn/index',
  goodsSaleOrder: 'goods/saleOrder/index',
  memberCard: 'member/card/index',
  memberReadCards: 'member/readCards/index',
  memberArchive: 'member/archive/index',
  gateArea: 'gate/area/index',
  gateController: 'gate/controller/index',
  gateGate: 'gate/gate/index',
  gatePass: 'gate/pass/index',
  gateCommand: 'gate/command/index',
  marketingCouponRecord: 'marketing/couponRecord/index',
  leaseGoods: 'lease/leaseGoodsArchive/index',
  leaseOrder: 'lease/leaseOrder/index',
  leaseDesk: 'lease/goodsLease/index',
  ticketType: 'ticket/type/index',
  ticketOrder: 'ticket/order/index',
} as const;

export type ScreenKey = (typeof SCREENS)[keyof typeof SCREENS];
