import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idList, idNumber, idParams, plainString, remarkText, stateAS } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { LEASE_ORDER_TYPE } from './lease.ts';
import { orderRefund, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payableLine, payRecord, payRequest, payResult } from './payment.ts';
import { SALE_ORDER_TYPE } from './sale.ts';
import { TIMEOUT_ORDER_TYPE } from './ticket.ts';

/** pay_record.order_type of a wristband's deposit (also the print config's typeId of the 手牌押金单). */
export const HAND_DEPOSIT_ORDER_TYPE = 'HAND_DEPOSIT';
/** pay_record.order_type of what is settled when a wristband comes back (手牌结算). */
export const HAND_SETTLE_ORDER_TYPE = 'HAND_SETTLE';
/** The pay mode of an order charged to a wristband (手牌挂账): settled when the band comes back. */
export const HAND_PAY = 'handpay';
export const HAND_PAY_NAME = '手牌挂账';
/** The kinds of order that can be charged to a band, and what they are called. */
export const CHARGEABLE_ORDER_TYPES = [SALE_ORDER_TYPE, LEASE_ORDER_TYPE, TIMEOUT_ORDER_TYPE] as const;
export const CHARGE_TYPE_LABELS: Record<string, string> = {
  [SALE_ORDER_TYPE]: '商品销售',
  [LEASE_ORDER_TYPE]: '商品租赁',
  [TIMEOUT_ORDER_TYPE]: '超时补费',
};
/** A deposit order's states: P created unpaid, A lent (in use), E returned, C cancelled. A settlement is E once paid. */
export const HAND_ORDER_STATE_LABELS: Record<string, string> = { P: '已创建未支付', A: '使用中', E: '已归还', C: '已取消' };

export const handMsg = {
  notFound: '手牌不存在',
  orderNotFound: '手牌订单不存在',
  phyIdTaken: '该物理卡号已登记',
  disabled: '该手牌已停用',
  inUse: '该手牌正在使用中，不能重复租借',
  notInUse: '该手牌未在使用中',
  unsettled: (yuan: string) => `该手牌还有 ${yuan} 元消费未结清，请先结算`,
  nothingToSettle: '该手牌没有待结算的消费',
  settleChanged: '手牌消费已变化，请重新结算',
  chargeChanged: '手牌消费已结算或已变化，请重新退款',
  alreadyCharged: '该订单已记到手牌',
  notCharged: '该订单不是手牌挂账订单',
  editInUse: '使用中的手牌不能修改押金或停用',
} as const;

/** A wristband (手牌): its physical id (what the reader scans), its number, the venue, the deposit, and whether it is out. */
export const hand = z.object({
  handId: z.number(),
  handNo: z.string(),
  phyId: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  deposit: z.number(),
  state: z.enum(['A', 'S']),
  remark: z.string(),
  /** Lent out now: its deposit order. */
  inUse: z.boolean(),
  orderId: z.number().nullable(),
  createTime: z.string(),
});
export type Hand = z.infer<typeof hand>;

/** What was charged to a band (手牌挂账): one goods sale, rental or overstay, settled when the band comes back. */
export const handCharge = z.object({
  chargeId: z.number(),
  orderType: z.string(),
  orderTypeName: z.string(),
  orderId: z.number(),
  summary: z.string(),
  amount: z.number(),
  createTime: z.string(),
  settled: z.boolean(),
  settleOrderId: z.number().nullable(),
});
export type HandCharge = z.infer<typeof handCharge>;

/** A wristband's order: its deposit (kind D: lent when paid, returned when the deposit comes back) or a settlement of its charges (kind S). */
export const handOrder = z.object({
  orderId: z.number(),
  kind: z.enum(['D', 'S']),
  /** A settlement's deposit order. */
  depositOrderId: z.number().nullable(),
  handId: z.number(),
  handNo: z.string(),
  phyId: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  totalPrice: z.number(),
  refundedAmount: z.number(),
  refundType: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  createTime: z.string(),
  payTime: z.string().nullable(),
  returnTime: z.string().nullable(),
  createName: z.string(),
  username: z.string(),
  /** A deposit order: what was charged to the band while lent, and what of it is not settled yet. */
  charged: z.number(),
  unsettled: z.number(),
  details: z.array(payableLine),
  payRecords: z.array(payRecord),
  charges: z.array(handCharge),
});
export type HandOrder = z.infer<typeof handOrder>;

