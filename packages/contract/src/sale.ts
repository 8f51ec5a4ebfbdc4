import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, idList, idNumber, idParams, plainString } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { Msg } from './common/codes.ts';
import { forPayAnswer, forPayQuery, payRecord, payRequest, payResult } from './payment.ts';

export * from './sale-refund.ts';
export * from './sale-close.ts';

export const SALE_ORDER_TYPE = 'GOODS_SALE';
/** Order states (code table "Order state") and pay states ("Pay state") a sale order passes through. */
export const ORDER_STATE_LABELS: Record<string, string> = { P: '已创建未支付', A: '可使用', U: '已使用', E: '已完成', C: '已取消' };
export const PAY_STATE_LABELS: Record<string, string> = {
  U: '未支付',
  P: '已支付',
  C: '已关闭',
  N: '支付结果未知',
  F: '支付失败',
  FR: '全部退款',
  PR: '部分退款',
};
/** Kept under its first name for the price check of the sale service. */
export const EDIT_PRICE_PERMISSION = PERMISSIONS.goods.saleOrder.editPrice;

export const saleLine = z.object({
  detailId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price: z.number(),
  priceOrig: z.number(),
  pricePay: z.number(),
  /** Units refunded, or being refunded (a refund whose channel result is unknown). */
  refundedQuantity: z.number(),
});
export const saleOrder = z.object({
  orderId: z.number(),
  orderState: z.string(),
  payState: z.string(),
  source: z.string(),
  priceOrig: z.number(),
  pricePay: z.number(),
  totalPrice: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  cardNo: z.string().nullable(),
  createTime: z.string(),
  createName: z.string(),
  username: z.string(),
  remark: z.string(),
  details: z.array(saleLine),
  payRecords: z.array(payRecord),
  /** Code table "Refund type": U none, P partial, A full (what has been refunded). */
  refundType: z.string(),
  /** Code table "Refund state" of the order's refunds: P none, U one is unknown, else the last one's (R, F). */
  refundState: z.string(),
  /** Yuan refunded or being refunded; what is left to refund is pricePay minus this. */
  refundedAmount: z.number(),
});
export type SaleOrder = z.infer<typeof saleOrder>;

export const createOrder = defineCall({
  method: 'POST',
  path: 'goods/goodsSaleOrder/createOrder',
  summary: '创建商品销售订单（服务端计价）',
  access: { permission: PERMISSIONS.goods.saleOrder.add },
  body: z.object({
    details: z
      .array(
        z.object({
          goodsId: id('商品'),
          quantity: z.number({ error: '请输入数量' }).int('数量必须是整数').min(1, '数量至少为1').max(9999, '数量过大'),
          /** A changed paid unit price; accepted only with goods:saleOrder:editPrice. */
          pricePay: yuan('实收单价').optional(),
        }),
        { error: Msg.chooseGoods },
      )
      .min(1, Msg.chooseGoods)
      .max(100, '一单最多100种商品'),
    warehouseId: id('仓库'),
    memberId: idNumber().nullable().optional(),
    venueId: id('场馆'),
  }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});

export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/queryOrderForPay',
  summary: '按收款方式计算应付（折扣卡降低实收）',
  access: { permission: PERMISSIONS.goods.saleOrder.add },
  query: forPayQuery,
  response: forPayAnswer(saleLine),
});

export const payOrder = defineCall({
  method: 'POST',
  path: 'goods/goodsSaleOrder/payOrder',
  summary: '订单收款（200 成功、605 结果未知、606 失败；已支付订单不重复扣款）',
  access: { permission: PERMISSIONS.goods.saleOrder.add },
  body: payRequest,
  response: payResult,
});
export const payWithOrder = defineCall({
  method: 'POST',
  path: 'member/card/payWithOrder',
  summary: '会员卡直接支付订单',
  access: { permission: PERMISSIONS.goods.saleOrder.add },
  body: z.object({
    orderId: id('订单'),
    orderType: z.literal(SALE_ORDER_TYPE).default(SALE_ORDER_TYPE),
    cardIds: z.array(idNumber()).min(1, Msg.chooseCard).max(10),
    memberId: id('会员'),
  }),
  response: payResult,
});

export const orderById = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/id/{id}',
  summary: '销售订单详情',
  access: { permission: PERMISSIONS.goods.saleOrder.list },
  params: idParams,
  response: saleOrder,
});
export const saleQuery = listQuery.extend({
  beginTime: dateTime('beginTime').optional(),
  endTime: dateTime('endTime').optional(),
  orderState: plainString('订单状态').max(2).optional(),
  payState: plainString('支付状态').max(2).optional(),
  memberName: plainString('会员姓名').trim().max(50).optional(),
  createName: plainString('创建人').trim().max(50).optional(),
  orderId: id().optional(),
});
export const query = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/query',
  summary: '销售订单查询（当前场馆）',
  access: { permission: PERMISSIONS.goods.saleOrder.list },
  query: saleQuery,
  response: pageOf(saleOrder),
});
/** Receipts: the till prints after a payment (add), the order list reprints (list). */
export const getPrint = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/getPrintGoodsSaleOrder',
  summary: '销售小票数据',
  access: { anyOf: [PERMISSIONS.goods.saleOrder.add, PERMISSIONS.goods.saleOrder.list] },
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(saleOrder),
});
export const exportOrders = defineDownload({
  method: 'GET',
  path: 'goods/goodsSaleOrder/export',
  summary: '导出销售订单（.xlsx，条件同销售订单查询）',
  access: { permission: PERMISSIONS.goods.saleOrder.list },
  query: saleQuery.omit({ current: true, size: true, page: true }),
  fileName: '销售订单.xlsx',
  asciiName: 'sale-orders.xlsx',
});
