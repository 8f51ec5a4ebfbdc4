import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, type Call } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idList, idNumber, idParams, plainString, remarkText, stateAS, text } from './common/fields.ts';
import { yuan } from './common/money.ts';
import { Msg } from './common/codes.ts';

/** Built-in modes the dialog adds itself; the system methods come from the venue's payment methods. */
export const CARD_PAY = 'cardpay';
export const COMPOSE_PAY = 'composepay';
export const DEFAULT_PAY_MODE = 'cashpay';
/** Pay modes a channel serves; `isApi` methods need the customer's auth code. */
export const PAY_MODES = ['cashpay', 'wechatpay', 'alipay', 'umspay', 'bankpay', 'transferpay', 'creditpay', 'couponpay'] as const;
export const PAY_MODE_LABELS: Record<string, string> = {
  cashpay: '现金',
  wechatpay: '微信',
  alipay: '支付宝',
  umspay: '银联商务',
  bankpay: '银行卡',
  transferpay: '转账',
  creditpay: '挂账',
  couponpay: '消费券',
  cardpay: '会员卡',
  composepay: '组合支付',
};
/** The name a pay mode shows: its label, or the mode itself for one we do not know. */
export const payModeName = (payMode: string) => PAY_MODE_LABELS[payMode] ?? payMode;
/** The name a pay record shows: the method's own name (a venue may rename it), else its mode's. */
export const payRecordName = (r: { payName?: string | null; payMode: string }) => r.payName || payModeName(r.payMode);

/**
 * The payment simulator (demo and tests) decides by the auth code's last digits:
 * ...0606 fails (606), ...0605 leaves the result unknown (605) and settles as paid when asked again,
 * anything else of 6-32 digits succeeds. Refunds of a trade paid with ...0616 fail, of one paid with
 * ...0615 stay unknown until asked again (then they are refunded); other refunds succeed.
 */
/**
 * Auth code endings of the channel simulator: fails, unknown until asked, refund fails, refund unknown,
 * pays after a pause (the customer confirming on the phone), unknown however often asked (the customer
 * never confirms: the order stays pending until the trade is paid or closed on the simulator's side).
 */
export const SIMULATOR_SUFFIX = { fail: '0606', unknown: '0605', refundFail: '0616', refundUnknown: '0615', slow: '0607', stuck: '0608' } as const;

export const payMethod = z.object({
  id: z.number(),
  payMode: z.string(),
  payName: z.string(),
  isApi: z.enum(['T', 'F']),
  icon: z.string(),
  state: z.string(),
  sort: z.number(),
  venueIds: z.array(z.number()),
  venueNames: z.array(z.string()),
  sourceType: z.literal('system'),
  /** Served by the demo's simulator at the venue asked about (queryPayType): no real money, 模拟通道. */
  simulated: z.boolean().optional(),
});
export type PayMethod = z.infer<typeof payMethod>;
const payMethodFields = {
  payMode: z.enum(PAY_MODES, { error: Msg.chooseChannel }),
  payName: text('支付方式名称', 20),
  isApi: z.enum(['T', 'F'], { error: '请选择是否需要付款码' }),
  icon: plainString('图标').max(30).default(''),
  state: stateAS.default('A'),
  sort: z.number().int().min(0).max(9999).default(999),
  venueIds: z.array(idNumber(), { error: Msg.chooseVenues }).min(1, Msg.chooseVenues).max(100, '适用场馆最多100个'),
};
const P = PERMISSIONS;
/**
 * Who reads a venue's payment methods: 支付方式's screen, and every screen that takes money or gives it
 * back through a 收款 or 退款 dialog (each call taking a payMode asks for one of these).
 */
export const PAY_METHOD_READERS = [
  P.system.payment.list,
  P.goods.saleOrder.add,
  P.goods.saleOrder.refund,
  P.lease.order.add,
  P.lease.order.return,
  P.ticket.order.add,
  P.ticket.order.refund,
  P.ticket.check.check,
  P.lecture.order.add,
  P.lecture.order.refund,
  P.booking.order.add,
  P.booking.order.cancel,
  P.course.enrolment.add,
  P.course.enrolment.refund,
  P.member.card.sell,
  P.member.card.recharge,
  P.member.card.extend,
  P.member.card.state,
  P.system.hand.lend,
  P.system.hand.return,
] as const;
export const queryPayType = defineCall({
  method: 'GET',
  path: 'system/payment/queryPayType',
  summary: '场馆可用的收款方式（channel=ALL 含停用）',
  access: { anyOf: PAY_METHOD_READERS },
  query: z.object({ venueId: id(), channel: z.enum(['ALL', 'ENABLED']).default('ENABLED') }),
  response: z.array(payMethod),
});
export const queryPage = defineCall({
  method: 'GET',
  path: 'system/payment/queryPage',
  summary: '收款方式分页',
  access: { permission: PERMISSIONS.system.payment.list },
  query: listQuery.extend({ payName: plainString('支付方式名称').max(20).optional(), state: stateAS.optional() }),
  response: pageOf(payMethod),
});
export const setState = defineCall({
  method: 'PUT',
  path: 'system/payment/setState',
  summary: '收款方式启用停用',
  access: { permission: PERMISSIONS.system.payment.edit },
  body: z.object({ id: id('收款方式'), state: stateAS }),
  response: payMethod,
});
export const add = defineCall({
  method: 'POST',
  path: 'system/payment/add',
  summary: '新增收款方式',
  access: { permission: PERMISSIONS.system.payment.add },
  body: z.object(payMethodFields),
  response: payMethod,
});
export const edit = defineCall({
  method: 'PUT',
  path: 'system/payment/edit',
  summary: '修改收款方式',
  access: { permission: PERMISSIONS.system.payment.edit },
  body: z.object({ id: id('收款方式'), ...payMethodFields }),
  response: payMethod,
});
export const remove = defineCall({
  method: 'DELETE',
  path: 'system/payment/delete/{id}',
  summary: '删除收款方式',
  access: { permission: PERMISSIONS.system.payment.del },
  params: idParams,
  response: z.null(),
});

