import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { ChannelAnswer, ChannelTiming, PayInput, RefundInput, RefundRef, TradeRef } from '../channel.ts';
import { post } from './http.ts';
import type { BillLine } from './bill-line.ts';
import type { ChannelSettings, LiveChannel, LiveOptions, ProbeAnswer } from './live-channel.ts';
import { parseWechatBill } from './wechatpay-bill.ts';
import { fromXml, nonce, toXml, wxSign, wxVerify, type WxFields } from './wechatpay-v2.ts';

const SIGN_TYPE = 'HMAC-SHA256';
/** Unclear answers of micropay (the doc: query, then reverse if still unclear). */
const PAY_UNCLEAR = new Set(['USERPAYING', 'SYSTEMERROR', 'BANKERROR', 'ORDERPAID']);
const NOT_EXIST = 'ORDERNOTEXIST';
const unknown = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'UNKNOWN', channelTradeNo, message });
const failed = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'FAILED', channelTradeNo, message });

type Call = { ok: true; fields: WxFields } | { ok: false; answer: ChannelAnswer };

/**
 * WeChat Pay 付款码支付 (API v2): micropay, orderquery, reverse (secapi, client certificate; the doc asks
 * for at least 15 s after the pay call), refund (secapi, with the order's total_fee) and refundquery,
 * downloadbill. Every request is signed HMAC-SHA256 with the API key and every answer's signature is
 * checked: an answer that does not verify is never taken as paid (its result is unknown).
 */
export class WechatPayChannel implements LiveChannel {
  readonly remote = true;
  readonly needsAuthCode = true;
  readonly timing: ChannelTiming;

  constructor(
    private readonly s: ChannelSettings,
    private readonly o: LiveOptions,
  ) {
    this.timing = { waitMs: 25_000, queryEveryMs: 5_000, cancelAfterMs: 45_000, ...o.timing };
  }

  private get base() {
    return { appid: this.s.params.appId, mch_id: this.s.params.mchId, nonce_str: nonce(), sign_type: SIGN_TYPE };
  }

  /** One signed call: the answer's fields when the platform answered SUCCESS at the transport level and its signature holds. */
  private async call(path: string, fields: WxFields, secure = false): Promise<Call> {
    const body = { ...fields };
    body.sign = wxSign(body, this.s.secrets.apiKey, SIGN_TYPE);
    let text: string;
    try {
      const res = await post(`${this.s.baseUrl.replace(/\/$/, '')}${path}`, toXml(body), {
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        timeoutMs: this.o.httpTimeoutMs ?? 10_000,
        ca: this.o.ca,
        ...(secure ? { cert: this.s.secrets.certPem, key: this.s.secrets.keyPem } : {}),
      });
      if (res.status !== 200) return { ok: false, answer: unknown(`微信支付应答异常（HTTP ${res.status}）`) };
      text = res.body.toString('utf8');
    } catch (error) {
      return { ok: false, answer: unknown(`微信支付无响应：${(error as Error).message}`) };
    }
    const answer = fromXml(text);
    if (!answer) return { ok: false, answer: unknown('微信支付应答无法识别') };
    // return_code FAIL: the request was not taken (a wrong signature, a missing field): nothing happened.
    if (answer.return_code !== 'SUCCESS') return { ok: false, answer: failed(`微信支付拒绝请求：${answer.return_msg || '未知原因'}`) };
    if (!wxVerify(answer, this.s.secrets.apiKey, SIGN_TYPE)) return { ok: false, answer: unknown('微信支付应答签名验证失败，结果未知') };
    return { ok: true, fields: answer };
  }

  private reason = (f: WxFields) => `${f.err_code_des || f.err_code || '未知原因'}${f.err_code ? `（${f.err_code}）` : ''}`;

  async pay(input: PayInput): Promise<ChannelAnswer> {
    const r = await this.call('/pay/micropay', {
      ...this.base,
      device_info: this.s.params.deviceInfo ?? '',
      body: (input.description || '商品').slice(0, 40),
      out_trade_no: input.orderNo,
      total_fee: String(input.amountFen),
      fee_type: 'CNY',
      spbill_create_ip: input.clientIp || '127.0.0.1',
      auth_code: input.authCode ?? '',
    });
    if (!r.ok) return r.answer;
    const f = r.fields;
    if (f.result_code === 'SUCCESS') {
      if (Number(f.total_fee) !== input.amountFen) return unknown('微信支付应答金额与订单不符', f.transaction_id || null);
      return { state: 'PAID', channelTradeNo: f.transaction_id || null, message: '支付成功' };
    }
    if (PAY_UNCLEAR.has(f.err_code)) return unknown(f.err_code === 'USERPAYING' ? '用户支付中，需要输入密码' : this.reason(f));
    return failed(this.reason(f));
  }

