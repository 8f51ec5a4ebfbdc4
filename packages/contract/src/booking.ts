import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, plainString, remarkText, text } from './common/fields.ts';
import { Msg } from './common/codes.ts';
import { day, hhmm } from './booking-admin.ts';
import { orderRefund, REFUND_OTHER_MODES, REFUND_ROUTES, refundRequest } from './order-refund.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/**
 * 场地预订 (issue 35): the booking grid (fields x slots of one date), reservations (R, one or more
 * cells, optionally every week for N weeks: 固定场), whole-venue orders (P: every field of an item for
 * a time range), occupancy (L: cells blocked with a reason, no payment), their 收款 through the shared
 * checkout, check-in (快速核销 › 场馆业务: the field opens, A → U) and cancellation with the tenant's
 * rules (refunded through the order).
 */
const P = PERMISSIONS.booking;

/** pay_record.order_type of booking orders (also the print config's typeId). */
export const BOOKING_ORDER_TYPE = 'FIELD';
/** Order type (spec 3): R reservation, P whole-venue, L occupy. */
export const ORDER_TYPES = ['R', 'P', 'L'] as const;
export const ORDER_TYPE_LABELS: Record<string, string> = { R: '预订', P: '包场', L: '占用' };

/**
 * A cell's state on the grid: free 空闲, held 待支付 (an unpaid order holds it), paid 已预订, used 使用中
 * (opened, spec 3 open-field state U), occupied 占用 (an L order), closed 不可预订 (closure, outside the
 * opening hours, field stopped, no price), past 已过期 (a free cell whose time has gone).
 */
export const CELL_STATES = ['free', 'held', 'paid', 'used', 'occupied', 'closed', 'past'] as const;
export type CellState = (typeof CELL_STATES)[number];
export const CELL_STATE_LABELS: Record<CellState, string> = {
  free: '空闲',
  held: '待支付',
  paid: '已预订',
  used: '使用中',
  occupied: '占用',
  closed: '不可预订',
  past: '已过期',
};
/** A booked cell (line) of an order: P unpaid, A to be used, U opened (in use), C cancelled or closed, N not used by its end (FN). */
export const LINE_STATE_LABELS: Record<string, string> = { P: '待支付', A: '待使用', U: '使用中', C: '已取消', N: '未到场' };
/** A field may be opened this many minutes before its slot starts. */
export const OPEN_EARLY_MINUTES = 30;
/** The most weeks of a fixed booking (固定场), and the most cells of one order. */
export const MAX_WEEKS = 26;
export const MAX_CELLS = 400;

/** What a cell is called in every refusal: 「1号场」2026-11-29 10:00-11:00. */
export const cellName = (fieldName: string, date: string, begin: string, end: string) => `「${fieldName}」${date} ${begin}-${end}`;
export const BOOKING_MSG = {
  chooseCells: '请选择要预订的场地时段',
  taken: (cell: string) => `${cell}已被预订，请选择其他时段`,
  full: (cell: string, left: number) => `${cell}名额不足（剩余${left}人）`,
  past: (cell: string) => `${cell}已过预订时间`,
  noPrice: (cell: string) => `${cell}未设置价格，不可预订`,
  outside: (cell: string) => `${cell}不在营业时间内`,
  stopped: (fieldName: string) => `场地「${fieldName}」已停用`,
  closed: (cell: string, reason: string) => `${cell}闭馆：${reason}`,
  notFound: '未查询到场地预订信息',
  orderNotFound: '场地预订订单不存在',
  unpaid: '订单未支付，不能入场',
  notYet: (at: string) => `未到入场时间（${at}起可入场）`,
  ended: (cell: string) => `${cell}预订时段已结束`,
  opened: (cell: string) => `${cell}已开场`,
  cancelled: (cell: string) => `${cell}已取消`,
  chooseRow: '请选择需要开场的场地时段',
  notInOrder: '场地时段不属于该订单',
  cardNotForItem: '该会员卡不适用于当前项目',
  cardNotUsable: '当前卡状态不可用',
  cardNotMember: '会员卡不属于当前会员',
  tooLate: (hours: number) => `开场前${hours}小时内不能退订`,
  started: (cell: string) => `${cell}已开始，不能退订`,
  nothingToCancel: '没有可取消的场地时段',
  wholeNoFields: '该项目没有可包场的场地',
  reason: '请输入占用原因',
  conflicts: (n: number, first: string) => `有${n}个时段不可预订：${first}${n > 1 ? '等' : ''}`,
} as const;

