import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { id, plainString } from './common/fields.ts';
import { BOOKING_ORDER_TYPE } from './booking.ts';
import { COURSE_ORDER_TYPE } from './course.ts';
import { LEASE_ORDER_TYPE } from './lease.ts';
import { CARD_ORDER_TYPE } from './member-life.ts';
import { SALE_ORDER_TYPE } from './sale.ts';
import { TICKET_ORDER_TYPE, TIMEOUT_ORDER_TYPE } from './ticket.ts';

/**
 * Reports (issue 21, 16, 18): figures over a range of China dates from the recorded rows, one
 * statement per panel. Money in yuan (two decimals), counts as integers.
 */
const P = PERMISSIONS.report;

/** The longest range a report reads (a year and a day, for a leap year). */
export const MAX_REPORT_DAYS = 366;
export const REPORT_TEXTS = {
  beginAfterEnd: '开始日期不能晚于结束日期',
  tooLong: `统计范围不能超过${MAX_REPORT_DAYS}天`,
  noData: '暂无数据',
} as const;

const date = (label: string) => plainString(label).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`);
/** A range of China dates, both ends included, and a venue of the caller's (all of them when left out). */
export const rangeQuery = z.object({ beginDate: date('开始日期'), endDate: date('结束日期'), venueId: id().optional() });
export type RangeQuery = z.output<typeof rangeQuery>;

// ---- Goods sale statistics (goods/goodsSaleOrder/, spec 7) ----

/** Paid sales by the day they were paid: orders, units sold, money taken, refunded (or being refunded) and net. */
export const goodsSaleFigures = z.object({ orders: z.number(), quantity: z.number(), amount: z.number(), refund: z.number(), net: z.number() });
export type GoodsSaleFigures = z.infer<typeof goodsSaleFigures>;
export const goodsSaleDay = goodsSaleFigures.extend({ day: z.string() });
export const goodsSaleVenue = goodsSaleFigures.extend({ venueId: z.number(), venueName: z.string() });
export const goodsSaleGoods = z.object({ goodsId: z.number(), goodsName: z.string(), quantity: z.number(), refundQuantity: z.number(), amount: z.number() });
export const goodsOrderCount = z.object({ goodsId: z.number(), goodsName: z.string(), orderCount: z.number() });

export type GoodsSaleDay = z.infer<typeof goodsSaleDay>;
export type GoodsSaleVenue = z.infer<typeof goodsSaleVenue>;
export type GoodsSaleGoods = z.infer<typeof goodsSaleGoods>;
export type GoodsOrderCount = z.infer<typeof goodsOrderCount>;

export const goodsSaleOverview = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/goodsSaleOverview',
  summary: '商品销售概览（订单数、件数、实收、退款、净收）',
  access: { permission: P.goods },
  query: rangeQuery,
  response: goodsSaleFigures,
});
export const queryGoodsSaleStatistic = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/queryGoodsSaleStatistic',
  summary: '商品销售统计（按日）',
  access: { permission: P.goods },
  query: rangeQuery,
  response: z.array(goodsSaleDay),
});
export const exportGoodsSaleStatistic = defineDownload({
  method: 'GET',
  path: 'goods/goodsSaleOrder/exportGoodsSaleStatistic',
  summary: '导出商品销售统计（.xlsx：按日、按场馆、按商品）',
  access: { permission: P.export },
  query: rangeQuery,
  fileName: '商品销售统计.xlsx',
});
export const queryGoodsSaleByVenue = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/queryGoodsSaleByVenue',
  summary: '商品销售统计（按场馆）',
  access: { permission: P.goods },
  query: rangeQuery,
  response: z.array(goodsSaleVenue),
});
export const queryGoodsSaleByGoods = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/queryGoodsSaleByGoods',
  summary: '商品销售统计（按商品：销量、退货量、金额）',
  access: { permission: P.goods },
  query: rangeQuery,
  response: z.array(goodsSaleGoods),
});
export const queryGoodsSaleByGoodsOrderCount = defineCall({
  method: 'GET',
  path: 'goods/goodsSaleOrder/queryGoodsSaleByGoodsOrderCount',
  summary: '商品销售统计（按商品的订单数）',
  access: { permission: P.goods },
  query: rangeQuery,
  response: z.array(goodsOrderCount),
});

// ---- Tickets by day (the rows of ticket.queryTicketSaleByDay) ----
export const exportTicketSaleByDay = defineDownload({
  method: 'GET',
  path: 'ticket/ticketOrderDetail/exportTicketSaleByDay',
  summary: '导出票务日销售统计（.xlsx）',
  access: { permission: P.export },
  query: rangeQuery,
  fileName: '票务日销售统计.xlsx',
});

// ---- Member cards: sales and top-ups (the stored value owed is member.liability, the consumption member.queryCardConsumeSummary) ----
/** The card order kinds: 办卡 (SALE) and 充值 (RECHARGE). */
export const CARD_ORDER_KIND_LABELS: Record<string, string> = { SALE: '办卡', RECHARGE: '充值' };
export const cardSaleRow = z.object({
  day: z.string(),
  cardTypeName: z.string(),
  kind: z.string(),
  payMode: z.string(),
  payName: z.string(),
  orders: z.number(),
  amount: z.number(),
});
export type CardSaleRow = z.infer<typeof cardSaleRow>;
export const queryCardSaleByDay = defineCall({
  method: 'GET',
  path: 'report/card/queryCardSaleByDay',
  summary: '会员卡办卡与充值统计（按日、卡类型、类别、支付方式）',
  access: { anyOf: [P.card, PERMISSIONS.member.card.list] },
  query: rangeQuery,
  response: z.array(cardSaleRow),
});
export const exportCardSaleByDay = defineDownload({
  method: 'GET',
  path: 'report/card/exportCardSaleByDay',
  summary: '导出会员卡办卡与充值统计（.xlsx）',
  access: { permission: P.export },
  query: rangeQuery,
  fileName: '会员卡办卡充值统计.xlsx',
});
// ---- Rentals ----
export const leaseDayRow = z.object({ day: z.string(), orders: z.number(), rent: z.number(), deposit: z.number(), amount: z.number(), refund: z.number() });
export type LeaseDayRow = z.infer<typeof leaseDayRow>;
export const queryLeaseByDay = defineCall({
  method: 'GET',
  path: 'report/lease/queryLeaseByDay',
  summary: '租赁统计（按日：订单、租金、押金、实收、退款）',
  access: { permission: P.lease },
  query: rangeQuery,
  response: z.array(leaseDayRow),
});
export const exportLeaseByDay = defineDownload({
  method: 'GET',
  path: 'report/lease/exportLeaseByDay',
  summary: '导出租赁统计（.xlsx）',
  access: { permission: P.export },
  query: rangeQuery,
  fileName: '租赁统计.xlsx',
});

// ---- Verifications: vouchers, tickets and lecture participants by source and day (the 首页 board's sources) ----
export const VERIFY_SOURCES = ['voucher', 'ticket', 'lecture'] as const;
export type VerifySource = (typeof VERIFY_SOURCES)[number];
export const VERIFY_SOURCE_LABELS: Record<VerifySource, string> = { voucher: '团购券', ticket: '门票', lecture: '讲座' };
export const verifyDayRow = z.object({ day: z.string(), source: z.enum(VERIFY_SOURCES), count: z.number(), amount: z.number() });
export type VerifyDayRow = z.infer<typeof verifyDayRow>;
export const queryVerifyByDay = defineCall({
  method: 'GET',
  path: 'report/verify/queryVerifyByDay',
  summary: '核销统计（按日、来源：团购券核销未撤销、门票入场核验、讲座签到核销）',
  access: { permission: P.verify },
  query: rangeQuery,
  response: z.array(verifyDayRow),
});
export const exportVerifyByDay = defineDownload({
  method: 'GET',
  path: 'report/verify/exportVerifyByDay',
  summary: '导出核销统计（.xlsx）',
  access: { permission: P.export },
  query: rangeQuery,
  fileName: '核销统计.xlsx',
});

// ---- 交班对账: one day's money per cashier, pay method and business ----
/** The order kinds (pay_record.order_type) a cashier takes money for. */
export const SHIFT_BUSINESS = [
  SALE_ORDER_TYPE,
  LEASE_ORDER_TYPE,
  TICKET_ORDER_TYPE,
  TIMEOUT_ORDER_TYPE,
  CARD_ORDER_TYPE,
  BOOKING_ORDER_TYPE,
  COURSE_ORDER_TYPE,
] as const;
export const SHIFT_BUSINESS_LABELS: Record<string, string> = {
  GOODS_SALE: '商品销售',
  GOODS_LEASE: '商品租赁',
  TICKET: '门票',
  TICKET_TIMEOUT: '超时补费',
  CARD_ORDER: '会员卡',
  FIELD: '场地预订',
  COURSE: '课程培训',
};
export const shiftRow = z.object({
  userId: z.number(),
  userName: z.string(),
  business: z.string(),
  payMode: z.string(),
  payName: z.string(),
  /** Paid parts (a split payment counts once per method) and what they took. */
  payCount: z.number(),
  income: z.number(),
  refundCount: z.number(),
  refund: z.number(),
});
export type ShiftRow = z.infer<typeof shiftRow>;
export const shiftQuery = z.object({
  date: date('对账日期'),
  venueId: id().optional(),
  /** Another cashier's: needs report:shift:all; without it a cashier reads only their own. */
  userId: id().optional(),
});
export const queryShiftSettlement = defineCall({
  method: 'GET',
  path: 'report/shift/queryShiftSettlement',
  summary: '交班对账（某日按收银员、业务、支付方式的收款与退款）',
  access: { permission: P.shift },
  query: shiftQuery,
  response: z.object({ date: z.string(), venueName: z.string(), rows: z.array(shiftRow) }),
});
export const exportShiftSettlement = defineDownload({
  method: 'GET',
  path: 'report/shift/exportShiftSettlement',
  summary: '导出交班对账（.xlsx）',
  access: { permission: P.shift },
  query: shiftQuery,
  fileName: '交班对账.xlsx',
});
