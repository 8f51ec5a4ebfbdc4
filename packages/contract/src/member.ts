import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload, defineUpload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, idList, idNumber, idParams, multilineString, plainString, remarkText, wholeNumber } from './common/fields.ts';

/** Card pay types: M stored value (yuan), T count (times), D period (validity only). */
export const CARD_PAY_TYPES = ['M', 'T', 'D'] as const;
/** Card states: A usable, B blacklist, L lost, R returned, C replaced, E expired, S stopped. */
export const CARD_STATES = ['A', 'B', 'L', 'R', 'C', 'E', 'S'] as const;
/** The states a count or period card can be extended (延期) in: usable or expired; never lost, returned, replaced, stopped or blacklisted. */
export const EXTENDABLE_CARD_STATES = ['A', 'E'] as const;
/**
 * Stored value still owed to the holder (未消费储值, 储值卡余额): a stored-value card's balance whatever its
 * state — lost, expired, stopped and blacklisted cards still owe theirs; returning or replacing a card
 * moves its balance out through the ledger, so the sum always equals the card ledgers'.
 */
export const OWING_CARD_STATES = CARD_STATES;
/** Only these states may be chosen for a purchase or rental (spec 4). */
export const SELECTABLE_CARD_STATES = ['A', 'B'] as const;
/** Kinds of a card ledger row. */
export const CONSUME_KINDS = ['OPEN', 'RECHARGE', 'CONSUME', 'REFUND', 'IMPORT', 'ADJUST'] as const;
/** What the screens and the exports call card states, pay types and ledger kinds. */
export const CARD_STATE_LABELS: Record<(typeof CARD_STATES)[number], string> = {
  A: '正常',
  B: '黑名单',
  L: '已挂失',
  R: '已退卡',
  C: '已换卡',
  E: '已过期',
  S: '已停用',
};
export const CARD_PAY_TYPE_LABELS: Record<(typeof CARD_PAY_TYPES)[number], string> = { M: '储值', T: '计次', D: '计时' };
export const CONSUME_KIND_LABELS: Record<(typeof CONSUME_KINDS)[number], string> = {
  OPEN: '开卡',
  RECHARGE: '充值',
  CONSUME: '消费',
  REFUND: '退款',
  IMPORT: '导入',
  ADJUST: '调整',
};
/** Search types of the member-card widget (spec 5): 2 card number or id, 3 member name, 4 phone, else fuzzy. */
export const SEARCH_TYPES = { cardNo: '2', memberName: '3', phone: '4' } as const;
/** Spec 8's card texts, shared by the server's refusals and the screens' warnings. */
export const CARD_MESSAGES = {
  notFound: '找不到会员信息',
  lookupFailed: '会员卡信息查询失败',
  unusable: '当前卡状态不可用',
  inBlacklist: '当前卡已加入黑名单',
  openQuestion: '该卡尚未开卡，确定现在开卡么？',
  opened: '开卡成功',
} as const;
/** Spec 8's warning for a card that cannot be used, by state. */
export const CARD_STATE_MESSAGES = {
  L: '当前卡状态不可用（已挂失）',
  R: '当前卡状态不可用（已退卡）',
  C: '当前卡状态不可用（已换卡）',
  B: '当前卡状态不可用（已加入黑名单）',
  E: '当前卡状态不可用（已过期）',
} as const;

export const card = z.object({
  cardId: z.number(),
  cardNo: z.string(),
  phyCardId: z.string().nullable(),
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  payType: z.enum(CARD_PAY_TYPES),
  /** Yuan for M cards, times for T cards, 0 for D cards. */
  balance: z.number(),
  useBeginTime: z.string().nullable(),
  useEndTime: z.string().nullable(),
  state: z.enum(CARD_STATES),
  isInBlack: z.boolean(),
  isOpened: z.enum(['T', 'F']),
  memberId: z.number(),
  memberName: z.string(),
  memberTypeName: z.string().nullable(),
  photo: z.string().nullable(),
  phone: z.string(),
  discountable: z.boolean(),
  /** Goods discount of the card type, e.g. 0.9; 1 when not discountable. */
  discount: z.number(),
  venueId: z.number().nullable(),
  remark: z.string(),
});
export type Card = z.infer<typeof card>;

