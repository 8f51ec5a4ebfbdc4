import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { Msg } from './common/codes.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, optionalText, plainString, remarkText, stateAS, text } from './common/fields.ts';

/** Centers and venues (场馆管理, issue 15 B1): a venue's details, its sports items with their settings, its closures. */

/** Where an item is needed and the venue offers none (spec 8). */
export const VENUE_NO_ITEMS = '当前场馆未设置项目，请先前往设置';
/** The same inside 项目设置 itself, where the items are set. */
export const VENUE_NO_ITEMS_HERE = '当前场馆未设置项目，请在下方新增项目';
/** F: sold by time slot; C: sold by headcount (人次). */
export const ITEM_SALE_MODES = { F: '按时段', C: '按人次' } as const;
/** S: one pass in and out; M: any number of passes on the day. */
export const ITEM_PASS_MODES = { S: '单次进出', M: '多次进出' } as const;
/** The most closures one venue may hold, and the longest reason. */
export const MAX_CLOSURES = 100;

const P = PERMISSIONS.system.venue;
const hhmm = (label: string) =>
  plainString(label, { error: `请输入${label}` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}格式应为HH:mm`);
/** A calendar day "YYYY-MM-DD" that exists (2026-02-30 does not). */
export const dayText = (label: string) =>
  plainString(label, { error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${label}不是有效日期`);
const sortField = z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0);

// ---- Centers ----
export const center = z.object({ centerId: z.number(), centerName: z.string(), state: z.enum(['A', 'S']), sort: z.number(), venueCount: z.number() });
export type Center = z.infer<typeof center>;
const centerFields = { centerName: text('中心名称', 30), state: stateAS.default('A'), sort: sortField };
export const centerAll = defineCall({
  method: 'GET',
  path: 'system/venue/centers',
  summary: '全部中心（含停用），各带场馆数',
  access: { anyOf: [P.list, P.add] },
  response: z.array(center),
});
export const centerAdd = defineCall({
  method: 'POST',
  path: 'system/venue/addCenter',
  summary: '新增中心',
  access: { permission: P.add },
  body: z.object(centerFields),
  response: center,
});
export const centerEdit = defineCall({
  method: 'PUT',
  path: 'system/venue/editCenter',
  summary: '修改中心',
  access: { permission: P.edit },
  body: z.object({ centerId: idNumber('中心'), ...centerFields }),
  response: center,
});

// ---- Venues ----
export const venueRow = z.object({
  venueId: z.number(),
  venueName: z.string(),
  centerId: z.number(),
  centerName: z.string(),
  address: z.string(),
  phone: z.string(),
  openTime: z.string(),
  closeTime: z.string(),
  state: z.enum(['A', 'S']),
  sort: z.number(),
  remark: z.string(),
  /** T: the venue's boards (/indexTX, /fieldTX, /flow/flowDashboard, /dataPageDefault) open without a login. */
  boardPublic: z.enum(['T', 'F']),
  /** Enabled sports items of the venue. */
  itemCount: z.number(),
  createTime: z.string(),
});
export type VenueRow = z.infer<typeof venueRow>;

export const venueItem = z.object({
  itemId: z.number(),
  itemName: z.string(),
  saleMode: z.enum(['F', 'C']),
  /** People at once (F) or a day (C); 0: no limit. */
  capacity: z.number(),
  passMode: z.enum(['S', 'M']),
  state: z.enum(['A', 'S']),
  sort: z.number(),
});
export type VenueItem = z.infer<typeof venueItem>;

export const closure = z.object({
  closureId: z.number(),
  /** null: the whole venue is closed; else only this item. */
  itemId: z.number().nullable(),
  itemName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
});
export type Closure = z.infer<typeof closure>;

export const venueDetail = venueRow.extend({ items: z.array(venueItem), closures: z.array(closure) });
export type VenueDetail = z.infer<typeof venueDetail>;

const venueFields = {
  venueName: text('场馆名称', 30),
  centerId: idNumber('所属中心'),
  address: optionalText('地址', 100).default(''),
  phone: plainString('联系电话')
    .trim()
    .max(20)
    .regex(/^(|1\d{10}|0\d{2,3}-?\d{7,8})$/, Msg.phoneInvalid)
    .default(''),
  openTime: hhmm('开馆时间').default('08:00'),
  closeTime: hhmm('闭馆时间').default('22:00'),
  state: stateAS.default('A'),
  sort: sortField,
  remark: remarkText('备注', 200).default(''),
  /** 公开看板; left out, an edit keeps what the venue has (a new venue: not public). */
  boardPublic: z.enum(['T', 'F'], { error: '公开看板应为T或F' }).optional(),
};
/** The opening hours must end after they start. */
export const HOURS_ORDER = '闭馆时间必须晚于开馆时间';