export const cell = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  state: z.enum(CELL_STATES),
  /** Its price (yuan; a head on a C field); null when it has none (closed). With `cardId` asked: the card type's member price where set. */
  price: z.number().nullable(),
  /** With a times card (T) asked: the times the cell (a head on a C field) takes from it instead of money; else null. */
  times: z.number().nullable(),
  /** Heads still free (C fields; 1 or 0 for F). */
  left: z.number(),
  /** The order holding it (held, paid, used, occupied; on a C field the last one). */
  orderId: z.number().nullable(),
  orderType: z.enum(ORDER_TYPES).nullable(),
  /** Who holds it: the member, the contact, or the occupancy's reason; why it is closed. */
  note: z.string(),
  /** A held cell (unpaid): when the auto-close job frees it, HH:mm China time (the order's creation plus the tenant's auto-close minutes); else null. */
  holdUntil: z.string().nullable(),
});
export type Cell = z.infer<typeof cell>;
export const gridField = z.object({
  fieldId: z.number(),
  fieldName: z.string(),
  saleMode: z.enum(['F', 'C']),
  capacity: z.number(),
  slotMinutes: z.number(),
  cells: z.array(cell),
});
export const grid = z.object({
  venueId: z.number(),
  itemId: z.number(),
  date: z.string(),
  /** 1-7, Monday to Sunday. */
  weekday: z.number(),
  openTime: z.string(),
  closeTime: z.string(),
  /** The closure of the venue or the item on this date, or null. */
  closedReason: z.string().nullable(),
  fields: z.array(gridField),
});
export type Grid = z.infer<typeof grid>;

export const gridQuery = defineCall({
  method: 'GET',
  path: 'booking/grid',
  summary: '场地预订表：某日各场地各时段的状态与价格',
  access: { anyOf: [P.order.add, P.order.list, P.order.occupy] },
  query: z.object({ venueId: id('场馆'), itemId: id('运动项目'), date: day('日期'), cardId: id('会员卡').optional() }),
  response: grid,
});

const contact = {
  memberId: idNumber('会员').nullable().optional(),
  /** The member card whose type's member prices apply (it must be the member's, usable, for the item). */
  cardId: idNumber('会员卡').nullable().optional(),
  contactName: plainString('联系人').trim().max(20, '联系人不能超过20个字符').default(''),
  phone: plainString('联系电话')
    .trim()
    .regex(/^(|1[3-9]\d{9})$/, Msg.mobileInvalid)
    .default(''),
  remark: remarkText('备注', 100),
};
const cellRequest = z.object({
  fieldId: idNumber('场地'),
  date: day('日期'),
  beginTime: hhmm('开始时间'),
  /** Heads on a C field (1 on F). */
  heads: z.number({ error: '请输入人数' }).int('人数必须是整数').min(1, '人数至少为1').max(1000, '人数不能超过1000').default(1),
});
const weeks = z.number({ error: '请输入周数' }).int('周数必须是整数').min(1, '周数至少为1').max(MAX_WEEKS, `周数不能超过${MAX_WEEKS}`).default(1);
const reservation = z.object({
  venueId: idNumber('场馆'),
  itemId: idNumber('运动项目'),
  cells: z.array(cellRequest, { error: BOOKING_MSG.chooseCells }).min(1, BOOKING_MSG.chooseCells).max(MAX_CELLS, `一次最多预订${MAX_CELLS}个时段`),
  /** 固定场: the same cells every week for this many weeks (1: once). */
  weeks,
  ...contact,
});

export const orderAnswer = z.object({
  orderId: z.number(),
  orderType: z.enum(ORDER_TYPES),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  /** When it was made (China time, yyyy-MM-dd HH:mm:ss). */
  createTime: z.string(),
  /** The tenant's auto-close minutes (销售订单 › 自动关闭设置; 0: unpaid orders are never closed). */
  autoCloseMinutes: z.number(),
  /** How long an unpaid order holds its cells from now (seconds): then the auto-close job closes it; null when it is not closed (an occupancy, or 0 minutes). */
  holdSeconds: z.number().nullable(),
});
export const conflict = z.object({
  fieldId: z.number(),
  fieldName: z.string(),
  date: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  reason: z.string(),
});
export type Conflict = z.infer<typeof conflict>;

