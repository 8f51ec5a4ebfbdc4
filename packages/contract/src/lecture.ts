import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { Msg } from './common/codes.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, stateAS, text } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { orderRefund, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/** pay_record.order_type of lecture orders (also the print config's typeId). */
export const LECTURE_ORDER_TYPE = 'LECTURE';
const P = PERMISSIONS.lecture;

/** The lecture tab's messages (spec 2.8, 4 Verification, 5). */
export const LECTURE_MSG = {
  notFound: '未查询到讲座订单信息',
  orderNotFound: '讲座订单不存在',
  chooseRow: '请选择需要核销的参会人',
  notInOrder: '参会人不属于该订单',
  used: '参会人已核销',
  full: (left: number) => `该场次名额不足（剩余${left}个）`,
} as const;
/** Participant states: P unpaid, A to be used, U used, C void. Tags as tickets (A success, U info, else warning). */
export const LECTURE_STATE_LABELS: Record<string, string> = { A: '待使用', U: '已使用' };

const date = (label: string) => plainString(label).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`);
const clock = (label: string) => plainString(label).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为HH:mm`);
const MOBILE = /^1[3-9]\d{9}$/;
const mobile = plainString('联系电话', { error: '请输入联系电话' }).trim().min(1, '请输入联系电话').regex(MOBILE, Msg.mobileInvalid);

export const lectureSession = z.object({
  sessionId: z.number(),
  useBeginDate: z.string(),
  useEndDate: z.string(),
  useBeginTime: z.string(),
  useEndTime: z.string(),
  capacity: z.number(),
  sold: z.number(),
});
export const lectureTicket = z.object({ ticketId: z.number(), ticketName: z.string(), price: z.number() });
export const lecture = z.object({
  lectureId: z.number(),
  lectureName: z.string(),
  speaker: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  state: z.string(),
  sessions: z.array(lectureSession),
  tickets: z.array(lectureTicket),
});
export type Lecture = z.infer<typeof lecture>;

const lectureFields = {
  lectureName: text('讲座名称', 40),
  speaker: plainString('主讲人').trim().max(30, '主讲人不能超过30个字符').default(''),
  venueId: idNumber('场馆'),
  state: stateAS.default('A'),
  sessions: z
    .array(
      z.object({
        sessionId: idNumber().optional(),
        useBeginDate: date('开始日期'),
        useEndDate: date('结束日期'),
        useBeginTime: clock('开始时间'),
        useEndTime: clock('结束时间'),
        capacity: z.number({ error: '请输入名额' }).int().min(1, '名额至少为1').max(10000, '名额不能超过10000'),
      }),
      { error: '请添加场次' },
    )
    .min(1, '请添加场次')
    .max(20, '场次不能超过20个'),
  tickets: z
    .array(z.object({ ticketId: idNumber().optional(), ticketName: text('票种名称', 30), price: yuan('票价') }), { error: '请添加票种' })
    .min(1, '请添加票种')
    .max(10, '票种不能超过10个'),
};

export const query = defineCall({
  method: 'GET',
  path: 'system/lecture/query',
  summary: '讲座分页查询（当前可见场馆）',
  access: { permission: P.lecture.list },
  query: listQuery.extend({ lectureName: plainString('讲座名称').max(40).optional(), venueId: id().optional(), state: stateAS.optional() }),
  response: pageOf(lecture),
});
export const forSale = defineCall({
  method: 'GET',
  path: 'system/lecture/forSale',
  summary: '场馆可报名讲座（启用、场次未结束）',
  access: { permission: P.order.add },
  query: z.object({ venueId: id('场馆') }),
  response: z.array(lecture),
});
export const add = defineCall({
  method: 'POST',
  path: 'system/lecture/add',
  summary: '新增讲座（场次、票种、名额）',
  access: { permission: P.lecture.add },
  body: z.object(lectureFields),
  response: lecture,
});
export const edit = defineCall({
  method: 'PUT',
  path: 'system/lecture/edit',
  summary: '修改讲座（已售场次不能删除，名额不能少于已售）',
  access: { permission: P.lecture.edit },
  body: z.object({ lectureId: idNumber('讲座'), ...lectureFields }),
  response: lecture,
});