export const cardQuery = listQuery.extend({
  size: wholeNumber(1, 9999).default(10),
  cardNoOrId: plainString('卡号').trim().max(50).optional(),
  memberName: plainString('会员姓名').trim().max(50).optional(),
  phone: plainString('手机号').trim().max(20).optional(),
  blurryKeyword: plainString('关键字').trim().max(50).optional(),
  isPhyCard: z.enum(['T', 'F']).optional(),
  venueId: id().optional(),
  state: z.enum(CARD_STATES).optional(),
  cardTypeId: id().optional(),
});
export const all = defineCall({
  method: 'GET',
  path: 'member/card/all',
  summary: '会员卡查询（卡号、姓名、电话或模糊）',
  access: { permission: PERMISSIONS.member.card.list },
  personal: true,
  query: cardQuery,
  response: pageOf(card),
});

export const allForBatchExtension = defineCall({
  method: 'GET',
  path: 'member/card/allForBatchExtension',
  summary: '可批量延期的会员卡（计次、计时卡，按到期日）',
  access: { permission: PERMISSIONS.member.card.extend },
  personal: true,
  query: listQuery.extend({ cardTypeId: id().optional(), endBefore: dateTime('endBefore').optional() }),
  response: pageOf(card),
});
/** batchExtend (its save, paid through 收款) is in member-cardtype.ts. */

export const payCard = z.object({
  cardId: z.number(),
  cardNo: z.string(),
  payType: z.enum(CARD_PAY_TYPES),
  cardTypeName: z.string(),
  useEndTime: z.string().nullable(),
  balance: z.number(),
  discountable: z.boolean(),
  discount: z.number(),
  sourceType: z.literal('card'),
});
export const allForPay = defineCall({
  method: 'GET',
  path: 'member/card/allForPay',
  summary: '会员可用于支付的卡',
  access: { permission: PERMISSIONS.member.card.list },
  query: z.object({
    memberId: id(),
    itemId: id().optional(),
    venueId: id().optional(),
    cardTypeId: id().optional(),
    payTypes: plainString('卡类型').max(10).default('M,T,D'),
  }),
  response: z.array(payCard),
});

const cardIdQuery = z.object({ cardId: plainString('会员卡号', { error: '请输入会员卡号' }).trim().min(1, '请输入会员卡号').max(50) });
export const getByCardId = defineCall({
  method: 'GET',
  path: 'member/card/getByCardId',
  summary: '按卡号、卡ID或物理卡号查询会员卡（查不到答 438）',
  access: { permission: PERMISSIONS.member.card.list },
  personal: true,
  query: cardIdQuery,
  response: card,
});
export const getCardForBinding = defineCall({
  method: 'GET',
  path: 'member/card/getCardForBinding',
  summary: '查询待绑定实体卡的会员卡',
  access: { permission: PERMISSIONS.member.card.bind },
  personal: true,
  query: cardIdQuery,
  response: card,
});
export const getByIds = defineCall({
  method: 'GET',
  path: 'member/card/getByIds',
  summary: '按ID批量查询会员卡',
  access: { permission: PERMISSIONS.member.card.list },
  personal: true,
  query: z.object({ cardIds: idList('会员卡') }),
  response: z.array(card),
});

export const cardSummary = z.object({
  cardId: z.number(),
  balance: z.number(),
  totalRecharge: z.number(),
  totalConsume: z.number(),
  totalRefund: z.number(),
  consumeCount: z.number(),
});
export const getCardSummary = defineCall({
  method: 'GET',
  path: 'member/card/getCardSummary',
  summary: '单卡汇总',
  access: { permission: PERMISSIONS.member.card.list },
  query: z.object({ cardId: id() }),
  response: cardSummary,
});
export const summaryByType = z.object({
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  payType: z.enum(CARD_PAY_TYPES),
  cardCount: z.number(),
  balance: z.number(),
  totalRecharge: z.number(),
  totalConsume: z.number(),
  totalRefund: z.number(),
});
export const getCardSummaryAll = defineCall({
  method: 'GET',
  path: 'member/card/getCardSummaryAll',
  summary: '按卡类型汇总',
  access: { permission: PERMISSIONS.member.card.list },
  query: z.object({ venueId: id().optional() }),
  response: z.array(summaryByType),
});

