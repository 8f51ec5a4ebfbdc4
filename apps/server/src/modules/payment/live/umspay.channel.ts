import { createHash, createHmac, randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import type { ChannelAnswer, ChannelTiming, PayInput, RefundInput, RefundRef, TradeRef } from '../channel.ts';
import type { BillLine } from './bill-line.ts';
import { post } from './http.ts';
import type { ChannelSettings, LiveChannel, LiveOptions, ProbeAnswer } from './live-channel.ts';

type Answer = Record<string, unknown> & { errCode?: string; errInfo?: string };
const unknown = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'UNKNOWN', channelTradeNo, message });
const failed = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'FAILED', channelTradeNo, message });
const SUCCESS = '00';
/** errCodes that leave a trade's state open (a timeout or a fault behind the gateway): query, then void. */
const UNCLEAR = new Set(['USERPAYING', 'TIMEOUT', 'INTERNAL_ERROR', 'SYSTEM_ERROR', 'FF', '98']);
/** errCodes of an order the platform does not have. */
const NOT_EXIST = new Set(['NO_SUCH_ORDER', 'ORDER_NOT_EXIST', 'TRADE_NOT_EXIST']);

/**
 * The OPEN-BODY-SIG authorization of 银联商务's open platform: Signature = Base64(HmacSHA256(AppId +
 * Timestamp + Nonce + hex(SHA256(body)), AppKey)), Timestamp yyyyMMddHHmmss.
 */
export function openBodySig(
  appId: string,
  appKey: string,
  body: string,
  timestamp = dayjs().format('YYYYMMDDHHmmss'),
  nonce = randomBytes(16).toString('hex'),
) {
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  const signature = createHmac('sha256', appKey).update(`${appId}${timestamp}${nonce}${digest}`, 'utf8').digest('base64');
  return `OPEN-BODY-SIG AppId="${appId}", Timestamp="${timestamp}", Nonce="${nonce}", Signature="${signature}"`;
}

/**
 * 银联商务 (Chinaums) POS link barcode payment by its open platform (/v2/poslink/transaction/*): pay
 * (CODE_SCAN with the customer's code), query (queryResCode 0 paid, 1 timeout, 2 voided, 3 refunded,
 * 4 reversed, 5 failed, FF unknown), voidpayment (cancel), refund and query-refund; JSON bodies, each
 * request authorised by OPEN-BODY-SIG with the AppId and AppKey. errCode 00 is success. A request the
 * gateway refuses (HTTP 4xx: the signature or AppId) did nothing; no answer, a 5xx or an unclear code
 * leaves the result unknown.
 */
export class UmspayChannel implements LiveChannel {
  readonly remote = true;
  readonly needsAuthCode = true;
  readonly timing: ChannelTiming;

  constructor(
    private readonly s: ChannelSettings,
    private readonly o: LiveOptions,
  ) {
    this.timing = { waitMs: 25_000, queryEveryMs: 5_000, cancelAfterMs: 45_000, ...o.timing };
  }

  private async call(path: string, fields: Record<string, unknown>): Promise<{ a?: Answer; refused?: string; error?: string }> {
    const body = JSON.stringify({ merchantCode: this.s.params.merchantCode, terminalCode: this.s.params.terminalCode, ...fields });
    try {
      const res = await post(`${this.s.baseUrl.replace(/\/$/, '')}${path}`, body, {
        headers: { 'content-type': 'application/json; charset=utf-8', authorization: openBodySig(this.s.params.appId, this.s.secrets.appKey, body) },
        timeoutMs: this.o.httpTimeoutMs ?? 10_000,
        ca: this.o.ca,
      });
      let a: Answer | undefined;
      try {
        a = JSON.parse(res.body.toString('utf8')) as Answer;
      } catch {
        a = undefined;
      }
      if (res.status >= 400 && res.status < 500) return { refused: `银联商务拒绝请求：${String(a?.errInfo ?? `HTTP ${res.status}`)}` };
      if (res.status !== 200 || !a || typeof a !== 'object') return { error: `银联商务应答异常（HTTP ${res.status}）` };
      return { a };
    } catch (error) {
      return { error: `银联商务无响应：${(error as Error).message}` };
    }
  }