export const conflicts = defineCall({
  method: 'POST',
  path: 'booking/order/conflicts',
  summary: '预订前检查（固定场按周展开）：不可预订的时段及原因、合计金额',
  access: { permission: P.order.add },
  body: reservation,
  /** `times`: with a times card (T), what the cells take from it (instead of `total`, yuan); else null. */
  response: z.object({ cells: z.number(), total: z.number(), times: z.number().nullable(), conflicts: z.array(conflict) }),
});
export const createOrder = defineCall({
  method: 'POST',
  path: 'booking/order/create',
  summary: '创建场地预订订单（R；固定场按周；未支付时占用时段至自动关单）',
  access: { permission: P.order.add },
  body: reservation,
  response: orderAnswer,
});
export const createWhole = defineCall({
  method: 'POST',
  path: 'booking/order/createWhole',
  summary: '创建包场订单（P：项目全部场地的一段时间）',
  access: { permission: P.order.add },
  body: z.object({
    venueId: idNumber('场馆'),
    itemId: idNumber('运动项目'),
    date: day('日期'),
    beginTime: hhmm('开始时间'),
    endTime: hhmm('结束时间'),
    ...contact,
  }),
  response: orderAnswer,
});
export const occupy = defineCall({
  method: 'POST',
  path: 'booking/order/occupy',
  summary: '场地占用（L：训练、比赛、维护；写明原因，无需支付）',
  access: { permission: P.order.occupy },
  body: z.object({
    venueId: idNumber('场馆'),
    itemId: idNumber('运动项目'),
    fieldIds: z.array(idNumber('场地'), { error: '请选择场地' }).min(1, '请选择场地').max(60, '场地过多'),
    date: day('日期'),
    beginTime: hhmm('开始时间'),
    endTime: hhmm('结束时间'),
    weeks,
    reason: text('占用原因', 50),
  }),
  response: orderAnswer,
});

