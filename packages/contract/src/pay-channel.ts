import { z } from 'zod';
import { PERMISSIONS } from './common/access.ts';
import { defineCall, defineDownload } from './common/call.ts';
import { idNumber, idParams, plainString } from './common/fields.ts';
import { payModeName } from './payment.ts';

/**
 * Issue 31: the channel behind each scan-code pay mode, per venue or for the whole tenant (venueId 0,
 * a venue's own setting overrides it): 模拟通道 (the demo's simulator, no real money) or the platform
 * with the merchant's parameters. Secrets are sealed at rest and never answered: `secretsSet` names
 * those stored, and an empty secret on save keeps the stored one.
 */
export const SCAN_MODES = ['wechatpay', 'alipay', 'umspay'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
export const PROVIDERS = ['simulator', 'live'] as const;
export const PROVIDER_LABELS: Record<(typeof PROVIDERS)[number], string> = { simulator: '模拟通道', live: '真实通道' };
export const SIMULATED_NOTE = '模拟通道';
export const BAD_BASE_URL = '接口地址须为 https:// 或 http:// 开头';
/** Tenant-wide setting (every venue without its own). */
export const ALL_VENUES = 0;

export interface ChannelField {
  key: string;
  label: string;
  /** Sealed at rest, never answered. */
  secret?: boolean;
  /** A PEM text (key or certificate): a text area. */
  pem?: boolean;
  optional?: boolean;
  placeholder?: string;
}

/** What each platform needs (from its documentation), in the order the form shows them. */
export const CHANNEL_FIELDS: Record<ScanMode, ChannelField[]> = {
  wechatpay: [
    { key: 'appId', label: 'AppID', placeholder: 'wx 开头的公众号或小程序 AppID' },
    { key: 'mchId', label: '商户号', placeholder: '微信支付商户号 mch_id' },
    { key: 'apiKey', label: 'API密钥', secret: true, placeholder: 'APIv2 密钥（32位）' },
    { key: 'certPem', label: 'API证书', secret: true, pem: true, placeholder: 'apiclient_cert.pem 的内容（撤销、退款需要）' },
    { key: 'keyPem', label: 'API证书私钥', secret: true, pem: true, placeholder: 'apiclient_key.pem 的内容' },
    { key: 'deviceInfo', label: '终端设备号', optional: true, placeholder: 'device_info，可不填' },
  ],
  alipay: [
    { key: 'appId', label: 'AppID', placeholder: '支付宝开放平台应用 AppID' },
    { key: 'privateKey', label: '应用私钥', secret: true, pem: true, placeholder: 'RSA2 应用私钥（PKCS1 或 PKCS8）' },
    { key: 'alipayPublicKey', label: '支付宝公钥', secret: true, pem: true, placeholder: '开放平台“支付宝公钥”，用于验签' },
    { key: 'storeId', label: '门店编号', optional: true },
    { key: 'terminalId', label: '终端号', optional: true },
  ],
  umspay: [
    { key: 'appId', label: 'AppId', placeholder: '银联商务开放平台 AppId' },
    { key: 'appKey', label: 'AppKey', secret: true, placeholder: '开放平台 AppKey（OPEN-BODY-SIG 签名）' },
    { key: 'merchantCode', label: '商户号', placeholder: 'merchantCode（15位）' },
    { key: 'terminalCode', label: '终端号', placeholder: 'terminalCode（8位）' },
  ],
};

/** The production gateways the adapters call unless a setting names another (a sandbox, a test stand-in). */
export const DEFAULT_BASE_URLS: Record<ScanMode, string> = {
  wechatpay: 'https://api.mch.weixin.qq.com',
  alipay: 'https://openapi.alipay.com/gateway.do',
  umspay: 'https://api-mop.chinaums.com',
};

export const isScanMode = (mode: string): mode is ScanMode => (SCAN_MODES as readonly string[]).includes(mode);
export const requiredFields = (mode: ScanMode) => CHANNEL_FIELDS[mode].filter((f) => !f.optional);
/** The refusal of a scan-code payment whose channel is not set up, naming what to fill in. */
export const notConfigured = (mode: ScanMode, missing = requiredFields(mode)) =>
  `${payModeName(mode)}未配置商户参数，请在 系统管理 › 支付方式 › 商户参数 中填写：${missing.map((f) => f.label).join('、')}`;

/** A parameter or a PEM text: line breaks allowed (keys and certificates have them), no other control character. */
const value = z
  .string()
  .trim()
  .max(8000, '参数不能超过8000个字符')
  // oxlint-disable-next-line no-control-regex -- the control characters are what it refuses
  .regex(/^[^\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]*$/, '参数不能包含控制字符');
export const channelConfig = z.object({
  id: z.number(),
  payMode: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  provider: z.enum(PROVIDERS),
  baseUrl: z.string(),
  params: z.record(z.string(), z.string()),
  secretsSet: z.array(z.string()),
  updatedAt: z.string(),
});
export type ChannelConfig = z.infer<typeof channelConfig>;

export const list = defineCall({
  method: 'GET',
  path: 'system/payment/channel/list',
  summary: '扫码收款通道的商户参数（密钥不返回）',
  access: { permission: PERMISSIONS.system.payment.list },
  response: z.array(channelConfig),
});
export const save = defineCall({
  method: 'PUT',
  path: 'system/payment/channel/save',
  summary: '保存扫码收款通道的商户参数（密钥留空则不修改）',
  access: { permission: PERMISSIONS.system.payment.edit },
  body: z.object({
    payMode: z.enum(SCAN_MODES, { error: '请选择扫码收款渠道' }),
    venueId: z.number().int().min(0).max(2147483647),
    provider: z.enum(PROVIDERS, { error: '请选择模拟通道或真实通道' }),
    /** Empty: the platform's production gateway; else http(s)://… (a sandbox), checked by the server. */
    baseUrl: plainString('接口地址').trim().max(200, '接口地址不能超过200个字符').default(''),
    params: z.record(z.string().max(40), value).default({}),
    secrets: z.record(z.string().max(40), value).default({}),
  }),
  response: channelConfig,
});
export const remove = defineCall({
  method: 'DELETE',
  path: 'system/payment/channel/delete/{id}',
  summary: '删除场馆的商户参数（回到全部场馆的设置）',
  access: { permission: PERMISSIONS.system.payment.edit },
  params: idParams,
  response: z.null(),
});
export const test = defineCall({
  method: 'POST',
  path: 'system/payment/channel/test',
  summary: '测试商户参数：查询一笔不存在的订单，平台答“订单不存在”即参数可用',
  access: { permission: PERMISSIONS.system.payment.edit },
  body: z.object({ payMode: z.enum(SCAN_MODES, { error: '请选择扫码收款渠道' }), venueId: idNumber().or(z.literal(0)) }),
  response: z.object({ ok: z.boolean(), message: z.string() }),
});

// ---- 支付对账: a day's platform bill against the venue's payments and refunds ----
export const DIFF_KINDS = { HERE: '本地无记录', THERE: '渠道无记录', AMOUNT: '金额不一致' } as const;
export const TRADE_TYPES = { PAY: '收款', REFUND: '退款' } as const;
export const RECONCILE_STATES = { R: '对账中', D: '已完成', F: '失败' } as const;
const billDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择对账日期');
export const reconcileDiff = z.object({
  kind: z.enum(['HERE', 'THERE', 'AMOUNT']),
  tradeType: z.enum(['PAY', 'REFUND']),
  outNo: z.string(),
  channelNo: z.string(),
  localAmount: z.number().nullable(),
  billAmount: z.number().nullable(),
  tradeTime: z.string(),
});
export const reconcileRun = z.object({
  id: z.number(),
  venueId: z.number(),
  venueName: z.string(),
  payMode: z.string(),
  billDate: z.string(),
  state: z.enum(['R', 'D', 'F']),
  billCount: z.number(),
  localCount: z.number(),
  diffCount: z.number(),
  message: z.string(),
  updatedAt: z.string(),
  diffs: z.array(reconcileDiff),
});
export type ReconcileRun = z.infer<typeof reconcileRun>;
export const reconcileQuery = z.object({ billDate });
export const reconcileList = defineCall({
  method: 'GET',
  path: 'system/payment/reconcile/list',
  summary: '某日的支付对账结果（每个收款账户一份，含差异明细）',
  access: { permission: PERMISSIONS.system.payment.reconcile },
  query: reconcileQuery,
  response: z.array(reconcileRun),
});
export const reconcileRunNow = defineCall({
  method: 'POST',
  path: 'system/payment/reconcile/run',
  summary: '立即对账：下载各真实通道该日的对账单并逐笔核对',
  access: { permission: PERMISSIONS.system.payment.reconcile },
  body: reconcileQuery,
  response: z.array(reconcileRun),
});
export const reconcileExport = defineDownload({
  method: 'GET',
  path: 'system/payment/reconcile/export',
  summary: '导出某日的对账差异（.xlsx）',
  access: { permission: PERMISSIONS.system.payment.reconcile },
  query: reconcileQuery,
  fileName: '支付对账.xlsx',
  asciiName: 'pay-reconcile.xlsx',
});
