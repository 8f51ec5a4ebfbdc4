import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { id, idNumber, idParams, plainString, remarkText, text } from './common/fields.ts';
import { Msg } from './common/codes.ts';
import { MAX_COUNT, yuan } from './common/money.ts';
import { forPayAnswer, forPayQuery, payableLine, payRequest, payResult } from './payment.ts';

/** Member archive (会员档案), card sale (办卡), top-up (充值/加次) and card state changes (挂失…退卡), issue 16. */

export const FAMILY_RELATIONS = ['S', 'F', 'M', 'O'] as const;
export const FAMILY_RELATION_LABELS: Record<(typeof FAMILY_RELATIONS)[number], string> = { S: '本人', F: '父亲', M: '母亲', O: '其他' };
export const MEMBER_SOURCES = ['B', 'W', 'M', 'Z', 'O'] as const;
export const MEMBER_SOURCE_LABELS: Record<(typeof MEMBER_SOURCES)[number], string> = { B: '后台', W: '微信', M: '小程序', Z: '本地应用', O: '其他' };
export const GENDERS = ['M', 'F'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { M: '男', F: '女' };

export const MOBILE = /^1\d{10}$/;
export const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;
/** 13812345678 -> 138****5678 (spec 5). */
export const maskMobile = (v: string) => v.replace(/^(\d{3})\d{4}/, '$1****');
/** 110101199001011234 -> 110***********1234: the first 3 and the last 4 stay. */
export const maskIdNumber = (v: string | null) => (v && v.length > 7 ? v.slice(0, 3) + '*'.repeat(v.length - 7) + v.slice(-4) : v);

const mobile = plainString('手机号', { error: '请输入手机号' }).trim().min(1, '请输入手机号').regex(MOBILE, Msg.mobileInvalid);
const familyMember = z.object({
  name: text('家庭成员姓名', 20),
  relation: z.enum(FAMILY_RELATIONS, { error: '请选择家庭关系' }),
  phone: plainString('家庭成员电话')
    .trim()
    .regex(/^(|1\d{10})$/, Msg.mobileInvalid)
    .optional(),
});
export const memberForm = z.object({
  memberName: text('会员姓名', 20),
  phone: mobile,
  idNumber: plainString('身份证号')
    .trim()
    .regex(/^(|\d{15}|\d{17}[\dXx])$/, Msg.idNumberInvalid)
    .optional(),
  gender: z.enum(GENDERS, { error: '请选择性别' }).optional(),
  birthday: plainString('生日')
    .regex(/^(|\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?)$/, '生日格式应为 yyyy-MM-dd')
    .optional(),
  photo: plainString('照片').trim().max(300).optional(),
  memberTypeId: idNumber('会员类型').optional(),
  source: z.enum(MEMBER_SOURCES, { error: '请选择来源' }).default('B'),
  remark: remarkText('备注', 200),
  family: z.array(familyMember).max(10, '家庭成员最多10人').default([]),
});

/** A member in a list: phone and ID number masked unless the viewer holds member:member:plain. */
export const memberRow = z.object({
  memberId: z.number(),
  memberName: z.string(),
  phone: z.string(),
  idNumber: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  photo: z.string().nullable(),
  memberTypeId: z.number().nullable(),
  memberTypeName: z.string().nullable(),
  source: z.enum(MEMBER_SOURCES),
  remark: z.string(),
  cardCount: z.number(),
  createTime: z.string(),
});
export const members = defineCall({
  method: 'GET',
  path: 'member/member/all',
  summary: '会员档案（按姓名、手机号、卡号查询；手机号、身份证号打码）',
  access: { permission: PERMISSIONS.member.member.list },
  personal: true,
  query: listQuery.extend({ keyword: plainString('关键字').trim().max(50).optional() }),
  response: pageOf(memberRow),
});
export const memberFull = memberRow.extend({
  family: z.array(z.object({ familyId: z.number(), name: z.string(), relation: z.enum(FAMILY_RELATIONS), phone: z.string().nullable() })),
});
export const addMember = defineCall({
  method: 'POST',
  path: 'member/member/add',
  summary: '新增会员',
  access: { permission: PERMISSIONS.member.member.add },
  personal: true,
  body: memberForm,
  response: memberFull,
});
export const editMember = defineCall({
  method: 'PUT',
  path: 'member/member/edit',
  summary: '修改会员（家庭成员整体替换）',
  access: { permission: PERMISSIONS.member.member.edit },
  personal: true,
  body: memberForm.extend({ memberId: idNumber('会员') }),
  response: memberFull,
});
export const memberArchive = defineCall({
  method: 'GET',
  path: 'member/member/archive/{id}',
  summary: '会员档案详情（含家庭成员）',
  access: { permission: PERMISSIONS.member.member.list },
  personal: true,
  params: idParams,
  response: memberFull,
});
export const memberTypes = defineCall({
  method: 'GET',
  path: 'member/memberType/all',
  summary: '会员类型',
  access: { permission: PERMISSIONS.member.member.list },
  response: z.array(z.object({ memberTypeId: z.number(), memberTypeName: z.string() })),
});

// ---- 办卡 and 充值: orders paid through the 收款 dialog ----
export const CARD_ORDER_TYPE = 'CARD_ORDER';
export const cardOrder = z.object({
  orderId: z.number(),
  kind: z.enum(['SALE', 'RECHARGE']),
  orderState: z.string(),
  payState: z.string(),
  pricePay: z.number(),
  cardId: z.number().nullable(),
  cardNo: z.string(),
  cardTypeName: z.string(),
  payType: z.enum(['M', 'T', 'D']),
  memberId: z.number().nullable(),
  memberName: z.string(),
  /** Yuan (M) or times (T) the card gets, and the bonus on top. */
  amount: z.number(),
  bonus: z.number(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  createName: z.string(),
  venueName: z.string(),
});
export type CardOrder = z.infer<typeof cardOrder>;
export const createSaleOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/createSaleOrder',
  summary: '办卡：创建售卡订单（收款后发卡）',
  access: { permission: PERMISSIONS.member.card.sell },
  body: z.object({
    memberId: idNumber('会员'),
    cardTypeId: idNumber('卡类型'),
    /** Empty: the server numbers the card. */
    cardNo: plainString('会员卡号')
      .trim()
      .regex(/^[0-9A-Za-z_-]{0,32}$/, '会员卡号只能是字母、数字、-、_，最多32位')
      .optional(),
    phyCardId: plainString('实体卡号').trim().max(50).optional(),
    openNow: z.boolean().default(true),
    venueId: idNumber('场馆'),
    remark: remarkText('备注', 100),
  }),
  response: cardOrder,
});
export const createRechargeOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/createRechargeOrder',
  summary: '充值（储值卡，元）或加次（计次卡，次）：创建订单，收款后入卡',
  access: { permission: PERMISSIONS.member.card.recharge },
  body: z.object({
    cardId: idNumber('会员卡'),
    /** Yuan for a stored-value card (what is paid and credited). */
    amount: yuan('充值金额').optional(),
    /** Times for a count card, paid at the type's price per time. */
    times: z.number({ error: '请输入次数' }).int('次数必须是整数').min(1, '次数至少为1').max(MAX_COUNT).optional(),
    venueId: idNumber('场馆'),
    remark: remarkText('备注', 100),
  }),
  response: cardOrder,
});
export const cardOrderLine = payableLine;
export const queryCardOrderForPay = defineCall({
  method: 'GET',
  path: 'member/cardOrder/queryOrderForPay',
  summary: '售卡、充值订单应付',
  access: { anyOf: [PERMISSIONS.member.card.sell, PERMISSIONS.member.card.recharge] },
  query: forPayQuery,
  response: forPayAnswer(cardOrderLine),
});
export const payCardOrder = defineCall({
  method: 'POST',
  path: 'member/cardOrder/payOrder',
  summary: '售卡、充值订单收款（200 成功、605 结果未知、606 失败）',
  access: { anyOf: [PERMISSIONS.member.card.sell, PERMISSIONS.member.card.recharge] },
  body: payRequest,
  response: payResult,
});
export const cardOrderById = defineCall({
  method: 'GET',
  path: 'member/cardOrder/id/{id}',
  summary: '售卡、充值订单（小票）',
  access: { anyOf: [PERMISSIONS.member.card.sell, PERMISSIONS.member.card.recharge] },
  params: idParams,
  response: cardOrder,
});
export const rechargeBonus = defineCall({
  method: 'GET',
  path: 'member/cardOrder/rechargeBonus',
  summary: '充值赠送（按卡类型的充值规则）与应付金额：储值卡 amount 为元，次卡 amount 为次数（按卡类型的每次价格）',
  access: { permission: PERMISSIONS.member.card.recharge },
  query: z.object({ cardId: id(), amount: plainString().regex(/^\d{1,7}(\.\d{1,2})?$/, '请输入正确的金额') }),
  response: z.object({ bonus: z.number(), price: z.number() }),
});