export const venueAll = defineCall({
  method: 'GET',
  path: 'system/venue/all',
  summary: '场馆分页查询（含停用）',
  access: { permission: P.list },
  query: listQuery.extend({
    blurry: plainString('关键字').trim().max(30).optional(),
    centerId: id('中心').optional(),
    state: stateAS.optional(),
  }),
  response: pageOf(venueRow),
});
export const venueGet = defineCall({
  method: 'GET',
  path: 'system/venue/{id}',
  summary: '场馆详情：项目设置与闭馆安排',
  access: { permission: P.list },
  params: z.object({ id: id('场馆') }),
  response: venueDetail,
});
export const venueAdd = defineCall({
  method: 'POST',
  path: 'system/venue/add',
  summary: '新增场馆',
  access: { permission: P.add },
  body: z.object(venueFields),
  response: venueRow,
});
export const venueEdit = defineCall({
  method: 'PUT',
  path: 'system/venue/edit',
  summary: '修改场馆',
  access: { permission: P.edit },
  body: z.object({ venueId: idNumber('场馆'), ...venueFields }),
  response: venueRow,
});
export const venueSetState = defineCall({
  method: 'PUT',
  path: 'system/venue/setState',
  summary: '启用或停用场馆',
  access: { permission: P.edit },
  body: z.object({ venueId: idNumber('场馆'), state: stateAS }),
  response: venueRow,
});

// ---- Sports items of a venue and their settings ----
export const allVenueWithSportItems = defineCall({
  method: 'GET',
  path: 'system/venue/allVenueWithSportItems',
  summary: '当前用户可用的场馆及各自启用的运动项目与设置',
  access: 'login',
  response: z.array(z.object({ venueId: z.number(), venueName: z.string(), centerId: z.number(), centerName: z.string(), items: z.array(venueItem) })),
});
export const itemSettingsByVenue = defineCall({
  method: 'GET',
  path: 'system/venue/getItemSettingsInfoByVenueId',
  summary: '场馆的全部运动项目设置（含停用）',
  access: { permission: P.list },
  query: z.object({ venueId: id('场馆') }),
  response: z.array(venueItem),
});
export const venueItemSettings = defineCall({
  method: 'GET',
  path: 'system/venue/getVenueItemSettings',
  summary: '场馆某个启用项目的设置，及今天起影响它的闭馆安排',
  access: 'login',
  query: z.object({ venueId: id('场馆'), itemId: id('运动项目') }),
  response: venueItem.extend({ closures: z.array(closure) }),
});
const whole = (label: string, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(max, `${label}不能大于${max}`);
export const editVenueItem = defineCall({
  method: 'POST',
  path: 'system/venue/editVenueItem',
  summary: '新增或修改场馆的运动项目设置（按项目名称新建项目）',
  access: { permission: P.item },
  body: z.object({
    venueId: idNumber('场馆'),
    /** An existing sports item of the tenant; absent: the item named `itemName` (created when new). */
    itemId: idNumber('运动项目').optional(),
    itemName: text('项目名称', 20),
    saleMode: z.enum(['F', 'C'], { error: '请选择售卖方式' }),
    capacity: whole('容纳人数', 100_000).default(0),
    passMode: z.enum(['S', 'M'], { error: '请选择通行方式' }),
    state: stateAS.default('A'),
    sort: sortField,
  }),
  response: z.array(venueItem),
});
export const editCloseInfo = defineCall({
  method: 'POST',
  path: 'system/venue/editCloseInfo',
  summary: '保存场馆的闭馆安排（整体替换）',
  access: { permission: P.close },
  body: z.object({
    venueId: idNumber('场馆'),
    closures: z
      .array(
        z.object({
          itemId: idNumber('运动项目').nullable().default(null),
          startDate: dayText('开始日期'),
          endDate: dayText('结束日期'),
          reason: text('闭馆原因', 100),
        }),
        { error: '请提供闭馆安排' },
      )
      .max(MAX_CLOSURES, `闭馆安排不能超过${MAX_CLOSURES}条`),
  }),
  response: z.array(closure),
});
/** A closure must end on or after the day it starts. */
export const CLOSURE_ORDER = '结束日期不能早于开始日期';
