import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idList, idNumber, idParams, plainString, stateAS, text } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { orderRefund, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/** pay_record.order_type of ticket sales and of overstay (超时) orders. */
export const TICKET_ORDER_TYPE = 'TICKET';
export const TIMEOUT_ORDER_TYPE = 'TICKET_TIMEOUT';
const P = PERMISSIONS.ticket;

/** Verification messages (spec 8). */
export const TICKET_MSG = {
  notFound: '未查询到票据信息',
  notOneOrder: '当前票据不属于同一订单',
  chooseTicket: '请选择需要核销的票据',
  handRequired: '该票种需发放手牌，请扫描手牌',
  noHandIssued: '该票种不发放手牌',
  handWorn: '该手牌已发放给场内的其他票据',
} as const;
/** Ticket status tags (spec 4 Verification): A success, U info, anything else warning. */
export const TICKET_STATE_LABELS: Record<string, string> = { A: '待使用', U: '已使用' };
export const TICKET_STATE_OTHER = '不可用';
/** 1 Monday … 7 Sunday, shown with 日 for 7. */
export const WEEK_LABELS = ['', '一', '二', '三', '四', '五', '六', '日'] as const;

const date = (label: string) => plainString(label).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`);
const clock = (label: string) => plainString(label).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为HH:mm`);
const week = (label: string) =>
  z
    .number({ error: `请选择${label}` })
    .int()
    .min(1, `${label}应为1-7`)
    .max(7, `${label}应为1-7`);

export const ticketTime = z.object({ beginWeek: z.number(), endWeek: z.number(), beginTime: z.string(), endTime: z.string() });
export type TicketTime = z.infer<typeof ticketTime>;
/** A slot as the screens show it: 周一至周五 09:00-12:00. */
export const slotText = (t: TicketTime) =>
  `周${WEEK_LABELS[t.beginWeek]}${t.endWeek !== t.beginWeek ? `至周${WEEK_LABELS[t.endWeek]}` : ''} ${t.beginTime}-${t.endTime}`;

export const ticketType = z.object({
  typeId: z.number(),
  typeName: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  price: z.number(),
  useBeginDate: z.string(),
  useEndDate: z.string(),
  uses: z.number(),
  withHand: z.string(),
  freeMinutes: z.number(),
  overtimeMinutes: z.number(),
  overtimePrice: z.number(),
  state: z.string(),
  useTimeList: z.array(ticketTime),
});
export type TicketType = z.infer<typeof ticketType>;
const typeFields = {
  typeName: text('票种名称', 30),
  venueId: idNumber('场馆'),
  itemId: idNumber('运动项目'),
  price: yuan('票价'),
  useBeginDate: date('有效期开始'),
  useEndDate: date('有效期结束'),
  uses: z.number({ error: '请输入可用次数' }).int().min(1, '可用次数至少为1').max(99, '可用次数不能超过99'),
  withHand: z.enum(['T', 'F']).default('F'),
  freeMinutes: z.number({ error: '请输入免费时长' }).int().min(0).max(1440, '免费时长不能超过1440分钟'),
  overtimeMinutes: z.number({ error: '请输入计费周期' }).int().min(1, '计费周期至少1分钟').max(1440, '计费周期不能超过1440分钟'),
  overtimePrice: yuan('超时单价'),
  state: stateAS.default('A'),
  useTimeList: z
    .array(z.object({ beginWeek: week('开始星期'), endWeek: week('结束星期'), beginTime: clock('开始时间'), endTime: clock('结束时间') }), {
      error: '请添加使用时段',
    })
    .min(1, '请添加使用时段')
    .max(20, '使用时段不能超过20个'),
};
export const typeQuery = defineCall({
  method: 'GET',
  path: 'ticket/ticketType/query',
  summary: '票种分页查询',
  access: { permission: P.type.list },
  query: listQuery.extend({ typeName: plainString('票种名称').max(30).optional(), venueId: id().optional(), state: stateAS.optional() }),
  response: pageOf(ticketType),
});
export const typeForSale = defineCall({
  method: 'GET',
  path: 'ticket/ticketType/forSale',
  summary: '场馆可售票种（启用、未过有效期）',
  access: { permission: P.order.add },
  query: z.object({ venueId: id('场馆') }),
  response: z.array(ticketType),
});
export const typeAdd = defineCall({
  method: 'POST',
  path: 'ticket/ticketType/add',
  summary: '新增票种',
  access: { permission: P.type.add },
  body: z.object(typeFields),
  response: ticketType,
});
export const typeEdit = defineCall({
  method: 'PUT',
  path: 'ticket/ticketType/edit',
  summary: '修改票种',
  access: { permission: P.type.edit },
  body: z.object({ typeId: idNumber('票种'), ...typeFields }),
  response: ticketType,
});