// ---- Orders (system/lectureOrder/) ----
/** A participant as the lecture tab lists it (spec 3 Lecture order details). */
export const lectureUser = z.object({
  userId: z.number(),
  userName: z.string(),
  phone: z.string(),
  state: z.string(),
  /** What the participant paid (the refund of this participant gives it back). */
  price: z.number(),
  ticketCode: z.string(),
  useBeginDate: z.string(),
  useEndDate: z.string(),
  useBeginTime: z.string(),
  useEndTime: z.string(),
});
export type LectureUser = z.infer<typeof lectureUser>;
/** Spec 3 Lecture order. */
export const lectureOrder = z.object({
  orderId: z.number(),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  venueId: z.number(),
  memberName: z.string().nullable(),
  phone: z.string(),
  cardId: z.number().nullable(),
  lectureName: z.string(),
  ticketName: z.string(),
  createName: z.string(),
  createTime: z.string(),
  /** Refund type (U none, P partial, A full) and the money given back so far. */
  refundType: z.string(),
  refundedAmount: z.number(),
  details: z.array(lectureUser),
});
export type LectureOrder = z.infer<typeof lectureOrder>;

export const createOrder = defineCall({
  method: 'POST',
  path: 'system/lectureOrder/createOrder',
  summary: '创建讲座报名订单（每位参会人一张票，占用场次名额）',
  access: { permission: P.order.add },
  body: z.object({
    venueId: id('场馆'),
    memberId: idNumber().nullable().optional(),
    sessionId: idNumber('场次'),
    ticketId: idNumber('票种'),
    users: z
      .array(z.object({ userName: text('参会人姓名', 20), phone: mobile }), { error: '请添加参会人' })
      .min(1, '请添加参会人')
      .max(20, '一次最多20位参会人'),
  }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string(), pricePay: z.number() }),
});
export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'system/lectureOrder/queryOrderForPay',
  summary: '讲座订单应付',
  access: { permission: P.order.add },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'system/lectureOrder/payOrder',
  summary: '讲座订单收款（支付后参会人可核销）',
  access: { permission: P.order.add },
  body: payRequest,
  response: payResult,
});
export const refundOrder = defineCall({
  method: 'POST',
  path: 'system/lectureOrder/refundOrder',
  summary: '讲座订单退款（仅未核销的参会人；名额退回场次）',
  access: { permission: P.order.refund },
  body: refundRequest,
  response: orderRefund,
});
export const orderQuery = defineCall({
  method: 'GET',
  path: 'system/lectureOrder/query',
  summary: '讲座订单查询（当前可见场馆）',
  access: { permission: P.order.list },
  personal: true,
  query: listQuery.extend({ orderId: id().optional() }),
  response: pageOf(lectureOrder),
});
export const closeOrder = defineCall({
  method: 'POST',
  path: 'system/lectureOrder/closeOrder',
  summary: '关闭未支付的讲座订单（名额退回场次；支付结果未知的订单不能关闭）',
  access: { permission: P.order.add },
  body: z.object({ orderId: id('订单') }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string() }),
});
export const getLectureOrder = defineCall({
  method: 'GET',
  path: 'system/lectureOrder/getLectureOrder',
  summary: '按票号或订单号查询讲座订单（参会人列表）',
  access: { permission: P.check.check },
  personal: true,
  query: z.object({ ticketId: plainString('票号').trim().min(1, LECTURE_MSG.notFound).max(64) }),
  response: lectureOrder,
});

// ---- Verification (system/lectureCheck/) ----
export const check = defineCall({
  method: 'POST',
  path: 'system/lectureCheck/check',
  summary: '核销讲座参会人（同一订单；每人只核销一次）',
  access: { permission: P.check.check },
  body: z.object({
    orderId: idNumber('订单'),
    userIds: z.array(idNumber('参会人'), { error: LECTURE_MSG.chooseRow }).min(1, LECTURE_MSG.chooseRow).max(20),
  }),
  response: z.object({ checked: z.number(), orderId: z.number() }),
});
