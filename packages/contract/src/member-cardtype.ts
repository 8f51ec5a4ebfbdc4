import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, idParams, plainString, remarkText, stateAS, text } from './common/fields.ts';
import { Msg } from './common/codes.ts';
import { yuan } from './common/money.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/**
 * Issue 16, the rest of the card side: card types administered (会员卡类型, member/cardType/*), 延期 of
 * count and period cards (one card, or many: allForBatchExtension and batchExtend) and 补卡 with its fee,
 * both paid through the 收款 dialog; blacklist rules (FC, TR, TE, FN); a member's detail page.
 */

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `请输入${label}` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能超过${max}`);

/** When a period card's validity starts: O when the card is opened, S when it is sold. */
export const VALID_STARTS = { O: '开卡生效', S: '售卡生效' } as const;
export const SALE_STATE_LABELS = { A: '在售', S: '停售' } as const;

export const cardTypeAdmin = z.object({
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  payType: z.enum(['M', 'T', 'D']),
  /** What the card costs (yuan). */
  price: z.number(),
  /** What a sold card starts with: yuan (M) or times (T); 0 for D. */
  face: z.number(),
  /** Given on top at sale: yuan (M) or times (T). */
  bonus: z.number(),
  validDays: z.number(),
  validMonths: z.number(),
  validStart: z.enum(['O', 'S']),
  discountable: z.boolean(),
  /** Goods discount per mille: 900 is 9折; 1000 none. */
  discountPerMille: z.number(),
  /** Yuan a day of 延期 costs (T and D cards); 0: extension is free. */
  extendDayPrice: z.number(),
  /** 补卡 fee in yuan; 0: no fee. */
  replaceFee: z.number(),
  venueIds: z.array(z.number()),
  venueNames: z.array(z.string()),
  itemIds: z.array(z.number()),
  /** Top-up bonus rules: from `min` (yuan or times) on, `bonus` more. */
  rechargeRules: z.array(z.object({ min: z.number(), bonus: z.number() })),
  /** A 在售, S 停售. */
  state: z.enum(['A', 'S']),
  sort: z.number(),
});
export type CardTypeAdmin = z.infer<typeof cardTypeAdmin>;

const cardTypeFields = {
  cardTypeName: text('卡类型名称', 30),
  payType: z.enum(['M', 'T', 'D'], { error: '请选择卡类别' }),
  price: yuan('售价'),
  face: z.number({ error: '请输入面值' }).min(0, '面值不能小于0').max(9_999_999, '面值不能超过9999999'),
  bonus: z.number({ error: '请输入赠送' }).min(0, '赠送不能小于0').max(9_999_999, '赠送不能超过9999999'),
  validDays: count('有效天数', 0, 36500).default(0),
  validMonths: count('有效月数', 0, 1200).default(0),
  validStart: z.enum(['O', 'S'], { error: '请选择生效方式' }).default('O'),
  discountable: z.boolean().default(false),
  discountPerMille: count('商品折扣', 1, 1000).default(1000),
  extendDayPrice: yuan('延期每天价格').default(0),
  replaceFee: yuan('补卡费').default(0),
  venueIds: z.array(idNumber('场馆')).max(200).default([]),
  itemIds: z.array(idNumber('运动项目')).max(200).default([]),
  rechargeRules: z
    .array(
      z.object({
        min: z.number({ error: '请输入充值满' }).positive('充值满必须大于0').max(9_999_999),
        bonus: z.number({ error: '请输入赠送' }).min(0, '赠送不能小于0').max(9_999_999),
      }),
    )
    .max(20, '充值赠送规则最多20条')
    .default([]),
  state: stateAS.default('A'),
  sort: count('排序', 0, 9999).default(999),
};
export const cardTypeForm = z.object(cardTypeFields);

export const cardTypePage = defineCall({
  method: 'GET',
  path: 'member/cardType/page',
  summary: '会员卡类型分页查询',
  access: { permission: PERMISSIONS.member.cardType.list },
  query: listQuery.extend({
    cardTypeName: plainString('卡类型名称').trim().max(30).optional(),
    payType: z.enum(['M', 'T', 'D']).optional(),
    state: stateAS.optional(),
  }),
  response: pageOf(cardTypeAdmin),
});
export const cardTypeAdd = defineCall({
  method: 'POST',
  path: 'member/cardType/add',
  summary: '新增会员卡类型',
  access: { permission: PERMISSIONS.member.cardType.add },
  body: cardTypeForm,
  response: cardTypeAdmin,
});
export const cardTypeEdit = defineCall({
  method: 'PUT',
  path: 'member/cardType/edit',
  summary: '修改会员卡类型（已售出的卡不变）',
  access: { permission: PERMISSIONS.member.cardType.edit },
  body: cardTypeForm.extend({ cardTypeId: idNumber('卡类型') }),
  response: cardTypeAdmin,
});
export const cardTypeSetState = defineCall({
  method: 'POST',
  path: 'member/cardType/setState',
  summary: '会员卡类型在售、停售',
  access: { permission: PERMISSIONS.member.cardType.edit },
  body: z.object({ cardTypeId: idNumber('卡类型'), state: stateAS }),
  response: cardTypeAdmin,
});
export const cardTypeForSale = defineCall({
  method: 'GET',
  path: 'member/cardType/forSale',
  summary: '办卡可选的卡类型（在售、适用于该场馆）',
  access: { permission: PERMISSIONS.member.card.sell },
  query: z.object({ venueId: id('场馆') }),
  response: z.array(cardTypeAdmin),
});

// ---- 延期 and 补卡: fee orders paid through the 收款 dialog ----
export const CARD_FEE_ORDER_TYPE = 'CARD_FEE_ORDER';
export const FEE_KIND_LABELS = { EXTEND: '延期', REPLACE: '补卡' } as const;
export const cardFeeOrder = z.object({
  orderId: z.number(),
  kind: z.enum(['EXTEND', 'REPLACE']),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  /** The card (or, for a batch, the first card and how many). */
  cardNo: z.string(),
  cardCount: z.number(),
  days: z.number(),
  newCardNo: z.string().nullable(),
  memberName: z.string(),
  cards: z.array(z.object({ cardId: z.number(), cardNo: z.string(), cardTypeName: z.string(), useEndTime: z.string().nullable(), fee: z.number() })),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  createName: z.string(),
  venueName: z.string(),
});
export type CardFeeOrder = z.infer<typeof cardFeeOrder>;
/** A fee of 0 changes the card(s) at once (order null); otherwise the order waits for 收款. */
export const feeOutcome = z.object({ order: cardFeeOrder.nullable(), extended: z.number(), newCardNo: z.string().nullable() });
export type FeeOutcome = z.infer<typeof feeOutcome>;
const days = z.number({ error: '请输入延期天数' }).int('延期天数必须是整数').min(1, '延期天数至少为1').max(3650, '延期天数不能超过3650');
export const createExtendOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/createExtendOrder',
  summary: '延期（计次、计时卡）：按卡类型的每天价格收款后延长有效期',
  access: { permission: PERMISSIONS.member.card.extend },
  body: z.object({ cardId: idNumber('会员卡'), days, venueId: idNumber('场馆'), remark: remarkText('备注', 100) }),
  response: feeOutcome,
});
export const batchExtend = defineCall({
  method: 'POST',
  path: 'member/card/batchExtend',
  summary: '批量延期：一张订单收款后延长每张卡的有效期',
  access: { permission: PERMISSIONS.member.card.extend },
  body: z.object({
    cardIds: z.array(idNumber()).min(1, Msg.chooseCard).max(1000),
    days,
    venueId: idNumber('场馆').optional(),
    remark: remarkText('备注', 100),
  }),
  response: feeOutcome,
});
export const createReplaceOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/createReplaceOrder',
  summary: '补卡：有补卡费时收款后换卡，无费用时立即换卡',
  access: { permission: PERMISSIONS.member.card.state },
  body: z.object({
    cardId: idNumber('会员卡'),
    newCardNo: plainString('新卡号')
      .trim()
      .regex(/^[0-9A-Za-z_-]{0,32}$/, '会员卡号只能是字母、数字、-、_，最多32位')
      .optional(),
    phyCardId: plainString('实体卡号').trim().max(50).optional(),
    venueId: idNumber('场馆'),
    remark: remarkText('原因', 100),
  }),
  response: feeOutcome,
});
export const queryFeeOrderForPay = defineCall({
  method: 'GET',
  path: 'member/cardOrder/queryFeeOrderForPay',
  summary: '延期、补卡订单应付',
  access: { anyOf: [PERMISSIONS.member.card.extend, PERMISSIONS.member.card.state] },
  query: forPayQuery,
  response: forPayAnswer(payableLine),
});
export const payFeeOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/payFeeOrder',
  summary: '延期、补卡订单收款（200 成功、605 结果未知、606 失败）',
  access: { anyOf: [PERMISSIONS.member.card.extend, PERMISSIONS.member.card.state] },
  body: payRequest,
  response: payResult,
});
export const feeOrderById = defineCall({
  method: 'GET',
  path: 'member/cardOrder/feeOrder/{id}',
  summary: '延期、补卡订单（小票）',
  access: { anyOf: [PERMISSIONS.member.card.extend, PERMISSIONS.member.card.state] },
  params: idParams,
  response: cardFeeOrder,
});

// ---- Blacklist rules ----
export const BLACKLIST_RULE_LABELS = { FC: '场地预订取消', TR: '门票退票', TE: '门票过期未用', FN: '预订未到场' } as const;
export const blacklistRule = z.object({
  ruleType: z.enum(['FC', 'TR', 'TE', 'FN']),
  ruleName: z.string(),
  /** Blacklisted from this many events on… */
  threshold: z.number(),
  /** …within this many days. */
  days: z.number(),
  state: z.enum(['A', 'S']),
  updateTime: z.string().nullable(),
});
export const blacklistRules = defineCall({
  method: 'GET',
  path: 'member/blacklistRule/all',
  summary: '黑名单规则（四种，未设置的为停用）',
  access: { permission: PERMISSIONS.member.blacklist.list },
  response: z.array(blacklistRule),
});
export const saveBlacklistRule = defineCall({
  method: 'POST',
  path: 'member/blacklistRule/save',
  summary: '设置黑名单规则',
  access: { permission: PERMISSIONS.member.blacklist.edit },
  body: z.object({
    ruleType: z.enum(['FC', 'TR', 'TE', 'FN'], { error: '请选择规则类型' }),
    threshold: count('次数', 1, 999),
    days: count('天数', 1, 3650),
    state: stateAS,
  }),
  response: blacklistRule,
});
export const applyBlacklistRules = defineCall({
  method: 'POST',
  path: 'member/blacklistRule/apply',
  summary: '立即按黑名单规则检查会员（每日任务也会执行）',
  access: { permission: PERMISSIONS.member.blacklist.edit },
  response: z.object({ members: z.number(), cards: z.number() }),
});
export const removeFromBlacklist = defineCall({
  method: 'POST',
  path: 'member/blacklist/remove',
  summary: '会员移出黑名单（规则加入的记录）',
  access: { permission: PERMISSIONS.member.blacklist.edit },
  body: z.object({ memberId: idNumber('会员'), remark: remarkText('原因', 100) }),
  response: z.object({ removed: z.number() }),
});

// ---- A member's detail page ----
export const memberPage = z.object({
  cards: z.array(
    z.object({
      cardId: z.number(),
      cardNo: z.string(),
      cardTypeName: z.string(),
      payType: z.enum(['M', 'T', 'D']),
      balance: z.number(),
      state: z.string(),
      isInBlack: z.boolean(),
      useEndTime: z.string().nullable(),
      /** Spec 8's warning of the card's state; null when it can be used. */
      warning: z.string().nullable(),
    }),
  ),
  consumes: z.array(
    z.object({
      consumeId: z.number(),
      cardNo: z.string(),
      kind: z.string(),
      amount: z.number(),
      balanceAfter: z.number(),
      remark: z.string(),
      createTime: z.string(),
    }),
  ),
  stateLogs: z.array(
    z.object({
      cardNo: z.string(),
      actionName: z.string(),
      fromState: z.string(),
      toState: z.string(),
      remark: z.string(),
      createTime: z.string(),
      createName: z.string(),
    }),
  ),
  audit: z.array(z.object({ actionName: z.string(), target: z.string(), username: z.string(), after: z.string().nullable(), createTime: z.string() })),
  blacklist: z.array(z.object({ ruleType: z.string(), ruleName: z.string(), reason: z.string(), createTime: z.string() })),
});
export const memberDetailPage = defineCall({
  method: 'GET',
  path: 'member/member/detail/{id}',
  summary: '会员详情页：会员卡、消费记录、状态变更和操作日志（最近 100 条）',
  access: { permission: PERMISSIONS.member.member.list },
  params: idParams,
  response: memberPage,
});

// ---- 会员类型 (the member_type list the member archive picks from), kept on the 会员卡类型 screen ----
export const memberTypeAdmin = z.object({
  memberTypeId: z.number(),
  memberTypeName: z.string(),
  /** A 启用, S 停用: a disabled type is no longer offered in the member archive. */
  state: z.enum(['A', 'S']),
  sort: z.number(),
});
export type MemberTypeAdmin = z.infer<typeof memberTypeAdmin>;
export const memberTypeForm = z.object({
  memberTypeName: text('会员类型名称', 20),
  state: stateAS.default('A'),
  sort: count('排序', 0, 9999).default(999),
});
export const memberTypePage = defineCall({
  method: 'GET',
  path: 'member/memberType/page',
  summary: '会员类型分页查询（含停用）',
  access: { permission: PERMISSIONS.member.cardType.list },
  query: listQuery.extend({ memberTypeName: plainString('会员类型名称').trim().max(20).optional() }),
  response: pageOf(memberTypeAdmin),
});
export const memberTypeAdd = defineCall({
  method: 'POST',
  path: 'member/memberType/add',
  summary: '新增会员类型',
  access: { permission: PERMISSIONS.member.cardType.add },
  body: memberTypeForm,
  response: memberTypeAdmin,
});
export const memberTypeEdit = defineCall({
  method: 'PUT',
  path: 'member/memberType/edit',
  summary: '修改会员类型（名称、排序、启用停用）',
  access: { permission: PERMISSIONS.member.cardType.edit },
  body: memberTypeForm.extend({ memberTypeId: idNumber('会员类型') }),
  response: memberTypeAdmin,
});