// ---- Sales (ticket/ticketOrder/) ----
export const ticketRow = z.object({
  detailId: z.number(),
  orderId: z.number(),
  qrCode: z.string(),
  detailState: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  venueName: z.string(),
  itemName: z.string(),
  price: z.number(),
  pricePay: z.number(),
  useBeginDate: z.string(),
  useEndDate: z.string(),
  usesLeft: z.number(),
  useTimeList: z.array(ticketTime),
  /** T: the type issues a wristband at the entry (verified with checkTicketWithHand). */
  withHand: z.string(),
  cardId: z.number().nullable(),
  memberName: z.string().nullable(),
  phone: z.string().nullable(),
  printCount: z.number(),
});
export type TicketRow = z.infer<typeof ticketRow>;
export const ticketOrder = z.object({
  orderId: z.number(),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  venueId: z.number(),
  memberName: z.string().nullable(),
  createName: z.string(),
  createTime: z.string(),
  refundType: z.string(),
  refundedAmount: z.number(),
  details: z.array(ticketRow),
});
export type TicketOrder = z.infer<typeof ticketOrder>;

export const createOrder = defineCall({
  method: 'POST',
  path: 'ticket/ticketOrder/createOrder',
  summary: '创建售票订单（服务端计价，每张票一个二维码）',
  access: { permission: P.order.add },
  body: z.object({
    venueId: id('场馆'),
    memberId: idNumber().nullable().optional(),
    details: z
      .array(z.object({ typeId: idNumber('票种'), quantity: z.number({ error: '请输入数量' }).int().min(1, '数量至少为1').max(50, '一次最多50张') }), {
        error: '请选择票种',
      })
      .min(1, '请选择票种')
      .max(10),
  }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});
export const ticketPayLine = payableLine;
export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrder/queryOrderForPay',
  summary: '售票订单应付',
  access: { permission: P.order.add },
  query: forPayQuery,
  response: forPayAnswer(ticketPayLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'ticket/ticketOrder/payOrder',
  summary: '售票订单收款（支付后票据可使用）',
  access: { permission: P.order.add },
  body: payRequest,
  response: payResult,
});
export const orderQuery = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrder/query',
  summary: '售票订单查询（当前可见场馆）',
  access: { permission: P.order.list },
  personal: true,
  query: listQuery.extend({ orderId: id().optional(), orderState: plainString('订单状态').max(2).optional() }),
  response: pageOf(ticketOrder),
});
export const refundOrder = defineCall({
  method: 'POST',
  path: 'ticket/ticketOrder/refundOrder',
  summary: '售票订单退款（仅未使用的票）',
  access: { permission: P.order.refund },
  body: refundRequest,
  response: orderRefund,
});
export const getPrintDetail = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/getPrintDetail',
  summary: '打印票据（每张票一个二维码；重打计数）',
  access: { anyOf: [P.order.add, P.order.list] },
  personal: true,
  query: z.object({ orderIds: idList('订单') }),
  response: z.array(ticketRow),
});
export const queryDetail = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetail',
  summary: '按二维码或订单号查询票据（同一订单的全部票）',
  access: { permission: P.check.check },
  personal: true,
  query: z.object({ qrCode: plainString('票据码').trim().min(1, TICKET_MSG.notFound).max(64) }),
  response: z.array(ticketRow),
});
/** 票据明细: the tickets of the user's venues, newest first, by code, state or type. */
export const queryDetailPage = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryDetailPage',
  summary: '票据明细分页查询（当前可见场馆）',
  access: { permission: P.order.list },
  personal: true,
  query: listQuery.extend({
    qrCode: plainString('票据码').trim().max(64).optional(),
    detailState: z.enum(['P', 'A', 'U', 'E', 'C'], { error: '票据状态不正确' }).optional(),
    typeId: id().optional(),
    venueId: id().optional(),
  }),
  response: pageOf(ticketRow),
});
export const ticketById = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrder/id/{id}',
  summary: '售票订单详情',
  access: { permission: P.order.list },
  personal: true,
  params: idParams,
  response: ticketOrder,
});