  private reason = (a: Answer) => `${String(a.errInfo || '未知原因')}（${String(a.errCode)}）`;

  async pay(input: PayInput): Promise<ChannelAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/pay', {
      transactionAmount: input.amountFen,
      transactionCurrencyCode: '156',
      merchantOrderId: input.orderNo,
      merchantRemark: (input.description || '商品').slice(0, 60),
      payMode: 'CODE_SCAN',
      payCode: input.authCode ?? '',
    });
    if (refused) return failed(refused);
    if (!a) return unknown(`${error}，结果未知`);
    if (a.errCode === SUCCESS) return { state: 'PAID', channelTradeNo: String(a.orderId ?? '') || null, message: '支付成功' };
    if (UNCLEAR.has(String(a.errCode))) return unknown(this.reason(a));
    return failed(this.reason(a));
  }

  async query({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/query', { merchantOrderId: orderNo });
    if (!a) return unknown(refused ?? error!);
    if (a.errCode !== SUCCESS) return NOT_EXIST.has(String(a.errCode)) ? failed(this.reason(a)) : unknown(this.reason(a));
    const tradeNo = String(a.orderId ?? '') || null;
    const desc = String(a.queryResDesc ?? '');
    switch (String(a.queryResCode)) {
      case '0':
      case '3':
        return { state: 'PAID', channelTradeNo: tradeNo, message: '支付成功' };
      case '2':
      case '4':
      case '5':
        return failed(desc || '交易失败', tradeNo);
      default:
        return unknown(desc || '交易状态未知', tradeNo);
    }
  }

  async cancel({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/voidpayment', { merchantOrderId: orderNo });
    if (!a) return unknown(refused ?? error!);
    if (a.errCode === SUCCESS) return failed('交易已撤销');
    if (NOT_EXIST.has(String(a.errCode))) return failed('交易不存在，无需撤销');
    return unknown(`撤销未完成：${this.reason(a)}`);
  }

  async refund(input: RefundInput): Promise<ChannelAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/refund', {
      merchantOrderId: input.orderNo,
      refundRequestId: input.refundNo,
      transactionAmount: input.amountFen,
    });
    if (refused) return failed(refused);
    if (!a) return unknown(error!);
    if (a.errCode === SUCCESS) return { state: 'PAID', channelTradeNo: String(a.refundOrderId ?? a.orderId ?? '') || null, message: '已退款' };
    return UNCLEAR.has(String(a.errCode)) ? unknown(this.reason(a)) : failed(this.reason(a));
  }

  async queryRefund({ orderNo, refundNo }: RefundRef): Promise<ChannelAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/query-refund', { merchantOrderId: orderNo, refundRequestId: refundNo });
    if (!a) return unknown(refused ?? error!);
    if (a.errCode !== SUCCESS) return NOT_EXIST.has(String(a.errCode)) ? failed(this.reason(a)) : unknown(this.reason(a));
    if (String(a.queryResCode) === '00') return { state: 'PAID', channelTradeNo: String(a.refundOrderId ?? '') || null, message: '已退款' };
    return failed(String(a.queryResInfo || '退款失败'));
  }

  async probe(): Promise<ProbeAnswer> {
    const { a, refused, error } = await this.call('/v2/poslink/transaction/query', { merchantOrderId: `PROBE${randomBytes(10).toString('hex')}` });
    if (!a) return { ok: false, message: refused ?? error! };
    return NOT_EXIST.has(String(a.errCode))
      ? { ok: true, message: `银联商务答复：${this.reason(a)}，AppId、AppKey 与商户号可用` }
      : { ok: false, message: `银联商务答复：${this.reason(a)}` };
  }

  /** 银联商务's POS link API has no bill download we could find documented: the bill comes from its merchant portal. */
  async bill(): Promise<BillLine[] | string> {
    return '银联商务对账单暂不支持自动下载，请在银联商务商户服务平台下载核对';
  }
}