/** One ledger row: the sum of a card's rows always equals its balance. */
export const consume = z.object({
  consumeId: z.number(),
  cardId: z.number(),
  cardNo: z.string(),
  memberName: z.string(),
  kind: z.enum(CONSUME_KINDS),
  /** Signed change: yuan for M cards, times for T cards. */
  amount: z.number(),
  balanceAfter: z.number(),
  orderType: z.string().nullable(),
  orderId: z.number().nullable(),
  refundable: z.boolean(),
  refundedBy: z.number().nullable(),
  remark: z.string(),
  createTime: z.string(),
  createName: z.string(),
});
const consumeFilters = {
  beginTime: dateTime('beginTime').optional(),
  endTime: dateTime('endTime').optional(),
  kind: z.enum(CONSUME_KINDS).optional(),
};
export const queryOrderConsume = defineCall({
  method: 'GET',
  path: 'member/card/queryOrderConsume',
  summary: '单卡消费记录',
  access: { permission: PERMISSIONS.member.card.list },
  query: listQuery.extend({ cardId: id(), ...consumeFilters }),
  response: pageOf(consume),
});
export const queryOrderConsumeAll = defineCall({
  method: 'GET',
  path: 'member/card/queryOrderConsumeAll',
  summary: '全部消费记录',
  access: { permission: PERMISSIONS.member.card.list },
  query: listQuery.extend({ keyword: plainString('关键字').trim().max(50).optional(), venueId: id().optional(), ...consumeFilters }),
  response: pageOf(consume),
});
export const getPrintCardConsume = defineCall({
  method: 'GET',
  path: 'member/card/getPrintCardConsume',
  summary: '消费小票数据',
  access: { permission: PERMISSIONS.member.card.list },
  personal: true,
  query: z.object({ consumeId: id() }),
  response: z.object({ consume, card, venueName: z.string(), printTime: z.string() }),
});
export const refundCardConsume = defineCall({
  method: 'POST',
  path: 'member/card/refundCardConsume',
  summary: '消费退款（原路退回卡内，仅一次）',
  access: { permission: PERMISSIONS.member.card.refund },
  body: z.object({ consumeId: id('消费记录'), remark: remarkText('退款原因', 100).default('') }),
  response: consume,
});

export const openCard = defineCall({
  method: 'POST',
  path: 'member/card/openCard',
  summary: '开卡',
  access: { permission: PERMISSIONS.member.card.open },
  personal: true,
  body: z.object({ cardId: id('会员卡') }),
  response: card,
});
export const bindCard = defineCall({
  method: 'POST',
  path: 'member/card/bindCard',
  summary: '绑定实体卡',
  access: { permission: PERMISSIONS.member.card.bind },
  personal: true,
  body: z.object({ cardId: id('会员卡'), phyCardId: plainString('实体卡号', { error: '请刷实体卡' }).trim().min(5, '实体卡号至少5位').max(50) }),
  response: card,
});
export const updateRemark = defineCall({
  method: 'POST',
  path: 'member/card/updateRemark',
  summary: '修改备注（参数在查询串）',
  access: { permission: PERMISSIONS.member.card.remark },
  personal: true,
  query: z.object({ cardId: id(), remark: multilineString('备注').max(200, '备注不能超过200个字符').default('') }),
  response: card,
});

export const consumeSummaryRow = z.object({
  day: z.string(),
  cardTypeName: z.string(),
  payType: z.enum(CARD_PAY_TYPES),
  kind: z.string(),
  count: z.number(),
  amount: z.number(),
});
export const consumeSummaryBody = z.object({
  beginTime: dateTime('beginTime'),
  endTime: dateTime('endTime'),
  venueId: idNumber().optional(),
});
export const queryCardConsumeSummary = defineCall({
  method: 'POST',
  path: 'member/card/queryCardConsumeSummary',
  summary: '消费汇总（按日、卡类型、类别）',
  access: { permission: PERMISSIONS.member.card.list },
  body: consumeSummaryBody,
  response: z.array(consumeSummaryRow),
});