const handFields = z.object({
  phyId: plainString('物理卡号')
    .trim()
    .min(1, '请输入物理卡号')
    .max(32, '物理卡号不能超过32个字符')
    .regex(/^[0-9A-Za-z&_-]+$/, '物理卡号只能包含字母、数字'),
  handNo: plainString('手牌编号').trim().max(20, '手牌编号不能超过20个字符').optional(),
  venueId: id('场馆'),
  deposit: yuan('押金'),
  state: stateAS.default('A'),
  remark: remarkText('备注', 100),
});
const P = PERMISSIONS.system.hand;

export const all = defineCall({
  method: 'GET',
  path: 'system/hand/all',
  summary: '手牌（分页；编号或物理卡号模糊查询）',
  access: { permission: P.list },
  query: listQuery.extend({
    keyword: plainString('手牌编号或物理卡号').trim().max(32).optional(),
    venueId: id('场馆').optional(),
    state: stateAS.optional(),
    inUse: z.enum(['T', 'F']).optional(),
  }),
  response: pageOf(hand),
});
export const byId = defineCall({
  method: 'GET',
  path: 'system/hand/id/{id}',
  summary: '手牌详情',
  access: { permission: P.list },
  params: idParams,
  response: hand,
});
/** The band with its lending now (deposit order, charges), for the return at the till. */
export const getById = defineCall({
  method: 'GET',
  path: 'system/hand/getById',
  summary: '手牌及其当前租借（押金单、挂账消费）',
  access: { anyOf: [P.list, P.lend] },
  query: z.object({ id: id('手牌') }),
  response: z.object({ hand, order: handOrder.nullable() }),
});
/** The scan path (spec 4): by id or physical id; none found answers null (then the code is tried as a member card). */
export const lookup = defineCall({
  method: 'GET',
  path: 'system/hand/getHandByIdOrPhyId',
  summary: '按编号或物理卡号查找手牌（未找到返回空）',
  // 手牌管理's codes: the sale and rental dialogs scan a band to charge to it (payWithHand: lend)
  access: { anyOf: [P.list, P.lend, P.return] },
  query: z.object({ id: plainString('手牌').trim().min(1, '请输入手牌').max(32, '手牌号过长') }),
  response: z.object({ hand, order: handOrder.nullable() }).nullable(),
});
export const add = defineCall({
  method: 'POST',
  path: 'system/hand/add',
  summary: '登记手牌（扫描物理卡号）',
  access: { permission: P.add },
  body: handFields,
  response: hand,
});
export const edit = defineCall({
  method: 'PUT',
  path: 'system/hand/edit',
  summary: '修改手牌',
  access: { permission: P.edit },
  body: handFields.extend({ handId: id('手牌') }),
  response: hand,
});
export const setState = defineCall({
  method: 'PUT',
  path: 'system/hand/setState',
  summary: '启用/停用手牌',
  access: { permission: P.edit },
  body: z.object({ handId: id('手牌'), state: stateAS }),
  response: hand,
});
export const queryHandInUse = defineCall({
  method: 'GET',
  path: 'system/hand/queryHandInUse',
  summary: '使用中的手牌（当前场馆，押金单与未结清消费）',
  access: { anyOf: [P.list, P.lend] },
  query: listQuery.extend({ keyword: plainString('手牌编号或物理卡号').trim().max(32).optional() }),
  response: pageOf(handOrder),
});
export const queryHandDepositDetail = defineCall({
  method: 'GET',
  path: 'system/hand/queryHandDepositDetail',
  summary: '手牌押金明细（当前场馆的押金单，新的在前）',
  access: { permission: P.list },
  query: listQuery.extend({
    handId: id('手牌').optional(),
    orderState: plainString('订单状态').max(2).optional(),
  }),
  response: pageOf(handOrder),
});
export const createHandDepositOrder = defineCall({
  method: 'POST',
  path: 'system/hand/createHandDepositOrder',
  summary: '租借手牌：创建押金单（收款后手牌出借）',
  access: { permission: P.lend },
  body: z.object({ handId: id('手牌'), memberId: idNumber().nullable().optional(), venueId: id('场馆') }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});
export const createHandSettleOrder = defineCall({
  method: 'POST',
  path: 'system/hand/createHandSettleOrder',
  summary: '归还手牌前结算挂账消费：创建结算单',
  access: { permission: P.return },
  body: z.object({ orderId: id('押金单') }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});
export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'system/hand/queryOrderForPay',
  summary: '手牌押金单或结算单应付',
  access: { anyOf: [P.lend, P.return] },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'system/hand/payOrder',
  summary: '手牌押金单或结算单收款（200 成功、605 结果未知、606 失败）',
  access: { anyOf: [P.lend, P.return] },
  body: payRequest,
  response: payResult,
});
export const getPrintHandDepositOrder = defineCall({
  method: 'GET',
  path: 'system/hand/getPrintHandDepositOrder',
  summary: '手牌押金单、结算单小票数据',
  access: { anyOf: [P.list, P.lend, P.return] },
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(handOrder),
});
export const returnHandDeposit = defineCall({
  method: 'POST',
  path: 'system/hand/returnHandDeposit',
  summary: '归还手牌：消费结清后退还押金（原路或其他方式），手牌空闲',
  access: { permission: P.return },
  body: refundRequest.omit({ lines: true }),
  response: orderRefund,
});
export const handReturns = defineCall({
  method: 'GET',
  path: 'system/hand/returns',
  summary: '押金单的退还记录',
  access: { anyOf: [P.list, P.return] },
  query: z.object({ orderId: id('押金单') }),
  response: z.array(orderRefund),
});