/** One part of a payment: a system method (authCode = scanned code) or a card (authCode = cardId). */
export const payPart = z.object({
  payMode: plainString('支付方式', { error: Msg.choosePayMode }).min(1, Msg.choosePayMode).max(20),
  /** The card's pay type (M/T/D) for a card part. */
  payType: plainString('支付类型').max(5).optional(),
  authCode: plainString('付款码').trim().max(64).optional(),
  money: yuan('金额'),
});
export const payRequest = payPart.extend({
  orderId: id('订单'),
  memberId: idNumber().nullable().optional(),
  payDetails: z.array(payPart).max(10).optional(),
  remark: remarkText('备注', 100),
});
export type PayRequest = z.infer<typeof payRequest>;

export const payRecord = z.object({
  payMode: z.string(),
  payName: z.string(),
  payType: z.string().nullable(),
  money: z.number(),
  source: z.string(),
  cardId: z.number().nullable(),
  cardNo: z.string().nullable(),
  cardBalance: z.number().nullable(),
  state: z.string(),
  payTime: z.string(),
});
export const payResult = z.object({
  orderId: z.number(),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  payRecords: z.array(payRecord),
});
export type PayResult = z.infer<typeof payResult>;

/**
 * What every payable order kind (goods sale, lease, ticket, card sale…) answers to the 收款 dialog:
 * its queryOrderForPay takes `forPayQuery` and answers `forPayAnswer(itsLine)`, its payOrder takes
 * `payRequest` and answers `payResult`.
 */
export const forPayQuery = z.object({
  orderId: id(),
  payMode: plainString('支付方式').max(20).optional(),
  /** Cards chosen in the dialog, comma-separated; a discountable card lowers pricePay. */
  cardIds: idList('会员卡').optional(),
});
/** A line as the 收款 dialog shows it. */
export const payableLine = z.object({
  detailId: z.number(),
  goodsName: z.string(),
  quantity: z.number(),
  price: z.number(),
  pricePay: z.number(),
});
export type PayableLine = z.infer<typeof payableLine>;
/**
 * queryOrderForPay's answer: the total due with the cards chosen and each line with `amountPay`, its
 * share of that total (spec 4, step 3; the share its refund gives back), the lines adding up to it;
 * `pricePay` stays the agreed unit price, before a card's discount.
 */
export const forPayAnswer = <Shape extends z.ZodRawShape>(line: z.ZodObject<Shape>) =>
  z.object({
    orderId: z.number(),
    totalPrice: z.number(),
    details: z.array(line.extend({ amountPay: z.number().describe('该行实收金额（订单应收按行分摊，各行相加等于应收）') })),
    /** With a times card (T) chosen, of a kind that takes one: the times it takes for the whole order (扣 N 次). */
    times: z.number().optional(),
  });
/** A line of a queryOrderForPay answer. */
export type ForPayLine = PayableLine & { amountPay: number };

export const printConfig = z.object({
  typeId: z.string(),
  venueId: z.number(),
  needPrint: z.enum(['T', 'F']),
  printNum: z.number(),
  allowPayTypes: z.string(),
});
export type PrintConfig = z.infer<typeof printConfig>;
export const getPrintConfig = defineCall({
  method: 'GET',
  path: 'system/printConfig/get',
  summary: '小票打印配置（默认打印1份，允许 M,T,D）',
  access: 'login',
  query: z.object({ venueId: id(), typeId: plainString('打印类型').max(30).default('GOODS_SALE') }),
  response: printConfig,
});
export const savePrintConfig = defineCall({
  method: 'PUT',
  path: 'system/printConfig/save',
  summary: '保存小票打印配置',
  access: { permission: PERMISSIONS.system.print.edit },
  body: z.object({
    venueId: id('场馆'),
    typeId: plainString('打印类型').min(1).max(30),
    needPrint: z.enum(['T', 'F']),
    printNum: z.number().int().min(1, '打印份数至少为1').max(5, '打印份数最多为5'),
    allowPayTypes: plainString('允许的卡类型').regex(/^([MTD](,[MTD])*)?$/, '允许的卡类型只能是 M、T、D'),
  }),
  response: printConfig,
});

/** The 收款 dialog's question of a payable order kind (its queryOrderForPay). */
export type ForPayCall = Call<
  typeof forPayQuery,
  undefined,
  undefined,
  z.ZodType<{ orderId: number; totalPrice: number; details: ForPayLine[]; times?: number }>
>;
/** A payable order kind's payOrder. */
export type PayOrderCall = Call<undefined, typeof payRequest, undefined, typeof payResult>;
