import { randomBytes } from 'node:crypto';
import { payment } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import type { SimulatorRefundState, SimulatorTradeState } from '../../db/tables.ts';
import type { ChannelAnswer, PaymentChannel, PayInput, RefundInput, RefundRef, TradeRef } from './channel.ts';
import type { SimulatorTradeRepository } from './simulator-trade.repository.ts';

const AUTH_CODE = /^\d{6,32}$/;
/** How long an auth code ending 0607 takes to pay: two tills' payments meet inside the channel call. */
const SLOW_MS = 300;
const PREFIX: Record<string, string> = { wechatpay: '4200', alipay: '2026', umspay: '8800' };
const MESSAGES: Partial<Record<SimulatorTradeState, string>> = { PAID: '支付成功', FAILED: '付款码已失效或余额不足', UNKNOWN: '用户支付中，请稍后查询' };
const REFUND_MESSAGES: Record<SimulatorRefundState, string> = { SUCCESS: '已退款', FAILED: '渠道拒绝退款', UNKNOWN: '退款处理中，请稍后查询' };
const REFUND_ANSWER: Record<SimulatorRefundState, ChannelAnswer['state']> = { SUCCESS: 'PAID', FAILED: 'FAILED', UNKNOWN: 'UNKNOWN' };

/**
 * The scan-code channels of demo and tests (spec 8 payment codes, contract SIMULATOR_SUFFIX): an auth
 * code ending 0606 fails, one ending 0605 leaves the result unknown and is paid when queried, one
 * ending 0607 pays after a pause, any other code of 6-32 digits pays. Trades live in the database, so every server process answers the same.
 */
export class SimulatorChannel implements PaymentChannel {
  readonly remote = true;
  readonly needsAuthCode = true;
  readonly simulated = true;

  constructor(
    private readonly payMode: string,
    private readonly trades: SimulatorTradeRepository,
    private readonly clock: Clock,
  ) {}

  private answer(state: SimulatorTradeState, channelTradeNo: string | null, message = MESSAGES[state] ?? ''): ChannelAnswer {
    return { state: state === 'REFUNDED' ? 'PAID' : state, channelTradeNo, message };
  }

  async pay({ tenantId, orderNo, amountFen, authCode = '' }: PayInput): Promise<ChannelAnswer> {
    if (!AUTH_CODE.test(authCode)) return this.answer('FAILED', null, '付款码无效，请重新扫码');
    const { fail, unknown, stuck } = payment.SIMULATOR_SUFFIX;
    const state = authCode.endsWith(fail) ? 'FAILED' : authCode.endsWith(unknown) || authCode.endsWith(stuck) ? 'UNKNOWN' : 'PAID';
    if (authCode.endsWith(payment.SIMULATOR_SUFFIX.slow)) await new Promise((done) => setTimeout(done, SLOW_MS));
    const now = iso(this.clock.now());
    const channelTradeNo = `${PREFIX[this.payMode] ?? '9900'}${Date.now()}${randomBytes(4).toString('hex')}`;
    await this.trades.insertOnce({
      out_trade_no: orderNo,
      tenant_id: tenantId,
      pay_mode: this.payMode,
      amount_fen: amountFen,
      auth_code: authCode,
      state,
      channel_trade_no: channelTradeNo,
      created_at: now,
      updated_at: now,
    });
    // A repeated pay of the same trade number answers the first trade, as a real channel does.
    const trade = (await this.trades.find(orderNo))!;
    return this.answer(trade.state, trade.channel_trade_no);
  }

  async query({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const known = await this.trades.find(orderNo);
    if (!known?.auth_code.endsWith(payment.SIMULATOR_SUFFIX.stuck)) await this.trades.move(orderNo, 'UNKNOWN', 'PAID', iso(this.clock.now()));
    const trade = await this.trades.find(orderNo);
    if (!trade) return this.answer('FAILED', null, '交易不存在');
    return this.answer(trade.state, trade.channel_trade_no);
  }

  /** Reverses a trade: an unknown one is closed, a paid one's money goes back (as WeChat's reverse does). */
  async cancel({ orderNo }: TradeRef): Promise<ChannelAnswer> {
    const nowIso = iso(this.clock.now());
    await this.trades.move(orderNo, 'UNKNOWN', 'FAILED', nowIso);
    await this.trades.move(orderNo, 'PAID', 'REFUNDED', nowIso);
    return this.answer('FAILED', (await this.trades.find(orderNo))?.channel_trade_no ?? null, '交易已撤销');
  }

  /**
   * A refund of (part of) a paid trade, once per refund number, never more than the trade's amount in
   * all. The trade's auth code decides, as for pay: ...0616 fails, ...0615 stays unknown until asked.
   */
  async refund({ tenantId, orderNo, amountFen, refundNo }: RefundInput): Promise<ChannelAnswer> {
    const known = await this.trades.findRefund(refundNo);
    if (known) return this.refundAnswer(known.state, known.channel_refund_no);
    const trade = await this.trades.find(orderNo);
    if (trade?.state !== 'PAID') return this.answer('FAILED', trade?.channel_trade_no ?? null, '退款失败：交易不存在或未支付');
    if (amountFen <= 0 || (await this.trades.refundedOf(orderNo)) + amountFen > trade.amount_fen) return this.answer('FAILED', null, '退款金额超过可退金额');
    const { refundFail, refundUnknown } = payment.SIMULATOR_SUFFIX;
    const state: SimulatorRefundState = trade.auth_code.endsWith(refundFail) ? 'FAILED' : trade.auth_code.endsWith(refundUnknown) ? 'UNKNOWN' : 'SUCCESS';
    const now = iso(this.clock.now());
    await this.trades.insertRefundOnce({
      out_refund_no: refundNo,
      out_trade_no: orderNo,
      tenant_id: tenantId,
      amount_fen: amountFen,
      state,
      channel_refund_no: `${PREFIX[this.payMode] ?? '9900'}R${Date.now()}${randomBytes(4).toString('hex')}`,
      created_at: now,
      updated_at: now,
    });
    return this.settledRefund(refundNo, orderNo);
  }

  async queryRefund({ refundNo }: RefundRef): Promise<ChannelAnswer> {
    const known = await this.trades.findRefund(refundNo);
    if (!known) return this.answer('FAILED', null, '退款不存在');
    await this.trades.moveRefund(refundNo, 'UNKNOWN', 'SUCCESS', iso(this.clock.now()));
    return this.settledRefund(refundNo, known.out_trade_no);
  }

  /** The refund's answer; a trade refunded in full becomes REFUNDED. */
  private async settledRefund(refundNo: string, orderNo: string): Promise<ChannelAnswer> {
    const refund = (await this.trades.findRefund(refundNo))!;
    const trade = await this.trades.find(orderNo);
    if (refund.state === 'SUCCESS' && trade && (await this.trades.refundedOf(orderNo)) >= trade.amount_fen) {
      await this.trades.move(orderNo, 'PAID', 'REFUNDED', iso(this.clock.now()));
    }
    return this.refundAnswer(refund.state, refund.channel_refund_no);
  }

  private refundAnswer(state: SimulatorRefundState, channelRefundNo: string): ChannelAnswer {
    return { state: REFUND_ANSWER[state], channelTradeNo: channelRefundNo, message: REFUND_MESSAGES[state] };
  }
}
