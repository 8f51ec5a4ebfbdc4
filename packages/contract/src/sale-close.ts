import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { id } from './common/fields.ts';

/** An unpaid order (pay state U or F) closed by hand or by the auto-close: order state C, pay state C. */
export const ORDER_CLOSED_MSG = '订单已关闭，不能支付';
export const CLOSE_PAID_REFUSED = '只能关闭未支付的订单';
export const CLOSE_PENDING_REFUSED = '订单支付结果未知，不能关闭，请先重新收款确认支付结果';
/** Minutes an unpaid order waits before the server closes it, unless the tenant sets another; 0 never closes. */
export const DEFAULT_AUTO_CLOSE_MINUTES = 30;
export const MAX_AUTO_CLOSE_MINUTES = 7 * 24 * 60;

export const closeOrder = defineCall({
  method: 'POST',
  path: 'goods/goodsSaleOrder/closeOrder',
  summary: '关闭未支付的销售订单（支付结果未知的订单不能关闭）',
  access: { permission: PERMISSIONS.goods.saleOrder.close },
  body: z.object({ orderId: id('订单') }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string() }),
});

const autoCloseMinutes = z
  .number({ error: '请输入自动关闭时间' })
  .int('自动关闭时间必须是整数分钟')
  .min(0, '自动关闭时间不能小于0')
  .max(MAX_AUTO_CLOSE_MINUTES, `自动关闭时间不能超过${MAX_AUTO_CLOSE_MINUTES}分钟`);
export const autoCloseSetting = z.object({ autoCloseMinutes });

export const getAutoClose = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/autoClose',
  summary: '未支付订单自动关闭时间（分钟，0 为不自动关闭）',
  access: { permission: PERMISSIONS.goods.saleOrder.list },
  response: autoCloseSetting,
});

export const setAutoClose = defineCall({
  method: 'PUT',
  path: 'goods/goodsSaleOrder/autoClose',
  summary: '设置未支付订单自动关闭时间（分钟，0 为不自动关闭）',
  access: { permission: PERMISSIONS.goods.saleOrder.autoClose },
  body: autoCloseSetting,
  response: autoCloseSetting,
});