export const queryOrderForPay = defineCall({
  method: 'GET',
  path: 'booking/order/queryOrderForPay',
  summary: '场地预订订单应付',
  access: { permission: P.order.add },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const payOrder = defineCall({
  method: 'POST',
  path: 'booking/order/payOrder',
  summary: '场地预订订单收款（支付后可入场）',
  access: { permission: P.order.add },
  body: payRequest,
  response: payResult,
});
export const closeOrder = defineCall({
  method: 'POST',
  path: 'booking/order/closeOrder',
  summary: '关闭未支付的场地预订订单（时段释放；支付结果未知的订单不能关闭）',
  access: { permission: P.order.add },
  body: z.object({ orderId: id('订单') }),
  response: z.object({ orderId: z.number(), orderState: z.string(), payState: z.string() }),
});

/** A booked cell of an order. */
export const bookingLine = z.object({
  detailId: z.number(),
  fieldId: z.number(),
  fieldName: z.string(),
  useDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** Heads (C) or 1. */
  quantity: z.number(),
  refundedQuantity: z.number(),
  /** Unit price (yuan). */
  price: z.number(),
  state: z.string(),
});
export const bookingOrder = z.object({
  orderId: z.number(),
  /** The booking slip's QR code: a 快速核销 scan finds the order by it. */
  code: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  cardId: z.number().nullable(),
  contactName: z.string(),
  phone: z.string(),
  /** The remark, or an occupancy's reason. */
  remark: z.string(),
  weeks: z.number(),
  createName: z.string(),
  createTime: z.string(),
  refundType: z.string(),
  refundedAmount: z.number(),
  details: z.array(bookingLine),
});
export type BookingOrder = z.infer<typeof bookingOrder>;

export const orderQuery = defineCall({
  method: 'GET',
  path: 'booking/order/query',
  summary: '场地预订订单查询（当前可见场馆）',
  access: { permission: P.order.list },
  personal: true,
  query: listQuery.extend({
    venueId: id('场馆').optional(),
    orderId: id().optional(),
    orderType: z.enum(ORDER_TYPES, { error: '订单类型只能是R、P或L' }).optional(),
    useDate: day('使用日期').optional(),
    phone: plainString('联系电话').trim().max(11).optional(),
  }),
  response: pageOf(bookingOrder),
});
export const getBookingOrder = defineCall({
  method: 'GET',
  path: 'booking/order/get',
  summary: '按二维码或订单号查询场地预订（快速核销 › 场馆业务）',
  access: { anyOf: [P.check.check, P.order.list] },
  personal: true,
  query: z.object({ code: plainString('订单号').trim().min(1, BOOKING_MSG.notFound).max(64, BOOKING_MSG.notFound) }),
  response: bookingOrder,
});
export const check = defineCall({
  method: 'POST',
  path: 'booking/check/open',
  summary: '场地开场（入场核销：待使用 A → 使用中 U）',
  access: { permission: P.check.check },
  body: z.object({
    orderId: idNumber('订单'),
    detailIds: z.array(idNumber('场地时段'), { error: BOOKING_MSG.chooseRow }).min(1, BOOKING_MSG.chooseRow).max(MAX_CELLS),
  }),
  response: z.object({ opened: z.number(), orderId: z.number() }),
});
/** A cancellation of cells paid by a times card (T), in times: what they took, the fee kept, what goes back to the card. */
export const timesBack = z.object({ paid: z.number(), fee: z.number(), refund: z.number() });
export const cancel = defineCall({
  method: 'POST',
  path: 'booking/order/cancel',
  summary: '取消预订或占用：未支付的关闭，已支付的按退订规则扣手续费后原路或其他方式退款',
  access: { permission: P.order.cancel },
  body: z.object({
    orderId: idNumber('订单'),
    /** The cells to cancel (固定场: one occurrence); absent: every cell not used yet. */
    detailIds: z.array(idNumber('场地时段'), { error: '请选择要取消的场地时段' }).min(1, '请选择要取消的场地时段').max(MAX_CELLS).optional(),
    route: z.enum(REFUND_ROUTES, { error: '请选择退款方式' }).default('T'),
    payMode: z.enum(REFUND_OTHER_MODES, { error: '请选择退款方式' }).optional(),
    reason: plainString('取消原因').trim().max(100, '取消原因不能超过100个字符').default(''),
    /** As a refund's: a retry with the same id answers that cancellation and gives nothing back twice. */
    requestId: refundRequest.shape.requestId,
  }),
  response: z.object({
    orderId: z.number(),
    orderState: z.string(),
    payState: z.string(),
    cancelled: z.number(),
    /** The fee kept (yuan). */
    fee: z.number(),
    refund: orderRefund.nullable(),
    /** An order paid by a times card: the times kept as the fee and given back to the card; else null. */
    times: timesBack.omit({ paid: true }).nullable(),
  }),
});

/** A cell of a cancellation preview: what cancelling it now would keep and give back, or why it cannot be cancelled. */
export const cancelPreviewCell = z.object({
  detailId: z.number(),
  fieldName: z.string(),
  useDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  /** Heads (units) a cancellation gives back: those not refunded yet. */
  quantity: z.number(),
  /** Whether the cancellation as asked takes it (the asked cells, or by default every cell not used yet). */
  chosen: z.boolean(),
  cancellable: z.boolean(),
  /** Why it cannot be cancelled now (the cancellation's own refusal), or null. */
  reason: z.string().nullable(),
  /** The tenant rule's fee percent for it now (0 when free or not paid). */
  feePercent: z.number(),
  /** Its paid share, the fee kept and the refund (yuan; 0 on an unpaid order or an occupancy). */
  paid: z.number(),
  fee: z.number(),
  refund: z.number(),
  /** Paid by a times card: the same in times (what goes back to the card); else null. */
  times: timesBack.nullable(),
});
export type CancelPreviewCell = z.infer<typeof cancelPreviewCell>;
export const cancelPreview = defineCall({
  method: 'POST',
  path: 'booking/order/cancelPreview',
  summary: '退订预览：按退订规则逐个时段计算已付、手续费与退款（与退订同一计算），不可退订的说明原因',
  access: { permission: P.order.cancel },
  body: z.object({
    orderId: idNumber('订单'),
    /** The cells meant (as booking/order/cancel's); absent: every cell a cancellation would take. */
    detailIds: z.array(idNumber('场地时段')).max(MAX_CELLS).optional(),
  }),
  response: z.object({
    orderId: z.number(),
    payState: z.string(),
    /** Whether booking/order/cancel with these cells would be accepted now, and if not its refusal. */
    cancellable: z.boolean(),
    reason: z.string().nullable(),
    /** Over the chosen cells (yuan): paid share, fee kept, refund. */
    paid: z.number(),
    fee: z.number(),
    refund: z.number(),
    /** Paid by a times card (T): over the chosen cells in times, what goes back to the card; else null. */
    times: timesBack.nullable(),
    /** Every cell of the order. */
    cells: z.array(cancelPreviewCell),
  }),
});