// ---- Files: .xlsx exports and the import (their refusals answer JSON) ----
export const exportCard = defineDownload({
  method: 'GET',
  path: 'member/card/exportCard',
  summary: '导出会员卡（.xlsx，条件同会员卡查询）',
  access: { permission: PERMISSIONS.member.card.export },
  query: cardQuery.omit({ current: true, size: true, page: true }),
  fileName: '会员卡.xlsx',
});
export const downloadCardModel = defineDownload({
  method: 'GET',
  path: 'member/card/downloadCardModel',
  summary: '下载会员卡导入模板（.xlsx）',
  access: { permission: PERMISSIONS.member.card.import },
  fileName: '会员卡导入模板.xlsx',
});
export const exportConsumeSummary = defineDownload({
  method: 'POST',
  path: 'member/card/exportCardConsumeSummary',
  summary: '导出消费汇总（.xlsx）',
  access: { permission: PERMISSIONS.member.card.export },
  body: consumeSummaryBody,
  fileName: '会员卡消费汇总.xlsx',
});
/** The summary export as a GET (what a download link sends): the body's fields in the query string. */
export const exportConsumeSummaryByQuery = defineDownload({
  method: 'GET',
  path: exportConsumeSummary.path,
  summary: '导出消费汇总（.xlsx，参数在查询串）',
  access: exportConsumeSummary.access,
  query: consumeSummaryBody.extend({ venueId: id().optional() }),
  fileName: exportConsumeSummary.fileName,
});
export const importResult = z.object({
  imported: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
const NOT_XLSX = '请上传按模板填写的 .xlsx 文件';
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Multipart `file` (.xlsx): every row checked; any bad row imports nothing. */
export const importCard = defineUpload({
  path: 'member/card/importCard',
  summary: '导入会员卡（multipart 字段 file，.xlsx）',
  access: { permission: PERMISSIONS.member.card.import },
  maxBytes: IMPORT_MAX_BYTES,
  refusals: { missing: NOT_XLSX, tooLarge: `文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024}MB`, wrongType: NOT_XLSX },
  response: importResult,
});
/** The paths of the file calls, as the API tests name them. */
export const EXPORT_CARD_PATH = exportCard.path;
export const DOWNLOAD_CARD_MODEL_PATH = downloadCardModel.path;
export const EXPORT_CONSUME_SUMMARY_PATH = exportConsumeSummary.path;
export const IMPORT_CARD_PATH = importCard.path;
/** Columns of the import template, in order. */
export const IMPORT_COLUMNS = ['会员卡号', '会员姓名', '手机号', '身份证号', '卡类型', '余额/次数', '有效期开始', '有效期结束', '备注'] as const;

export const cardType = z.object({
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  payType: z.enum(CARD_PAY_TYPES),
  price: z.number(),
  validDays: z.number(),
  times: z.number(),
  discountable: z.boolean(),
  discount: z.number(),
  itemIds: z.array(z.number()),
  state: z.string(),
  /** Yuan a day of 延期 costs, and the 补卡 fee: what those dialogs preview before confirming. */
  extendDayPrice: z.number(),
  replaceFee: z.number(),
});
export const cardTypes = defineCall({
  method: 'GET',
  path: 'member/cardType/all',
  summary: '会员卡类型',
  access: { permission: PERMISSIONS.member.card.list },
  response: z.array(cardType),
});

export const memberDetail = z.object({
  memberId: z.number(),
  memberName: z.string(),
  phone: z.string(),
  idNumber: z.string().nullable(),
  photo: z.string().nullable(),
  memberTypeName: z.string().nullable(),
  source: z.string(),
  family: z.array(z.object({ familyId: z.number(), name: z.string(), relation: z.enum(['S', 'F', 'M', 'O']), phone: z.string().nullable() })),
  blacklist: z.array(z.object({ ruleType: z.enum(['FC', 'TR', 'TE', 'FN']), reason: z.string(), createTime: z.string() })),
});
export const memberById = defineCall({
  method: 'GET',
  path: 'member/member/id/{id}',
  summary: '会员详情',
  access: { permission: PERMISSIONS.member.card.list },
  personal: true,
  params: idParams,
  response: memberDetail,
});
export * from './member-life.ts';
export * from './member-cardtype.ts';
