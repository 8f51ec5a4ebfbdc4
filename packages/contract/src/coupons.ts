import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { Msg } from './common/codes.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, idParams, plainString, remarkText, stateAS, text } from './common/fields.ts';
import { MAX_YUAN, yuan } from './common/money.ts';

/**
 * Marketing coupons (营销管理 › 优惠券管理, 发券, 领用记录): the venue's own coupons, defined here, issued
 * to members and revoked while unused. Paying with one is a later issue: the quick-verification
 * dialog's 场馆券 source still only shows its notice.
 */

/** A 满减 coupon takes `amount` (yuan) off; a 折扣 coupon charges `discount` per mille (850: 8.5折). */
export const COUPON_TYPES = ['A', 'D'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_TYPE_LABELS: Record<CouponType, string> = { A: '满减券', D: '折扣券' };

/** A member's coupon: U 未使用, D 已使用, E 已过期 (unused past its end date), R 已作废. */
export const MEMBER_COUPON_STATES = ['U', 'D', 'E', 'R'] as const;
export type MemberCouponState = (typeof MEMBER_COUPON_STATES)[number];
export const MEMBER_COUPON_STATE_LABELS: Record<MemberCouponState, string> = { U: '未使用', D: '已使用', E: '已过期', R: '已作废' };

/** Most members one 发券 reaches, and most coupons one member may hold of one definition. */
export const MAX_ISSUE_MEMBERS = 200;
export const MAX_PER_MEMBER = 99;
export const MAX_COUPON_QUANTITY = 999_999;

export const COUPON_TEXTS = {
  notFound: '优惠券不存在',
  memberCouponNotFound: '领用记录不存在',
  disabled: '优惠券已停用，不能发放',
  expired: '优惠券已过期，不能发放',
  soldOut: '优惠券剩余数量不足',
  perMember: (name: string, limit: number) => `会员「${name}」已达到每人限领数量（${limit}张）`,
  memberNotFound: '会员不存在',
  chooseMembers: '请选择会员',
  onlyUnused: '只能作废未使用的优惠券',
  valueLocked: '优惠券已发放，不能修改类型、面额、折扣和使用门槛',
  totalBelowIssued: (issued: number) => `发放总量不能少于已发放数量（${issued}张）`,
  amountOverMinSpend: '减免金额不能大于使用门槛',
  endBeforeBegin: '结束日期不能早于开始日期',
  issued: (n: number) => `发放成功，共${n}张`,
  revoked: '作废成功',
} as const;

const day = (label: string) => plainString(label, { error: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 yyyy-MM-dd`);

export const coupon = z.object({
  couponId: z.number(),
  couponName: z.string(),
  couponType: z.enum(COUPON_TYPES),
  /** 满减: yuan taken off; null for a 折扣 coupon. */
  amount: z.number().nullable(),
  /** 折扣: per mille charged; null for a 满减 coupon. */
  discount: z.number().nullable(),
  /** The order must reach this many yuan (0: no threshold). */
  minSpend: z.number(),
  beginDate: z.string(),
  endDate: z.string(),
  venueIds: z.array(z.number()),
  venueNames: z.array(z.string()),
  totalQuantity: z.number().int(),
  /** Coupons issued and not revoked: what the total is spent on. */
  issuedQuantity: z.number().int(),
  usedQuantity: z.number().int(),
  perMemberLimit: z.number().int(),
  state: z.enum(['A', 'S']),
  /** Past its end date (Asia/Shanghai). */
  expired: z.boolean(),
  remark: z.string(),
  createTime: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

const couponBase = z.object({
  couponName: text('优惠券名称', 30),
  couponType: z.enum(COUPON_TYPES, { error: '请选择优惠券类型' }),
  amount: yuan('减免金额').optional(),
  discount: z.number({ error: '请输入折扣' }).int('折扣必须是整数（千分比）').min(1, '折扣不能小于1‰').max(999, '折扣不能大于999‰').optional(),
  minSpend: yuan('使用门槛').default(0),
  beginDate: day('开始日期'),
  endDate: day('结束日期'),
  venueIds: z.array(idNumber('适用场馆'), { error: Msg.chooseVenues }).min(1, Msg.chooseVenues).max(100, '适用场馆最多100个'),
  totalQuantity: z
    .number({ error: '请输入发放总量' })
    .int('发放总量必须是整数')
    .min(1, '发放总量至少为1')
    .max(MAX_COUPON_QUANTITY, `发放总量不能超过${MAX_COUPON_QUANTITY}`),
  perMemberLimit: z
    .number({ error: '请输入每人限领' })
    .int('每人限领必须是整数')
    .min(1, '每人限领至少为1')
    .max(MAX_PER_MEMBER, `每人限领不能超过${MAX_PER_MEMBER}`)
    .default(1),
  state: stateAS.default('A'),
  remark: remarkText('备注', 200),
});
type RuleShape = { couponType: CouponType; amount?: number; discount?: number; minSpend: number; beginDate: string; endDate: string };
/** The rules across fields, for add and edit alike. */
const withRules = <S extends z.ZodType<RuleShape>>(schema: S) =>
  schema
    .refine((c) => c.couponType !== 'A' || (c.amount !== undefined && c.amount > 0), { message: '请输入减免金额', path: ['amount'] })
    .refine((c) => c.couponType !== 'D' || c.discount !== undefined, { message: '请输入折扣', path: ['discount'] })
    .refine((c) => c.couponType !== 'A' || !c.minSpend || (c.amount ?? 0) <= c.minSpend, { message: COUPON_TEXTS.amountOverMinSpend, path: ['amount'] })
    .refine((c) => c.endDate >= c.beginDate, { message: COUPON_TEXTS.endBeforeBegin, path: ['endDate'] });
const couponFields = withRules(couponBase);
export type CouponFields = z.input<typeof couponBase>;

const P = PERMISSIONS.marketing;

export const couponQuery = defineCall({
  method: 'GET',
  path: 'marketing/venueCoupon/query',
  summary: '优惠券定义（分页；我的场馆适用的）',
  access: { permission: P.venueCoupon.list },
  query: listQuery.extend({
    couponName: plainString('优惠券名称').trim().max(30).optional(),
    couponType: z.enum(COUPON_TYPES, { error: '优惠券类型不正确' }).optional(),
    state: stateAS.optional(),
    venueId: id('场馆').optional(),
  }),
  response: pageOf(coupon),
});

/** The coupons of my venues for a choice: 发券's (issuable=T: enabled, not expired) or 领用记录's filter (all). */
export const couponOptions = defineCall({
  method: 'GET',
  path: 'marketing/venueCoupon/all',
  summary: '优惠券选项（issuable=T 只含启用、未过期的）',
  access: { anyOf: [P.venueCoupon.issue, P.venueCoupon.list, P.memberCoupon.list] },
  query: z.object({ issuable: z.enum(['T', 'F'], { error: 'issuable 只能是 T 或 F' }).optional() }),
  response: z.array(coupon),
});

export const couponById = defineCall({
  method: 'GET',
  path: 'marketing/venueCoupon/id/{id}',
  summary: '优惠券详情',
  access: { anyOf: [P.venueCoupon.list, P.venueCoupon.issue] },
  params: idParams,
  response: coupon,
});

export const couponAdd = defineCall({
  method: 'POST',
  path: 'marketing/venueCoupon/add',
  summary: '新增优惠券',
  access: { permission: P.venueCoupon.add },
  body: couponFields,
  response: coupon,
});

export const couponEdit = defineCall({
  method: 'PUT',
  path: 'marketing/venueCoupon/edit',
  summary: '修改优惠券（已发放后类型、面额、折扣、门槛不可改）',
  access: { permission: P.venueCoupon.edit },
  body: withRules(couponBase.extend({ couponId: idNumber('优惠券') })),
  response: coupon,
});

export const couponState = defineCall({
  method: 'PUT',
  path: 'marketing/venueCoupon/state',
  summary: '启用或停用优惠券',
  access: { permission: P.venueCoupon.edit },
  body: z.object({ couponId: idNumber('优惠券'), state: stateAS }),
  response: coupon,
});

/** A member as 发券 finds them (phone masked without 查看完整手机号), and how many live coupons of the chosen one they hold. */
export const issueMember = z.object({
  memberId: z.number(),
  memberName: z.string(),
  phone: z.string(),
  /** Unrevoked coupons of `couponId` the member holds (0 without a coupon). */
  held: z.number().int(),
});
export type IssueMember = z.infer<typeof issueMember>;

export const issueMembers = defineCall({
  method: 'GET',
  path: 'marketing/memberCoupon/members',
  summary: '发券：按姓名、手机号查找会员',
  access: { permission: P.venueCoupon.issue },
  personal: true,
  query: z.object({
    keyword: plainString('关键字').trim().max(50).optional(),
    couponId: id('优惠券').optional(),
  }),
  response: z.array(issueMember),
});

export const memberCoupon = z.object({
  memberCouponId: z.number(),
  /** The coupon's own code, printed or read out at use. */
  code: z.string(),
  couponId: z.number(),
  couponName: z.string(),
  couponType: z.enum(COUPON_TYPES),
  amount: z.number().nullable(),
  discount: z.number().nullable(),
  minSpend: z.number(),
  beginDate: z.string(),
  endDate: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  /** Masked (138****0001). */
  phone: z.string(),
  state: z.enum(MEMBER_COUPON_STATES),
  issueTime: z.string(),
  issueUserName: z.string(),
  useTime: z.string().nullable(),
  useVenueName: z.string().nullable(),
  useOrderNo: z.string().nullable(),
  revokeTime: z.string().nullable(),
  revokeUserName: z.string().nullable(),
  revokeReason: z.string().nullable(),
  remark: z.string(),
});
export type MemberCoupon = z.infer<typeof memberCoupon>;

export const issue = defineCall({
  method: 'POST',
  path: 'marketing/memberCoupon/issue',
  summary: '发券：向一个或多个会员发放优惠券（不超过总量和每人限领）',
  access: { permission: P.venueCoupon.issue },
  personal: true,
  body: z.object({
    couponId: idNumber('优惠券'),
    memberIds: z
      .array(idNumber('会员'), { error: COUPON_TEXTS.chooseMembers })
      .min(1, COUPON_TEXTS.chooseMembers)
      .max(MAX_ISSUE_MEMBERS, `一次最多向${MAX_ISSUE_MEMBERS}位会员发券`)
      .refine((ids) => new Set(ids).size === ids.length, '会员不能重复'),
    /** Coupons each member receives. */
    quantity: z
      .number({ error: '请输入每人张数' })
      .int('每人张数必须是整数')
      .min(1, '每人张数至少为1')
      .max(MAX_PER_MEMBER, `每人张数不能超过${MAX_PER_MEMBER}`)
      .default(1),
    remark: remarkText('备注', 200),
  }),
  response: z.object({ issued: z.number().int(), coupons: z.array(memberCoupon) }),
});

const recordFilters = z.object({
  couponId: id('优惠券').optional(),
  /** Member name or phone. */
  keyword: plainString('关键字').trim().max(50).optional(),
  code: plainString('券码').trim().max(32).optional(),
  state: z.enum(MEMBER_COUPON_STATES, { error: '状态不正确' }).optional(),
  beginDate: day('开始日期').optional(),
  endDate: day('结束日期').optional(),
});
export type MemberCouponFilters = z.infer<typeof recordFilters>;

export const recordQuery = defineCall({
  method: 'GET',
  path: 'marketing/memberCoupon/query',
  summary: '领用记录：发放与使用（按优惠券、会员、券码、状态、发放日期）',
  access: { permission: P.memberCoupon.list },
  personal: true,
  query: listQuery.extend(recordFilters.shape),
  response: pageOf(memberCoupon),
});

export const revoke = defineCall({
  method: 'POST',
  path: 'marketing/memberCoupon/revoke',
  summary: '作废一张未使用的优惠券（数量退回）',
  access: { permission: P.memberCoupon.revoke },
  personal: true,
  body: z.object({ memberCouponId: idNumber('领用记录'), reason: remarkText('作废原因', 200) }),
  response: memberCoupon,
});

export const recordExport = defineDownload({
  method: 'GET',
  path: 'marketing/memberCoupon/export',
  summary: '导出领用记录（.xlsx，条件同查询）',
  access: { permission: P.memberCoupon.export },
  query: recordFilters,
  fileName: '优惠券领用记录.xlsx',
  asciiName: 'member-coupons.xlsx',
});

/** The largest yuan a coupon's amount or threshold takes (the money fields' own limit). */
export const COUPON_MAX_YUAN = MAX_YUAN;

/** 850‰ -> "8.5折", 800‰ -> "8折". */
export const discountText = (perMille: number) => `${perMille / 100}折`;

/** What a coupon gives, as the screens and the export say it: 满100减20, 无门槛减10元, 8.5折, 满50享8折. */
export function couponValueText(c: { couponType: CouponType; amount: number | null; discount: number | null; minSpend: number }): string {
  if (c.couponType === 'A') return c.minSpend > 0 ? `满${c.minSpend}减${c.amount ?? 0}` : `无门槛减${c.amount ?? 0}元`;
  const off = discountText(c.discount ?? 1000);
  return c.minSpend > 0 ? `满${c.minSpend}享${off}` : off;
}
