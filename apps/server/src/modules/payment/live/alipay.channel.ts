import { createPrivateKey, randomBytes } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { fenToYuan } from '@venue/contract';
import type { ChannelAnswer, ChannelTiming, PayInput, RefundInput, RefundRef, TradeRef } from '../channel.ts';
import { parseAlipayBill } from './alipay-bill.ts';
import type { BillLine } from './bill-line.ts';
import { post } from './http.ts';
import type { ChannelSettings, LiveChannel, LiveOptions, ProbeAnswer } from './live-channel.ts';

type Result = AlipaySdkCommonResult;
const unknown = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'UNKNOWN', channelTradeNo, message });
const failed = (message: string, channelTradeNo: string | null = null): ChannelAnswer => ({ state: 'FAILED', channelTradeNo, message });
const yuan = (fen: number) => fenToYuan(fen).toFixed(2);
/** Sub-codes after which the trade's state is not known (the doc: query, then cancel). */
const UNCLEAR = new Set(['ACQ.SYSTEM_ERROR', 'ACQ.TRADE_HAS_SUCCESS', 'aop.ACQ.SYSTEM_ERROR']);
const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/**
 * PKCS1 or PKCS8: from the PEM header, or, for the bare base64 Alipay's key tool writes, by which of the
 * two the key parses as.
 */
