import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { dateTime, id, wholeNumber } from './common/fields.ts';

/**
 * Issue 21: the figures of the boards, big screens and 首页, computed on the server from the rows the
 * product records. Each capability that records money or visitors brings its own source on the
 * server; a capability that has not landed is absent from `landed`, and its panels say so.
 */
/** A board's figures: a user holding 数据看板, or the anonymous token of a venue whose boards are public. */
const BOARD_ACCESS = { permission: PERMISSIONS.board.view, board: true } as const;

export const CAPABILITIES = {
  goods: '商品销售',
  lease: '商品租赁',
  ticket: '门票',
  card: '会员卡',
  cardSale: '会员卡售卡',
  cardFee: '会员卡续期补卡',
  voucher: '团购券核销',
  hand: '手牌押金',
  gate: '闸机通行',
  course: '课程培训',
  lecture: '讲座活动',
} as const;
export type Capability = keyof typeof CAPABILITIES;
const capability = z.enum(Object.keys(CAPABILITIES) as [Capability, ...Capability[]]);

/** The longest date range a board reads at once. */
export const MAX_RANGE_DAYS = 400;
export const UNITS = ['day', 'week', 'month'] as const;

const venueScope = {
  /** One venue of the caller's; absent: every venue the caller may see (an anonymous token: its venue). */
  venueId: id('场馆').optional(),
};
const dateRange = {
  /** yyyy-MM-dd (a time after it is ignored), China time; 29 days before the end by default. */
  beginDate: dateTime('beginDate').optional(),
  /** yyyy-MM-dd, China time; today by default. */
  endDate: dateTime('endDate').optional(),
};

const amount = z.object({ key: z.string(), label: z.string(), amount: z.number() });

/** Money in yuan (2 decimals) over a range: income paid, refunds given back, and what stays. */
export const revenue = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  unit: z.enum(UNITS),
  /** The capabilities whose figures are in this answer. */
  landed: z.array(capability),
  total: z.object({ income: z.number(), refund: z.number(), net: z.number(), orders: z.number() }),
  /** One row per day, week (starting Monday) or month of the range, oldest first, with the net of each channel. */
  periods: z.array(
    z.object({
      period: z.string(),
      income: z.number(),
      refund: z.number(),
      net: z.number(),
      orders: z.number(),
      byChannel: z.record(z.string(), z.number()),
    }),
  ),
  /** Net by channel (the capability that sold: 商品销售, 商品租赁 …). */
  byChannel: z.array(amount),
  /** Net by pay method (payMode and its name). */
  byPayMode: z.array(amount),
  byVenue: z.array(amount),
});
export type Revenue = z.infer<typeof revenue>;

export const revenueQuery = defineCall({
  method: 'GET',
  path: 'board/revenue',
  summary: '看板：营收（按日/周/月、渠道、支付方式、场馆）',
  access: BOARD_ACCESS,
  query: z.object({ ...venueScope, ...dateRange, unit: z.enum(UNITS, { error: '统计单位只能是 day、week 或 month' }).default('day') }),
  response: revenue,
});

const flowCount = z.object({ key: z.string(), label: z.string(), in: z.number(), out: z.number() });
/** A venue's visitor flow on one day from the gates' granted swipes. */
export const flow = z.object({
  venueId: z.number(),
  venueName: z.string(),
  date: z.string(),
  landed: z.array(capability),
  inCount: z.number(),
  outCount: z.number(),
  /** People in the venue now: in minus out, never below zero. */
  inVenue: z.number(),
  /** How many people the venue takes; null while it is not recorded. */
  capacity: z.number().nullable(),
  hours: z.array(z.object({ hour: z.number(), in: z.number(), out: z.number() })),
  byGate: z.array(flowCount),
  byArea: z.array(flowCount),
  /** Entries per day over the 30 days up to `date`. */
  days: z.array(z.object({ date: z.string(), in: z.number() })),
});
export type Flow = z.infer<typeof flow>;

export const flowQuery = defineCall({
  method: 'GET',
  path: 'board/flow',
  summary: '看板：场馆客流（在馆人数、分时段、按闸机与区域、近30天）',
  access: BOARD_ACCESS,
  query: z.object({ venueId: id('场馆'), date: dateTime('date').optional() }),
  response: flow,
});

/** The data cockpit's figures besides revenue: members, cards and the best-selling goods. */
export const cockpit = z.object({
  landed: z.array(capability),
  members: z.object({ total: z.number(), byMonth: z.array(z.object({ month: z.string(), count: z.number() })) }),
  cards: z.object({
    /** Cards in use (state A or B). */
    active: z.number(),
    /** Stored value still owed on stored-value cards in use, yuan. */
    liability: z.number(),
    /** Cards issued and card consumption (yuan, stored-value cards) per month. */
    byMonth: z.array(z.object({ month: z.string(), issued: z.number(), consumed: z.number() })),
  }),
  topGoods: z.array(z.object({ goodsId: z.number(), goodsName: z.string(), quantity: z.number(), amount: z.number() })),
});
export type Cockpit = z.infer<typeof cockpit>;

export const cockpitQuery = defineCall({
  method: 'GET',
  path: 'board/cockpit',
  summary: '看板：会员增长、卡余额负债、卡消费、热销商品（近12个月）',
  access: BOARD_ACCESS,
  query: z.object({ ...venueScope }),
  response: cockpit,
});

/** Verifications of a day by source (团购券 verified and not cancelled, 门票 entries), for 首页 and the boards. */
export const verifications = z.object({
  date: z.string(),
  landed: z.array(capability),
  total: z.number(),
  bySource: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
});
export type Verifications = z.infer<typeof verifications>;
export const verificationsQuery = defineCall({
  method: 'GET',
  path: 'board/verifications',
  summary: '看板：当日核销（按来源：团购券、门票）',
  access: BOARD_ACCESS,
  query: z.object({ ...venueScope, date: dateTime('date').optional() }),
  response: verifications,
});

/**
 * Server-sent events of one venue's boards (text/event-stream): `change` when a sale, a refund, a
 * verification or a gate pass of the venue (or of the caller's venues) was recorded, a comment every
 * 15 s. The stream ends after `seconds`; the board connects again.
 */
export const events = defineCall({
  method: 'GET',
  path: 'board/events',
  summary: '看板：实时变化（SSE，text/event-stream）',
  access: BOARD_ACCESS,
  query: z.object({ ...venueScope, seconds: wholeNumber(1, 300).default(60) }),
  response: z.null(),
});