  async query({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const r = await this.call('/pay/orderquery', { ...this.base, out_trade_no: orderNo });
    if (!r.ok) return r.answer.state === 'FAILED' ? unknown(r.answer.message) : r.answer;
    const f = r.fields;
    if (f.result_code !== 'SUCCESS') return f.err_code === NOT_EXIST ? failed(this.reason(f)) : unknown(this.reason(f));
    const tradeNo = f.transaction_id || null;
    switch (f.trade_state) {
      case 'SUCCESS':
      case 'REFUND':
        return { state: 'PAID', channelTradeNo: tradeNo, message: '支付成功' };
      case 'USERPAYING':
      case 'NOTPAY':
        return unknown(f.trade_state_desc || '用户支付中', tradeNo);
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return failed(f.trade_state_desc || f.trade_state, tradeNo);
      default:
        return unknown(f.trade_state_desc || '交易状态未知', tradeNo);
    }
  }

  /** secapi/pay/reverse: recall=Y asks for another call. */
  async cancel({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const r = await this.call('/secapi/pay/reverse', { ...this.base, out_trade_no: orderNo }, true);
    if (!r.ok) return r.answer.state === 'FAILED' ? unknown(r.answer.message) : r.answer;
    const f = r.fields;
    if (f.result_code === 'SUCCESS') return f.recall === 'Y' ? unknown('撤销需重试') : failed('交易已撤销');
    if (f.err_code === NOT_EXIST) return failed('交易不存在，无需撤销');
    return unknown(`撤销未完成：${this.reason(f)}`);
  }

  async refund(input: RefundInput): Promise<ChannelAnswer> {
    const r = await this.call(
      '/secapi/pay/refund',
      {
        ...this.base,
        out_trade_no: input.orderNo,
        out_refund_no: input.refundNo,
        total_fee: String(input.totalFen ?? input.amountFen),
        refund_fee: String(input.amountFen),
        refund_desc: (input.reason ?? '').slice(0, 80),
      },
      true,
    );
    if (!r.ok) return r.answer;
    const f = r.fields;
    if (f.result_code !== 'SUCCESS') {
      return ['SYSTEMERROR', 'BIZERR_NEED_RETRY', 'FREQUENCY_LIMITED'].includes(f.err_code) ? unknown(this.reason(f)) : failed(this.reason(f));
    }
    // The refund was accepted; its result is the refund query's (balance refunds are at once).
    const settled = await this.queryRefund(input);
    return settled.state === 'FAILED'
      ? unknown(settled.message, f.refund_id || null)
      : { ...settled, channelTradeNo: settled.channelTradeNo ?? (f.refund_id || null) };
  }

  async queryRefund({ refundNo }: RefundRef): Promise<ChannelAnswer> {
    const r = await this.call('/pay/refundquery', { ...this.base, out_refund_no: refundNo });
    if (!r.ok) return r.answer.state === 'FAILED' ? unknown(r.answer.message) : r.answer;
    const f = r.fields;
    if (f.result_code !== 'SUCCESS') return f.err_code === 'REFUNDNOTEXIST' ? failed(this.reason(f)) : unknown(this.reason(f));
    const i =
      Object.keys(f)
        .find((k) => /^out_refund_no_\d+$/.test(k) && f[k] === refundNo)
        ?.split('_')
        .pop() ?? '0';
    const refundId = f[`refund_id_${i}`] || null;
    switch (f[`refund_status_${i}`]) {
      case 'SUCCESS':
        return { state: 'PAID', channelTradeNo: refundId, message: '已退款' };
      case 'PROCESSING':
        return unknown('退款处理中', refundId);
      case 'REFUNDCLOSE':
      case 'CHANGE':
        return failed(f[`refund_status_${i}`] === 'CHANGE' ? '退款到银行卡失败，请到商户平台处理' : '退款已关闭', refundId);
      default:
        return unknown('退款状态未知', refundId);
    }
  }

  async probe(): Promise<ProbeAnswer> {
    const cert = checkCertificate(this.s.secrets.certPem, this.s.secrets.keyPem);
    const r = await this.call('/pay/orderquery', { ...this.base, out_trade_no: `PROBE${nonce().slice(0, 20)}` });
    if (!r.ok) return { ok: false, message: r.answer.message };
    if (r.fields.err_code !== NOT_EXIST) return { ok: false, message: `微信支付答复：${this.reason(r.fields)}` };
    return { ok: cert === null, message: `微信支付答复：${this.reason(r.fields)}，商户号与API密钥可用${cert ? `；${cert}` : ''}` };
  }

  async bill(date: string): Promise<BillLine[] | string> {
    const body: WxFields = { ...this.base, bill_date: date.replaceAll('-', ''), bill_type: 'ALL' };
    body.sign = wxSign(body, this.s.secrets.apiKey, SIGN_TYPE);
    let text: string;
    try {
      const res = await post(`${this.s.baseUrl.replace(/\/$/, '')}/pay/downloadbill`, toXml(body), {
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        timeoutMs: this.o.httpTimeoutMs ?? 30_000,
        ca: this.o.ca,
      });
      text = res.body.toString('utf8');
    } catch (error) {
      return `微信支付对账单下载失败：${(error as Error).message}`;
    }
    // An error answers XML (e.g. return_msg "No Bill Exist"); the bill itself is text.
    if (text.trimStart().startsWith('<xml')) return `微信支付答复：${fromXml(text)?.return_msg || '无法下载对账单'}`;
    return parseWechatBill(text);
  }
}

/** The client certificate and its key belong together (secapi calls need both); null when they do. */
function checkCertificate(certPem: string, keyPem: string): string | null {
  try {
    const cert = new X509Certificate(certPem);
    if (!cert.checkPrivateKey(createPrivateKey(keyPem))) return 'API证书与证书私钥不匹配';
    if (new Date(cert.validTo).getTime() < Date.now()) return `API证书已过期（${cert.validTo}）`;
    return null;
  } catch {
    return 'API证书或证书私钥格式不正确（应为 PEM）';
  }
}
