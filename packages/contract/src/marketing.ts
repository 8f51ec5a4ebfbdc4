import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { listQuery, pageOf } from './common/envelope.ts';
import { dateTime, id, idNumber, optionalText, plainString, text } from './common/fields.ts';

/**
 * Short-video platform (抖音) group-buy vouchers: lookup, verification (核销), cancel (撤销核销) and the
 * verification records. Voucher amounts are the platform's, in fen (spec 3, 9: shown divided by 100).
 */
export const MARKETING_TEXTS = {
  noVoucher: '未查询到优惠券/团购券信息',
  typeNotOpen: '该类型券暂未开放',
  enterCode: '请输入券码',
  chooseVoucher: '请选择要核销的券',
  notConfigured: '当前场馆未配置短视频平台团购核销',
  /** The platform answered something its documentation does not describe (logged with its logid). */
  unreadable: '抖音返回的数据无法识别',
  notDouyinQr: '不是抖音团购券二维码，请输入券码',
  /** The lookup's verify token was spent by a verification: every verification needs its own 验券准备. */
  lookupSpent: '该次查询已用于核销，请重新查询',
} as const;

/** 1 团购套餐 (meal), 2 代金券 (cash voucher: not open, spec 4), 3 次卡 (times card). */
export const GROUPON_TYPES = [1, 2, 3] as const;

/**
 * What the staff typed or scanned: a voucher code (digits), the customer's QR code (a short link such as
 * https://v.douyin.com/xxxx/, or a link carrying its object_id), or the object_id itself.
 */
const voucherCode = plainString('券码', { error: MARKETING_TEXTS.enterCode })
  .trim()
  .min(1, MARKETING_TEXTS.enterCode)
  .max(512, '券码不能超过512个字符')
  .regex(/^(https?:\/\/[\x21-\x7e]+|[0-9A-Za-z_\-=+/.~%]+)$/, '券码只能包含字母和数字，或是抖音券二维码链接');

const platformId = plainString('编号').trim().min(1).max(64);
/** The platform's encrypted voucher code (about 90 characters, length not fixed): what verification sends. */
const encryptedCode = plainString('加密券码').trim().min(1).max(1024, '加密券码不能超过1024个字符');

/**
 * One voucher of a lookup. Prepare answers no plain code and no certificate id ("该接口不返回明文券码，只返回加密
 * 券码"): a voucher is its encrypted code until verification answers its certificate id and plain code.
 */
export const certificate = z.object({
  encryptedCode: z.string(),
  /** Chosen on this desk (spec 3: the local checked flag). */
  checked: z.boolean(),
  sku: z.object({ skuId: z.string(), title: z.string(), grouponType: z.number().int() }),
  amount: z.object({ originalAmount: z.number().int(), payAmount: z.number().int() }),
  /** When it stops being usable, "YYYY-MM-DD HH:mm:ss" (Asia/Shanghai). */
  expireTime: z.string(),
});
export type Certificate = z.infer<typeof certificate>;

/** What a lookup answers (spec 3 "Voucher lookup result"). */
export const voucherLookup = z.object({
  /** What the staff typed or scanned. */
  code: z.string(),
  venueId: z.number(),
  description: z.string(),
  errorCode: z.number().int(),
  orderId: z.string(),
  verifyToken: z.string(),
  certificates: z.array(certificate),
});
export type VoucherLookup = z.infer<typeof voucherLookup>;

export const couponByCode = defineCall({
  method: 'GET',
  path: 'marketing/coupon/queryByCode',
  summary: '按券码查询短视频平台团购券（验券准备）',
  access: { permission: PERMISSIONS.marketing.coupon.verify },
  query: z.object({ code: voucherCode, venueId: id('场馆') }),
  response: voucherLookup,
});

export const RECORD_STATES = ['P', 'V', 'U', 'F', 'C'] as const;
export type RecordState = (typeof RECORD_STATES)[number];
/** P 核销中, V 已核销, U 结果未知 (settled by the status query), F 核销失败, C 已撤销. */
export const RECORD_STATE_LABELS: Record<RecordState, string> = { P: '核销中', V: '已核销', U: '结果未知', F: '核销失败', C: '已撤销' };

export const verificationRecord = z.object({
  recordId: z.number(),
  /** The voucher's plain code as verification answered it (origin_code), else what the staff typed or scanned. */
  code: z.string(),
  /** The platform's certificate id from the verify answer (what 撤销核销 sends); empty until it answered. */
  certificateId: z.string(),
  encryptedCode: z.string(),
  orderId: z.string(),
  skuId: z.string(),
  skuTitle: z.string(),
  /** fen */
  payAmount: z.number().int(),
  originalAmount: z.number().int(),
  state: z.enum(RECORD_STATES),
  verifyId: z.string().nullable(),
  verifyTime: z.string().nullable(),
  /** The platform's word on a failure or a cancel refusal. */
  message: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  userName: z.string(),
  createTime: z.string(),
  cancelTime: z.string().nullable(),
  cancelUserName: z.string().nullable(),
  /** Still inside the platform's hour for 撤销核销. */
  cancellable: z.boolean(),
  /** The platform's logid of each call for this voucher ("prepare:…", "verify:…", "get:…", "cancel:…"), for its support. */
  logids: z.array(z.string()),
});
export type VerificationRecord = z.infer<typeof verificationRecord>;

