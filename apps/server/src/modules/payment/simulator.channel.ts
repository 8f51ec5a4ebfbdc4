import { randomBytes } from 'node:crypto';
import { payment } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import type { SimulatorTradeState } from '../../db/tables.ts';
import type { ChannelAnswer, PaymentChannel, PayInput, TradeRef } from './channel.ts';
import type { SimulatorTradeRepository } from './simulator-trade.repository.ts';

const AUTH_CODE = /^\d{6,32}$/;
const PREFIX: Record<string, string> = { wechatpay: '4200', alipay: '2026', umspay: '8800' };
const MESSAGES: Partial<Record<SimulatorTradeState, string>> = { PAID: '支付成功', FAILED: '付款码已失效或余额不足', UNKNOWN: '用户支付中，请稍后查询' };

/**
 * The scan-code channels of demo and tests (spec 8 payment codes, contract SIMULATOR_SUFFIX): an auth
 * code ending 0606 fails, one ending 0605 leaves the result unknown and is paid when queried, any
 * other code of 6-32 digits pays. Trades live in the database, so every server process answers the same.
 */
export class SimulatorChannel implements PaymentChannel {
  readonly remote = true;
  readonly needsAuthCode = true;

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
    const state = authCode.endsWith(payment.SIMULATOR_SUFFIX.fail) ? 'FAILED' : authCode.endsWith(payment.SIMULATOR_SUFFIX.unknown) ? 'UNKNOWN' : 'PAID';
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
    await this.trades.move(orderNo, 'UNKNOWN', 'PAID', iso(this.clock.now()));
    const trade = await this.trades.find(orderNo);
    if (!trade) return this.answer('FAILED', null, '交易不存在');
    return this.answer(trade.state, trade.channel_trade_no);
  }

  async refund({ orderNo }: TradeRef & { amountFen: number }): Promise<ChannelAnswer> {
    await this.trades.move(orderNo, 'PAID', 'REFUNDED', iso(this.clock.now()));
    const trade = await this.trades.find(orderNo);
    if (trade?.state !== 'REFUNDED') return this.answer('FAILED', trade?.channel_trade_no ?? null, '退款失败：交易不存在或未支付');
    return this.answer('REFUNDED', trade.channel_trade_no, '已退款');
  }
}
