import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { id, idNumber, plainString, stateAS, text } from './common/fields.ts';
import { yuan } from './common/money.ts';

/**
 * 场地预订's back office (issue 35): the fields (场地) of a venue's sports item, their prices by
 * weekday and time segment (member prices by card type), and the tenant's cancellation rules.
 * The grid and the orders are in booking.ts.
 */
const P = PERMISSIONS.booking;

/** Field sale mode (spec 3): F by time (one booking a cell), C by headcount (heads a slot up to the capacity). */
export const SALE_MODES = ['F', 'C'] as const;
export const SALE_MODE_LABELS: Record<string, string> = { F: '按时段', C: '按人数' };
/** A slot lasts 30 or 60 minutes: the field's grid. */
export const SLOT_MINUTES = [30, 60] as const;
export const MAX_FIELDS_PER_ITEM = 60;
export const MAX_CAPACITY = 1000;

export const hhmm = (label: string) => plainString(label, { error: `请输入${label}` }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, `${label}格式应为HH:mm`);
export const day = (label: string) => plainString(label, { error: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`);

export const field = z.object({
  fieldId: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  fieldName: z.string(),
  sort: z.number(),
  /** A: bookable; S: stopped (its cells show closed). */
  state: z.enum(['A', 'S']),
  saleMode: z.enum(SALE_MODES),
  /** Heads a slot (C); 1 for F. */
  capacity: z.number(),
  slotMinutes: z.number(),
});
export type Field = z.infer<typeof field>;

const fieldFields = {
  venueId: idNumber('场馆'),
  itemId: idNumber('运动项目'),
  fieldName: text('场地名称', 20),
  sort: z.number({ error: '请输入排序' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0),
  state: stateAS.default('A'),
  saleMode: z.enum(SALE_MODES, { error: '请选择售卖方式' }).default('F'),
  capacity: z
    .number({ error: '请输入容纳人数' })
    .int('容纳人数必须是整数')
    .min(1, '容纳人数至少为1')
    .max(MAX_CAPACITY, `容纳人数不能超过${MAX_CAPACITY}`)
    .default(1),
  slotMinutes: z.literal(SLOT_MINUTES, { error: '时段长度只能是30或60分钟' }).default(60),
};

export const fieldQuery = defineCall({
  method: 'GET',
  path: 'booking/field/query',
  summary: '场地列表（场馆、运动项目；含停用）',
  access: { anyOf: [P.field.list, P.price.list, P.order.add] },
  query: z.object({ venueId: id('场馆'), itemId: id('运动项目').optional() }),
  response: z.array(field),
});
export const fieldAdd = defineCall({
  method: 'POST',
  path: 'booking/field/add',
  summary: '新增场地',
  access: { permission: P.field.add },
  body: z.object(fieldFields),
  response: field,
});
export const fieldEdit = defineCall({
  method: 'PUT',
  path: 'booking/field/edit',
  summary: '修改场地（有未结束预订时不能改售卖方式与时段长度）',
  access: { permission: P.field.edit },
  body: z.object({ fieldId: idNumber('场地'), ...fieldFields }),
  response: field,
});

// ---- Prices ----
/** Weekdays 1-7, Monday to Sunday (7 shown as 日). */
export const WEEKDAY_LABELS = ['', '一', '二', '三', '四', '五', '六', '日'] as const;
/** A times card (T) pays a cell (a head on a C field) this many times when its type has no entry in the cell's rule. */
export const DEFAULT_TIMES = 1;
/** The most times one cell may take from a times card. */
export const MAX_CELL_TIMES = 99;
export const BOOKING_TIMES_MSG = {
  timesRequired: (typeName: string) => `请输入「${typeName}」每个时段扣除的次数`,
  priceRequired: (typeName: string) => `请输入「${typeName}」的会员价`,
} as const;

export const priceRule = z.object({
  ruleId: z.number(),
  venueId: z.number(),
  itemId: z.number(),
  ruleName: z.string(),
  /** The fields it prices; empty: every field of the item at the venue (a field's own rule wins). */
  fieldIds: z.array(z.number()),
  /** 1-7, Monday to Sunday. */
  weekdays: z.array(z.number()),
  /** Holidays: only on these dates, before any weekday rule. Empty: by weekday. */
  dates: z.array(z.string()),
  beginTime: z.string(),
  endTime: z.string(),
  /** A cell (F), or a head (C). */
  price: z.number(),
  /**
   * By card type: a member price (yuan), or for a times card type (T) `times`, what a cell (a head on a
   * C field) takes from the card instead of money (price 0). A T type with no entry takes DEFAULT_TIMES.
   */
  memberPrices: z.array(z.object({ cardTypeId: z.number(), cardTypeName: z.string(), price: z.number(), times: z.number().nullable() })),
});
export type PriceRule = z.infer<typeof priceRule>;

export const priceQuery = defineCall({
  method: 'GET',
  path: 'booking/price/query',
  summary: '场地价格规则（场馆、运动项目）',
  access: { anyOf: [P.price.list, P.order.add] },
  query: z.object({ venueId: id('场馆'), itemId: id('运动项目') }),
  response: z.array(priceRule),
});
export const priceSave = defineCall({
  method: 'POST',
  path: 'booking/price/save',
  summary: '新增或修改场地价格规则（按星期或节假日、时间段；会员价按卡类型）',
  access: { permission: P.price.edit },
  body: z.object({
    ruleId: idNumber('价格规则').optional(),
    venueId: idNumber('场馆'),
    itemId: idNumber('运动项目'),
    ruleName: text('规则名称', 20),
    fieldIds: z.array(idNumber('场地'), { error: '请选择场地' }).max(MAX_FIELDS_PER_ITEM, '场地过多').default([]),
    weekdays: z
      .array(z.number({ error: '请选择星期' }).int('星期应为1-7').min(1, '星期应为1-7').max(7, '星期应为1-7'), { error: '请选择星期' })
      .max(7, '星期应为1-7')
      .default([1, 2, 3, 4, 5, 6, 7]),
    dates: z.array(day('节假日日期'), { error: '节假日日期格式错误' }).max(60, '节假日日期不能超过60个').default([]),
    beginTime: hhmm('开始时间'),
    endTime: hhmm('结束时间'),
    price: yuan('价格'),
    memberPrices: z
      .array(
        z.object({
          cardTypeId: idNumber('会员卡类型'),
          /** Yuan: a member price (a card type other than T). */
          price: yuan('会员价').optional(),
          /** A times card type (T): times a cell (a head on a C field) takes. */
          times: z
            .number({ error: '请输入扣除次数' })
            .int('扣除次数必须是整数')
            .min(1, '扣除次数至少为1')
            .max(MAX_CELL_TIMES, `扣除次数不能超过${MAX_CELL_TIMES}`)
            .optional(),
        }),
        { error: '会员价格式错误' },
      )
      .max(30, '会员价不能超过30条')
      .default([]),
  }),
  response: priceRule,
});
export const priceRemove = defineCall({
  method: 'POST',
  path: 'booking/price/remove',
  summary: '删除场地价格规则（已下的订单价格不变）',
  access: { permission: P.price.edit },
  body: z.object({ ruleId: idNumber('价格规则') }),
  response: z.object({ ruleId: z.number() }),
});

// ---- Cancellation rules (the tenant's) ----
export const bookingSetting = z.object({
  /** A paid booking can be cancelled until this many hours before its start (0: until the start). */
  cancelBeforeHours: z.number(),
  /** The fee kept on a cancellation, in percent of what the cancelled cells were paid. */
  feePercent: z.number(),
  /** Cancelled at least this many hours before its start, no fee (0: the fee always applies). */
  freeBeforeHours: z.number(),
  /** A paid booking with a member card lets that card through its venue's member gates from this many minutes before its start until its end. */
  gateEarlyMinutes: z.number(),
});
export type BookingSetting = z.infer<typeof bookingSetting>;
export const DEFAULT_BOOKING_SETTING: BookingSetting = { cancelBeforeHours: 2, feePercent: 20, freeBeforeHours: 24, gateEarlyMinutes: 30 };
const hours = (label: string) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(720, `${label}不能超过720`);
export const settingGet = defineCall({
  method: 'GET',
  path: 'booking/setting',
  summary: '订场退订规则',
  access: { anyOf: [P.setting.edit, P.order.add, P.order.cancel, P.order.list] },
  response: bookingSetting,
});
export const settingSave = defineCall({
  method: 'PUT',
  path: 'booking/setting',
  summary: '保存订场退订规则（提前小时数、手续费比例、会员卡提前入闸分钟数）',
  access: { permission: P.setting.edit },
  body: z.object({
    cancelBeforeHours: hours('最晚退订提前小时数'),
    feePercent: z.number({ error: '请输入手续费比例' }).int('手续费比例必须是整数').min(0, '手续费比例不能小于0').max(100, '手续费比例不能超过100'),
    freeBeforeHours: hours('免手续费提前小时数'),
    gateEarlyMinutes: z
      .number({ error: '请输入提前入闸分钟数' })
      .int('提前入闸分钟数必须是整数')
      .min(0, '提前入闸分钟数不能小于0')
      .max(720, '提前入闸分钟数不能超过720')
      .default(DEFAULT_BOOKING_SETTING.gateEarlyMinutes),
  }),
  response: bookingSetting,
});