export const verifyResult = z.object({
  verified: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  /** One line per voucher that did not verify, in Chinese. */
  messages: z.array(z.string()),
  records: z.array(verificationRecord),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** The whole lookup result with the chosen certificates (spec 7); the server verifies the checked ones of that lookup's prepare. */
export const verifyDouYinCoupon = defineCall({
  method: 'POST',
  path: 'marketing/couponVerificationRecord/verifyDouYinCoupon',
  summary: '核销所选的短视频平台团购券',
  access: { permission: PERMISSIONS.marketing.coupon.verify },
  body: z.object({
    code: voucherCode,
    venueId: idNumber('场馆'),
    orderId: optionalText('订单号', 64),
    /** The lookup's token: its prepared vouchers are verified without preparing again (prepare and verify one to one). */
    verifyToken: optionalText('验券标识', 1024),
    certificates: z
      .array(z.object({ encryptedCode, checked: z.boolean() }).loose())
      .max(100, '一次最多核销100张券')
      .refine((list) => list.some((c) => c.checked), MARKETING_TEXTS.chooseVoucher),
  }),
  response: verifyResult,
});

/** Scan and go: looks the code up and verifies one voucher of its order (one sku only; several skus: choose after 查询). */
export const queryAndVerificationCoupon = defineCall({
  method: 'POST',
  path: 'marketing/couponVerificationRecord/queryAndVerificationCoupon',
  summary: '查询并核销一张短视频平台团购券',
  access: { permission: PERMISSIONS.marketing.coupon.verify },
  body: z.object({ code: voucherCode, venueId: idNumber('场馆') }),
  response: verifyResult,
});

export const cancelByVerifyId = defineCall({
  method: 'POST',
  path: 'marketing/couponVerificationRecord/cancelByVerifyId',
  summary: '撤销核销（核销后一小时内）',
  access: { permission: PERMISSIONS.marketing.couponRecord.cancel },
  query: z.object({ verifyId: platformId }),
  response: verificationRecord,
});

const recordFilters = z.object({
  venueId: id().optional(),
  code: plainString('券码').trim().max(64).optional(),
  skuTitle: plainString('商品名称').trim().max(50).optional(),
  state: z.enum(RECORD_STATES, { error: '状态不正确' }).optional(),
  beginTime: dateTime('beginTime').optional(),
  endTime: dateTime('endTime').optional(),
});
export type RecordFilters = z.infer<typeof recordFilters>;

export const recordQuery = defineCall({
  method: 'GET',
  path: 'marketing/couponVerificationRecord/query',
  summary: '核销记录（我的场馆）',
  access: { permission: PERMISSIONS.marketing.couponRecord.list },
  query: listQuery.extend(recordFilters.shape),
  response: pageOf(verificationRecord),
});

export const recordExport = defineDownload({
  method: 'GET',
  path: 'marketing/couponVerificationRecord/export',
  summary: '导出核销记录（.xlsx，条件同查询）',
  access: { permission: PERMISSIONS.marketing.couponRecord.export },
  query: recordFilters,
  fileName: '核销记录.xlsx',
  asciiName: 'coupon-verifications.xlsx',
});

/** Per day and sku: what was verified and not cancelled, to reconcile with the platform's settlement. */
export const dailyTotal = z.object({ day: z.string(), skuId: z.string(), skuTitle: z.string(), count: z.number().int(), payAmount: z.number().int() });
export const dailyTotals = defineCall({
  method: 'GET',
  path: 'marketing/couponVerificationRecord/dailyTotals',
  summary: '每日按商品核销汇总（对账）',
  access: { permission: PERMISSIONS.marketing.couponRecord.list },
  query: recordFilters.pick({ venueId: true, beginTime: true, endTime: true }),
  response: z.array(dailyTotal),
});

/** A venue's platform settings (spec: configured per venue); the client secret is write-only. */
export const PROVIDERS = ['simulator', 'douyin'] as const;
export const PROVIDER_LABELS: Record<(typeof PROVIDERS)[number], string> = { simulator: '模拟平台（演示）', douyin: '抖音来客（正式）' };
export const voucherConfig = z.object({
  venueId: z.number(),
  provider: z.enum(PROVIDERS),
  baseUrl: z.string(),
  clientKey: z.string(),
  poiId: z.string(),
  /** Whether a client secret is stored (it is never sent back). */
  secretSet: z.boolean(),
});
export type VoucherConfig = z.infer<typeof voucherConfig>;

export const configGet = defineCall({
  method: 'GET',
  path: 'marketing/couponConfig/get',
  summary: '场馆的短视频平台设置',
  access: { permission: PERMISSIONS.marketing.couponConfig.edit },
  query: z.object({ venueId: id('场馆') }),
  response: voucherConfig.nullable(),
});

export const configSave = defineCall({
  method: 'PUT',
  path: 'marketing/couponConfig/save',
  summary: '保存场馆的短视频平台设置（密钥加密保存）',
  access: { permission: PERMISSIONS.marketing.couponConfig.edit },
  body: z
    .object({
      venueId: idNumber('场馆'),
      provider: z.enum(PROVIDERS, { error: '请选择平台' }),
      baseUrl: plainString('接口地址').trim().max(200, '接口地址不能超过200个字符').default(''),
      clientKey: plainString('Client Key').trim().max(64, 'Client Key不能超过64个字符').default(''),
      /** Empty: keep the stored one. */
      clientSecret: plainString('Client Secret').trim().max(128, 'Client Secret不能超过128个字符').default(''),
      poiId: text('门店ID', 64),
    })
    .refine((c) => c.provider !== 'douyin' || /^https:\/\/[^\s]+$/.test(c.baseUrl), { message: '接口地址须为 https:// 开头', path: ['baseUrl'] })
    .refine((c) => c.provider !== 'douyin' || c.clientKey.length > 0, { message: '请输入Client Key', path: ['clientKey'] }),
  response: voucherConfig,
});