function privateKeyType(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (key.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** What the platform said: its Chinese sub_msg and the code, for the cashier and the log. */
const reason = (r: Result) => `${r.sub_msg || r.msg || '未知原因'}（${r.sub_code || r.code}）`;

/**
 * Alipay 当面付, bar_code scene, through Alipay's own SDK (`alipay-sdk`, RSA2): alipay.trade.pay,
 * trade.query, trade.cancel, trade.refund, trade.fastpay.refund.query and the bill's download URL.
 * The SDK signs every request with the app's private key and verifies every answer with Alipay's
 * public key: an answer that does not verify (or no answer) leaves the result unknown, never paid.
 * Codes: 10000 done, 10003 the buyer is confirming (query), 20000 / ACQ.SYSTEM_ERROR unknown (query),
 * 40004 with a sub_code a refusal (ACQ.TRADE_NOT_EXIST: the platform never saw the trade).
 */
export class AlipayChannel implements LiveChannel {
  readonly remote = true;
  readonly needsAuthCode = true;
  readonly timing: ChannelTiming;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly s: ChannelSettings,
    private readonly o: LiveOptions,
  ) {
    this.timing = { waitMs: 25_000, queryEveryMs: 5_000, cancelAfterMs: 45_000, ...o.timing };
    this.sdk = new AlipaySdk({
      appId: s.params.appId,
      privateKey: s.secrets.privateKey,
      keyType: privateKeyType(s.secrets.privateKey),
      alipayPublicKey: s.secrets.alipayPublicKey,
      gateway: s.baseUrl,
      signType: 'RSA2',
      camelcase: false,
      timeout: o.httpTimeoutMs ?? 10_000,
    });
  }

  /** One call: the answer when it came back and verified; else undefined and why. */
  private async exec(method: string, bizContent: Record<string, unknown>): Promise<{ r?: Result; error?: string }> {
    try {
      return { r: await this.sdk.exec(method, { bizContent }, { validateSign: true }) };
    } catch (error) {
      const text = (error as Error).message ?? '';
      return { error: text.includes('验签失败') ? '支付宝应答签名验证失败' : `支付宝无响应：${text.slice(0, 100)}` };
    }
  }

  async pay(input: PayInput): Promise<ChannelAnswer> {
    const { r, error } = await this.exec('alipay.trade.pay', {
      out_trade_no: input.orderNo,
      scene: 'bar_code',
      auth_code: input.authCode ?? '',
      subject: (input.description || '商品').slice(0, 60),
      total_amount: yuan(input.amountFen),
      ...(this.s.params.storeId ? { store_id: this.s.params.storeId } : {}),
      ...(this.s.params.terminalId ? { terminal_id: this.s.params.terminalId } : {}),
    });
    if (!r) return unknown(`${error}，结果未知`);
    if (r.code === '10000') {
      if (r.total_amount && r.total_amount !== yuan(input.amountFen)) return unknown('支付宝应答金额与订单不符', r.trade_no ?? null);
      return { state: 'PAID', channelTradeNo: r.trade_no ?? null, message: '支付成功' };
    }
    if (r.code === '10003') return unknown('用户支付中，需要在手机上确认', r.trade_no ?? null);
    if (r.code === '20000' || UNCLEAR.has(r.sub_code ?? '')) return unknown(reason(r));
    return failed(reason(r));
  }

  async query({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const { r, error } = await this.exec('alipay.trade.query', { out_trade_no: orderNo });
    if (!r) return unknown(error!);
    if (r.code !== '10000') return r.sub_code === NOT_EXIST ? failed(reason(r)) : unknown(reason(r));
    const tradeNo = r.trade_no ?? null;
    switch (r.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return { state: 'PAID', channelTradeNo: tradeNo, message: '支付成功' };
      case 'TRADE_CLOSED':
        return failed('交易已关闭', tradeNo);
      default:
        return unknown('等待用户付款', tradeNo);
    }
  }

  /** alipay.trade.cancel: closes an unpaid trade or gives a paid one back; retry_flag Y asks for another call. */
  async cancel({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const { r, error } = await this.exec('alipay.trade.cancel', { out_trade_no: orderNo });
    if (!r) return unknown(error!);
    if (r.code === '10000') return r.retry_flag === 'Y' ? unknown('撤销需重试') : failed(r.action === 'refund' ? '交易已撤销，款项已退回' : '交易已撤销');
    if (r.sub_code === NOT_EXIST) return failed('交易不存在，无需撤销');
    return unknown(`撤销未完成：${reason(r)}`);
  }

  async refund(input: RefundInput): Promise<ChannelAnswer> {
    const { r, error } = await this.exec('alipay.trade.refund', {
      out_trade_no: input.orderNo,
      refund_amount: yuan(input.amountFen),
      out_request_no: input.refundNo,
      refund_reason: (input.reason ?? '').slice(0, 80),
    });
    if (!r) return unknown(error!);
    if (r.code === '10000') return r.fund_change === 'Y' ? { state: 'PAID', channelTradeNo: r.trade_no ?? null, message: '已退款' } : this.queryRefund(input);
    if (r.code === '20000' || r.sub_code === 'ACQ.SYSTEM_ERROR') return unknown(reason(r));
    return failed(reason(r));
  }

  async queryRefund({ orderNo, refundNo }: RefundRef): Promise<ChannelAnswer> {
    const { r, error } = await this.exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: orderNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (!r) return unknown(error!);
    if (r.code !== '10000') return r.sub_code === NOT_EXIST ? failed(reason(r)) : unknown(reason(r));
    // The doc: an answer with the refund's data and refund_status empty or REFUND_SUCCESS is a refund done; no data, none was made.
    if (!r.out_request_no && !r.refund_amount) return failed('退款不存在');
    return !r.refund_status || r.refund_status === 'REFUND_SUCCESS'
      ? { state: 'PAID', channelTradeNo: r.trade_no ?? null, message: '已退款' }
      : unknown('退款处理中', r.trade_no ?? null);
  }

  async probe(): Promise<ProbeAnswer> {
    const { r, error } = await this.exec('alipay.trade.query', { out_trade_no: `PROBE${randomBytes(10).toString('hex')}` });
    if (!r) return { ok: false, message: error! };
    return r.sub_code === NOT_EXIST ? { ok: true, message: `支付宝答复：${reason(r)}，AppID 与密钥可用` } : { ok: false, message: `支付宝答复：${reason(r)}` };
  }

  async bill(date: string): Promise<BillLine[] | string> {
    const { r, error } = await this.exec('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
    if (!r) return error!;
    if (r.code !== '10000' || !r.bill_download_url) return `支付宝答复：${reason(r)}`;
    try {
      const file = await post(r.bill_download_url as string, null, { method: 'GET', timeoutMs: this.o.httpTimeoutMs ?? 30_000, ca: this.o.ca });
      if (file.status !== 200) return `支付宝对账单下载失败（HTTP ${file.status}）`;
      return await parseAlipayBill(file.body);
    } catch (error) {
      return `支付宝对账单下载失败：${(error as Error).message}`;
    }
  }
}
