import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { id } from './common/fields.ts';
import { orderRefund, refundRequest } from './order-refund.ts';

export * from './order-refund.ts';
/** A sale order's refund is an order refund. */
export const saleRefund = orderRefund;
export type SaleRefund = z.infer<typeof saleRefund>;

export const refundOrder = defineCall({
  method: 'POST',
  path: 'goods/goodsSaleOrder/refundOrder',
  summary: '销售订单退款（整单或按商品行；原路退回或其他方式；渠道结果未知时退款状态为 U，可再查询）',
  access: { permission: PERMISSIONS.goods.saleOrder.refund },
  body: refundRequest,
  response: saleRefund,
});

export const orderRefunds = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/refunds',
  summary: '销售订单的退款记录（退款单）',
  access: { anyOf: [PERMISSIONS.goods.saleOrder.list, PERMISSIONS.goods.saleOrder.refund] },
  query: z.object({ orderId: id('订单') }),
  response: z.array(saleRefund),
});

export const queryRefund = defineCall({
  method: 'POST',
  path: 'goods/goodsSaleOrder/queryRefund',
  summary: '查询结果未知的退款：渠道已退则完成退款，未退则退款失败、可重新退款',
  access: { permission: PERMISSIONS.goods.saleOrder.refund },
  body: z.object({ refundId: id('退款单') }),
  response: saleRefund,
});