/** Charges an unpaid goods sale, rental or overstay to a band that is out (手牌挂账): the goods leave now, the money when the band comes back. */
export const payWithHand = defineCall({
  method: 'POST',
  path: 'member/card/payWithHand',
  summary: '记到手牌（手牌挂账，归还手牌时结算）',
  access: { permission: P.lend },
  body: z.object({
    orderType: z.enum(CHARGEABLE_ORDER_TYPES, { error: '不支持记到手牌的订单类型' }),
    orderId: id('订单'),
    handId: id('手牌'),
  }),
  response: payResult,
});
export const queryOrderConsumeWithHand = defineCall({
  method: 'GET',
  path: 'member/card/queryOrderConsumeWithHand',
  summary: '手牌挂账消费（押金单的）',
  access: { anyOf: [P.list, P.lend, P.return] },
  query: z.object({ orderId: id('押金单') }),
  response: z.array(handCharge),
});
export const getPrintCardConsumeWithHand = defineCall({
  method: 'GET',
  path: 'member/card/getPrintCardConsumeWithHand',
  summary: '手牌消费小票数据（押金单及其挂账消费）',
  access: { anyOf: [P.list, P.lend, P.return] },
  query: z.object({ orderId: id('押金单') }),
  response: handOrder,
});

/** An exit (离场) of a visitor wearing a band: within the slot it lets out; an overstay is charged to the band (超时 on 手牌), then the exit. */
export const createHandTimeoutOrder = defineCall({
  method: 'POST',
  path: 'ticket/ticketOrderDetail/createHandTimeoutOrder',
  summary: '手牌离场：未超时直接离场；超时费记到手牌后离场',
  access: { permission: PERMISSIONS.ticket.check.check },
  body: z.object({ qrCode: plainString('票据码').trim().min(1, '未查询到票据信息').max(64), handId: id('手牌') }),
  response: z.object({ left: z.boolean(), timeoutOrderId: z.number().nullable(), minutes: z.number(), pricePay: z.number() }),
});

/**
 * Verification of tickets whose type issues a wristband (发放手环): like checkTicket, with the band handed out
 * with each such ticket (its id, or as scanned: physical id or number); a band is worn by one entry inside at a time.
 */
export const checkTicketWithHand = defineCall({
  method: 'POST',
  path: 'ticket/ticketCheck/checkTicketWithHand',
  summary: '核销票据并发放手牌（票种设为发放手环的票需绑定手牌；每张票只核销一次）',
  access: { permission: PERMISSIONS.ticket.check.check },
  body: z.object({
    ticketCheckDetails: z
      .array(
        z.object({
          detailId: idNumber('票据'),
          handCode: plainString('手牌').trim().max(32, '手牌号过长').optional(),
        }),
        { error: '请选择需要核销的票据' },
      )
      .min(1, '请选择需要核销的票据')
      .max(50),
  }),
  response: z.object({ checked: z.number(), orderId: z.number() }),
});

/** An overstay (超时) charged to a wristband, as its slip prints it. */
export const handTimeoutPrint = z.object({
  orderId: z.number(),
  handId: z.number(),
  handNo: z.string(),
  depositOrderId: z.number(),
  qrCode: z.string(),
  typeName: z.string(),
  venueName: z.string(),
  itemName: z.string(),
  checkTime: z.string(),
  slotEnd: z.string(),
  exitTime: z.string().nullable(),
  minutes: z.number(),
  pricePay: z.number(),
  payName: z.string(),
  settled: z.boolean(),
  createName: z.string(),
  createTime: z.string(),
});
export type HandTimeoutPrint = z.infer<typeof handTimeoutPrint>;
export const getPrintHandTimeoutOrder = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/getPrintHandTimeoutOrder',
  summary: '手牌超时订单小票数据（记到手牌的超时费）',
  access: { anyOf: [PERMISSIONS.ticket.check.check, P.list, P.lend, P.return] },
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(handTimeoutPrint),
});