// ---- State changes ----
export const CARD_ACTIONS = ['LOSS', 'FOUND', 'STOP', 'RESUME', 'BLACK', 'UNBLACK'] as const;
export const CARD_ACTION_LABELS: Record<(typeof CARD_ACTIONS)[number] | 'REPLACE' | 'RETURN' | 'EXTEND' | 'EXPIRE', string> = {
  LOSS: '挂失',
  FOUND: '解挂',
  STOP: '停用',
  RESUME: '启用',
  BLACK: '拉黑',
  UNBLACK: '移出黑名单',
  REPLACE: '补卡',
  RETURN: '退卡',
  EXTEND: '延期',
  EXPIRE: '到期',
};
/** From which states each action may start, and the state it leaves. */
export const CARD_ACTION_RULES: Record<(typeof CARD_ACTIONS)[number], { from: readonly string[]; to: string }> = {
  LOSS: { from: ['A', 'B', 'S'], to: 'L' },
  FOUND: { from: ['L'], to: 'A' },
  STOP: { from: ['A'], to: 'S' },
  RESUME: { from: ['S'], to: 'A' },
  BLACK: { from: ['A'], to: 'B' },
  UNBLACK: { from: ['B'], to: 'A' },
};
export const stateLog = z.object({
  action: z.string(),
  actionName: z.string(),
  fromState: z.string(),
  toState: z.string(),
  newCardNo: z.string().nullable(),
  amount: z.number(),
  route: z.string().nullable(),
  remark: z.string(),
  createTime: z.string(),
  createName: z.string(),
});
export const changeCardState = defineCall({
  method: 'POST',
  path: 'member/card/changeState',
  summary: '挂失、解挂、停用、启用、拉黑、移出黑名单',
  access: { permission: PERMISSIONS.member.card.state },
  body: z.object({ cardId: idNumber('会员卡'), action: z.enum(CARD_ACTIONS, { error: '请选择操作' }), remark: remarkText('原因', 100) }),
  response: stateLog,
});
export const replaceCard = defineCall({
  method: 'POST',
  path: 'member/card/replaceCard',
  summary: '补卡：新卡带走余额和有效期，旧卡变为已换卡',
  access: { permission: PERMISSIONS.member.card.state },
  body: z.object({
    cardId: idNumber('会员卡'),
    newCardNo: plainString('新卡号')
      .trim()
      .regex(/^[0-9A-Za-z_-]{0,32}$/, '会员卡号只能是字母、数字、-、_，最多32位')
      .optional(),
    phyCardId: plainString('实体卡号').trim().max(50).optional(),
    remark: remarkText('原因', 100),
  }),
  response: stateLog,
});
export const REFUND_ROUTES = { T: '原路退回', F: '现金退回' } as const;
export const returnCard = defineCall({
  method: 'POST',
  path: 'member/card/returnCard',
  summary: '退卡：退还剩余储值（一次），卡关闭',
  access: { permission: PERMISSIONS.member.card.cardReturn },
  body: z.object({ cardId: idNumber('会员卡'), route: z.enum(['T', 'F'], { error: '请选择退款方式' }), remark: remarkText('原因', 100) }),
  response: stateLog,
});
export const cardStateLogs = defineCall({
  method: 'GET',
  path: 'member/card/stateLogs',
  summary: '会员卡状态变更记录',
  access: { permission: PERMISSIONS.member.card.list },
  query: z.object({ cardId: id() }),
  response: z.array(stateLog),
});
export const liability = defineCall({
  method: 'GET',
  path: 'member/card/liability',
  summary: '未消费储值（按场馆、卡类型），等于卡余额之和',
  access: { permission: PERMISSIONS.member.card.list },
  response: z.object({
    total: z.number(),
    rows: z.array(z.object({ venueId: z.number().nullable(), venueName: z.string(), cardTypeName: z.string(), cardCount: z.number(), balance: z.number() })),
  }),
});
