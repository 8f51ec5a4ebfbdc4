import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { id, wholeNumber } from './common/fields.ts';
import { day } from './booking-admin.ts';

/**
 * 场地预订's figures (issue 35): utilisation (booked hours over open hours, per field and item) with the
 * fields' revenue over a range of dates, its .xlsx, and today's fields live for the /fieldTX board.
 */
const P = PERMISSIONS.booking;
/** The longest range of the utilisation report. */
export const MAX_USAGE_DAYS = 93;
export const USAGE_MSG = {
  order: '开始日期不能晚于结束日期',
  tooLong: `统计范围不能超过${MAX_USAGE_DAYS}天`,
} as const;

const usageQuery = z.object({
  venueId: id('场馆'),
  itemId: id('运动项目').optional(),
  beginDate: day('开始日期'),
  endDate: day('结束日期'),
});
export const usageRow = z.object({
  fieldId: z.number(),
  fieldName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  saleMode: z.enum(['F', 'C']),
  /** Hours the field could be booked: its slots within the opening hours, less closure days. */
  openHours: z.number(),
  /** Hours sold (R, P) and not cancelled; a C field's heads count as a share of its capacity. */
  bookedHours: z.number(),
  /** Hours blocked by occupancy (L). */
  occupiedHours: z.number(),
  /** Of the booked hours, opened at check-in. */
  usedHours: z.number(),
  /** bookedHours / openHours in percent, one decimal. */
  rate: z.number(),
  /** What its cells were paid, less what their refunds gave back (yuan). */
  revenue: z.number(),
  /** Cells cancelled (refunded or released) in the range. */
  cancelled: z.number(),
});
export type UsageRow = z.infer<typeof usageRow>;
export const usage = z.object({ rows: z.array(usageRow), items: z.array(usageRow.omit({ fieldId: true, fieldName: true, saleMode: true })) });

export const usageQueryCall = defineCall({
  method: 'GET',
  path: 'booking/report/usage',
  summary: '场地利用率与场地营收（按场地、按项目；最长93天）',
  access: { anyOf: [P.field.list, P.order.list] },
  query: usageQuery,
  response: usage,
});
export const exportUsage = defineDownload({
  method: 'GET',
  path: 'booking/report/exportUsage',
  summary: '导出场地利用率与营收（.xlsx）',
  access: { anyOf: [P.field.list, P.order.list] },
  query: usageQuery,
  fileName: '场地利用率.xlsx',
});

/**
 * A field's state now on the /fieldTX board: 使用中 (opened, A → U; on a C field some heads opened),
 * 已预订 (held unpaid or paid; a C field with heads booked), 已占用 (an occupancy, L), 空闲, 关闭 (the
 * field stopped, a closure day, no price for the slot).
 */
export const BOARD_STATES = ['used', 'booked', 'occupied', 'free', 'closed'] as const;
export type BoardState = (typeof BOARD_STATES)[number];
export const BOARD_STATE_LABELS: Record<BoardState, string> = { used: '使用中', booked: '已预订', occupied: '已占用', free: '空闲', closed: '关闭' };
/** The next booking of a field today: its run of cells of one order (a C field: the next slot with heads). */
export const nextBooking = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  state: z.enum(['used', 'booked', 'occupied']),
  /** Heads booked in it (C), else 0. */
  heads: z.number(),
});
export type NextBooking = z.infer<typeof nextBooking>;
/** A field now on the /fieldTX board: its state at this moment, its next booking and today's counts (no names: the board may be public). */
export const liveField = z.object({
  fieldId: z.number(),
  fieldName: z.string(),
  saleMode: z.enum(['F', 'C']),
  /** The state of this moment's slot, or null outside the opening hours. */
  now: z.enum(BOARD_STATES).nullable(),
  /** Heads one slot takes (C; 1 on F). */
  capacity: z.number(),
  /** Heads booked in this moment's slot (C), else 0. */
  headsNow: z.number(),
  /** The next booking today after this moment's slot (and after the booking under way), or null. */
  next: nextBooking.nullable(),
  free: z.number(),
  booked: z.number(),
  used: z.number(),
});
export type LiveField = z.infer<typeof liveField>;
export const liveFields = defineCall({
  method: 'GET',
  path: 'booking/board/fields',
  summary: '今日场地实时状态（/fieldTX 看板：使用中、已预订、已占用、空闲、关闭，下一场，按人数场地的人数）',
  access: { anyOf: [PERMISSIONS.board.view, P.order.list], board: true },
  query: z.object({ venueId: id('场馆') }),
  response: z.object({
    date: z.string(),
    time: z.string(),
    items: z.array(z.object({ itemId: z.number(), itemName: z.string(), fields: z.array(liveField) })),
  }),
});

/** The grid's date strip: each day from `date`, its closure and how many cells are free or booked. */
export const MAX_STRIP_DAYS = 31;
export const stripDay = z.object({
  date: z.string(),
  /** 1-7, Monday to Sunday. */
  weekday: z.number(),
  closedReason: z.string().nullable(),
  free: z.number(),
  booked: z.number(),
});
export const dayStrip = defineCall({
  method: 'GET',
  path: 'booking/grid/days',
  summary: '预订日期条：自某日起每天的空闲与已订时段数、闭馆原因（最多31天）',
  access: { anyOf: [P.order.add, P.order.list, P.order.occupy] },
  query: z.object({ venueId: id('场馆'), itemId: id('运动项目'), date: day('开始日期'), days: wholeNumber(1, MAX_STRIP_DAYS).default(14) }),
  response: z.array(stripDay),
});
