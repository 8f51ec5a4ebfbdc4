import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idList, plainString } from './common/fields.ts';
import { TICKET_MSG, ticketRow } from './ticket.ts';

/**
 * The desk's ticket calls of spec 7 beyond lookup and verification: the tickets with the band each
 * entry wore (手牌票据), their overstay now (超时明细), a look-up that verifies the scanned ticket at
 * once, and the overstay (超时) orders made and listed without an exit.
 */
const T = PERMISSIONS.ticket;
const H = PERMISSIONS.system.hand;
const qrCode = plainString('票据码').trim().min(1, TICKET_MSG.notFound).max(64);

export const TIMEOUT_MSG = {
  notInside: '未查询到在场的票据',
  notOverdue: '该票据未超时，无需补交超时费',
  chooseOne: '请输入超时订单号或票据码',
} as const;

/** A ticket with its latest entry: when it entered and left, and the band (手牌) it wore. */
export const ticketEntry = ticketRow.extend({
  checkId: z.number().nullable(),
  checkTime: z.string().nullable(),
  exitTime: z.string().nullable(),
  handId: z.number().nullable(),
  handNo: z.string().nullable(),
});
export type TicketEntry = z.infer<typeof ticketEntry>;

/** A ticket with its overstay as of now: inside past its slot and free minutes, the minutes and fee owed. */
export const ticketOverstay = ticketEntry.extend({
  inside: z.boolean(),
  slotEnd: z.string().nullable(),
  timeoutMinutes: z.number(),
  timeoutPrice: z.number(),
  timeoutOrderId: z.number().nullable(),
  timeoutPayState: z.string().nullable(),
});
export type TicketOverstay = z.infer<typeof ticketOverstay>;

/** An overstay order (超时订单) as listed: the entry it charges, the minutes, the fee and whether it is paid. */
export const timeoutDetail = z.object({
  orderId: z.number(),
  qrCode: z.string(),
  typeName: z.string(),
  venueName: z.string(),
  checkTime: z.string(),
  slotEnd: z.string(),
  exitTime: z.string().nullable(),
  minutes: z.number(),
  pricePay: z.number(),
  orderState: z.string(),
  payState: z.string(),
  payMode: z.string().nullable(),
  createTime: z.string(),
});
export type TimeoutDetail = z.infer<typeof timeoutDetail>;

export const queryDetailPageWithHand = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetailPageWithHand',
  summary: '手牌票据分页查询：发放过手牌的入场（当前可见场馆，新的在前），可按手牌或票据码',
  access: { anyOf: [T.order.list, H.list] },
  personal: true,
  query: listQuery.extend({
    handNo: plainString('手牌').trim().max(32, '手牌号过长').optional(),
    qrCode: plainString('票据码').trim().max(64).optional(),
    inside: z.enum(['T', 'F']).optional(),
  }),
  response: pageOf(ticketEntry),
});
export const getPrintDetailWithHand = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/getPrintDetailWithHand',
  summary: '打印票据（附入场发放的手牌；重打计数）',
  access: { anyOf: [T.order.add, T.order.list, T.check.check, H.list] },
  personal: true,
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(ticketEntry),
});
export const queryDetailWithTimeout = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetailWithTimeout',
  summary: '按二维码或订单号查询票据及其当前超时（在场、时段结束、超时分钟与超时费）',
  access: { permission: T.check.check },
  personal: true,
  query: z.object({ qrCode }),
  response: z.array(ticketOverstay),
});
export const queryDetailAndCheck = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetailAndCheck',
  summary: '查询并核销：二维码核销该票，订单号核销订单内可用的票；返回订单的全部票',
  access: { permission: T.check.check },
  personal: true,
  query: z.object({ qrCode }),
  response: z.object({ checked: z.number(), orderId: z.number(), details: z.array(ticketRow) }),
});
export const queryDetailAndHand = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetailAndHand',
  summary: '按二维码或订单号查询票据及其入场发放的手牌',
  access: { permission: T.check.check },
  personal: true,
  query: z.object({ qrCode }),
  response: z.array(ticketEntry),
});
export const createTimeoutOrder = defineCall({
  method: 'POST',
  path: 'ticket/ticketTimeoutOrder/createOrder',
  summary: '创建超时订单：在场且已超时的票据生成（或重新计价）待支付的超时订单，收款后离场',
  access: { permission: T.check.check },
  body: z.object({ qrCode }),
  response: z.object({ timeoutOrderId: z.number(), minutes: z.number(), pricePay: z.number() }),
});
export const timeoutDetailQuery = defineCall({
  method: 'GET',
  path: 'ticket/ticketTimeoutOrderDetail/query',
  summary: '超时订单明细：按超时订单号或票据码',
  access: { permission: T.check.check },
  query: z.object({ orderId: id('超时订单').optional(), qrCode: plainString('票据码').trim().max(64).optional() }),
  response: z.array(timeoutDetail),
});