// ---- Verification (ticket/ticketCheck/) ----
export const checkTicket = defineCall({
  method: 'POST',
  path: 'ticket/ticketCheck/checkTicket',
  summary: '核销票据（同一订单；日期、星期、时段按场馆时区校验；每张票只核销一次）',
  access: { permission: P.check.check },
  body: z.object({
    ticketCheckDetails: z
      .array(z.object({ detailId: idNumber('票据') }), { error: TICKET_MSG.chooseTicket })
      .min(1, TICKET_MSG.chooseTicket)
      .max(50),
  }),
  response: z.object({ checked: z.number(), orderId: z.number() }),
});
export const peopleCount = z.object({ venueId: z.number(), venueName: z.string(), itemId: z.number(), itemName: z.string(), count: z.number() });
export const queryPeopleCount = defineCall({
  method: 'GET',
  path: 'ticket/ticketCheck/queryPeopleCount',
  summary: '场内人数（已核销未离场），按场馆与项目',
  access: 'login',
  query: z.object({ venueId: id().optional() }),
  response: z.array(peopleCount),
});
/** An exit: within the slot (and its free minutes) it lets out; past it, it answers the overstay owed. */
export const sceneBalance = defineCall({
  method: 'POST',
  path: 'ticket/ticketCheck/sceneBalance',
  summary: '离场结算：未超时直接离场；超时返回超时订单（需收款后离场）',
  access: { permission: P.check.check },
  body: z.object({ qrCode: plainString('票据码').trim().min(1, TICKET_MSG.notFound).max(64) }),
  response: z.object({ left: z.boolean(), timeoutOrderId: z.number().nullable(), minutes: z.number(), pricePay: z.number() }),
});
/** An exit that pays its overstay in the same call (the desk knows it is owed): the 收款 request without orderId, plus the code. */
export const sceneBalanceWithTimeout = defineCall({
  method: 'POST',
  path: 'ticket/ticketCheck/sceneBalanceWithTimeout',
  summary: '离场结算并收取超时费：未超时直接离场；超时则生成超时订单、按收款请求支付后离场',
  access: { permission: P.check.check },
  body: payRequest.omit({ orderId: true }).extend({ qrCode: plainString('票据码').trim().min(1, TICKET_MSG.notFound).max(64) }),
  response: z.object({ left: z.boolean(), timeoutOrderId: z.number().nullable(), minutes: z.number(), pricePay: z.number() }),
});
export const owingEntry = z.object({ qrCode: z.string(), typeName: z.string(), timeoutOrderId: z.number(), minutes: z.number(), pricePay: z.number() });
/** Closing time: every entry of a venue (or one of its items) that owes nothing leaves; those owing an overstay are listed. */
export const sceneBalanceAll = defineCall({
  method: 'POST',
  path: 'ticket/ticketCheck/sceneBalanceAll',
  summary: '全部离场结算（闭馆清场）：未超时的全部离场，超时的返回其超时订单',
  access: { permission: P.check.check },
  body: z.object({ venueId: idNumber('场馆'), itemId: idNumber('运动项目').optional() }),
  response: z.object({ left: z.number(), owing: z.array(owingEntry) }),
});
export const timeoutForPay = defineCall({
  method: 'GET',
  path: 'ticket/ticketTimeoutOrder/queryOrderForPay',
  summary: '超时订单应付',
  access: { permission: P.check.check },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const timeoutPay = defineCall({
  method: 'POST',
  path: 'ticket/ticketTimeoutOrder/payOrder',
  summary: '超时订单收款（收款后离场）',
  access: { permission: P.check.check },
  body: payRequest,
  response: payResult,
});

/** An overstay (超时) order as 超时订单 lists it: the ticket it was charged on, the minutes, the money and its refunds. */
export const timeoutOrder = z.object({
  orderId: z.number(),
  venueId: z.number(),
  qrCode: z.string(),
  typeName: z.string(),
  minutes: z.number(),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  refundType: z.string(),
  refundedAmount: z.number(),
  createTime: z.string(),
});
export type TimeoutOrder = z.infer<typeof timeoutOrder>;
export const timeoutQuery = defineCall({
  method: 'GET',
  path: 'ticket/ticketTimeoutOrder/query',
  summary: '超时订单查询（当前可见场馆，新的在前；可按订单号、支付状态）',
  access: { permission: P.order.list },
  query: listQuery.extend({ orderId: id().optional(), payState: z.enum(['U', 'P', 'C', 'N', 'F', 'FR', 'PR'], { error: '支付状态不正确' }).optional() }),
  response: pageOf(timeoutOrder),
});
export const timeoutRefund = defineCall({
  method: 'POST',
  path: 'ticket/ticketTimeoutOrder/refundOrder',
  summary: '超时订单退款（超时费退回；离场不变）',
  access: { permission: P.order.refund },
  body: refundRequest,
  response: orderRefund,
});

// ---- Report ----
export const saleByDay = z.object({ day: z.string(), typeName: z.string(), quantity: z.number(), amount: z.number(), checked: z.number() });
export type SaleByDay = z.infer<typeof saleByDay>;
export const queryTicketSaleByDay = defineCall({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/queryTicketSaleByDay',
  summary: '票务日销售统计（当前可见场馆）',
  access: { anyOf: [P.order.list, PERMISSIONS.report.ticket] },
  query: z.object({ beginDate: date('开始日期'), endDate: date('结束日期'), venueId: id().optional() }),
  response: z.array(saleByDay),
});
