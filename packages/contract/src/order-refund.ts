import { z } from 'zod';
import { id, idNumber, plainString, remarkText } from './common/fields.ts';
import { MAX_QUANTITY } from './common/money.ts';

/** Code table "Refund type" on an order: U none, P partial, A full. */
export const REFUND_TYPE_LABELS: Record<string, string> = { U: '无退款', P: '部分退款', A: '全额退款' };
/** Code table "Refund route": T back the way it was paid, F another way (cash or a cash-like method). */
export const REFUND_ROUTES = ['T', 'F'] as const;
export const REFUND_ROUTE_LABELS: Record<string, string> = { T: '原路退回', F: '其他方式' };
/**
 * Code table "Refund state": P not refunded (an order without refunds), U unknown (the channel has not
 * answered yet: query it again), R refunded, F failed (nothing was given back).
 */
export const REFUND_STATE_LABELS: Record<string, string> = { P: '未退款', U: '退款结果未知', R: '已退款', F: '退款失败' };
/** The pay state a refund may start from: paid, or partly refunded. */
export const REFUNDABLE_PAY_STATES: readonly string[] = ['P', 'PR'];
/** A refund part of route F is given back by one of these hand-settled methods (no outside channel can refund a trade it never saw). */
export const REFUND_OTHER_MODES = ['cashpay', 'bankpay', 'transferpay'] as const;

export const refundMsg = {
  notPaid: '只有已支付或部分退款的订单可以退款',
  nothingLeft: '该订单已全额退款',
  nothingChosen: '请选择要退款的商品和数量',
  unknown: '退款结果未知，请稍后在退款记录中点击「查询」',
  failed: (reason: string) => `退款失败：${reason}`,
  tooMany: (goodsName: string, left: number) => `商品「${goodsName}」最多可退 ${left} 件`,
  lineNotInOrder: '退款商品不属于该订单',
} as const;

export const refundLine = z.object({
  detailId: z.number(),
  goodsId: z.number(),
  goodsName: z.string(),
  specs: z.string(),
  unit: z.string(),
  quantity: z.number(),
  pricePay: z.number(),
  amount: z.number(),
});
export const refundPart = z.object({
  payMode: z.string(),
  payName: z.string(),
  cardId: z.number().nullable(),
  cardNo: z.string().nullable(),
  /** The card balance after the money went back (card parts; times for a times card). */
  cardBalance: z.number().nullable(),
  money: z.number(),
  /** A times card's (T) part: the times given back to it (the money is what those times had covered); else null. */
  times: z.number().nullable(),
  /** N waiting for the channel, R given back, F not given back. */
  state: z.string(),
});
/** A refund (退款单) of a paid order of any payable kind: its lines (units back) and parts (money back). */
export const orderRefund = z.object({
  refundId: z.number(),
  orderId: z.number(),
  venueName: z.string(),
  route: z.enum(REFUND_ROUTES),
  /** U unknown, R refunded, F failed. */
  state: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** The channel's word on a failed or unknown refund. */
  message: z.string(),
  createName: z.string(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  lines: z.array(refundLine),
  parts: z.array(refundPart),
});
export type OrderRefund = z.infer<typeof orderRefund>;

/** What a refund request of any payable kind says: whole or by line, the route, the other method, the reason, its request id. */
export const refundRequest = z.object({
  orderId: id('订单'),
  /** Lines and quantities to refund; absent: everything not yet refunded (a whole refund). */
  lines: z
    .array(
      z.object({
        detailId: idNumber('退款商品'),
        quantity: z.number({ error: '请输入退款数量' }).int('退款数量必须是整数').min(1, '退款数量至少为1').max(MAX_QUANTITY, '退款数量过大'),
      }),
    )
    .min(1, refundMsg.nothingChosen)
    .max(100, '一次最多退100种商品')
    .optional(),
  route: z.enum(REFUND_ROUTES, { error: '请选择退款方式' }),
  /** Route F: the method the money goes back by (cash unless said). */
  payMode: z.enum(REFUND_OTHER_MODES, { error: '请选择退款方式' }).optional(),
  reason: remarkText('退款原因', 100).default(''),
  /** Chosen by the client once per refund it means: a retry with the same id answers that refund and gives nothing back twice. */
  requestId: plainString('请求编号')
    .regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号格式错误')
    .optional(),
});
