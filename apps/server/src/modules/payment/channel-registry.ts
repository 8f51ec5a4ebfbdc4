import { payment } from '@venue/contract';
import type { Clock } from '../../lib/clock.ts';
import { cashLikeChannel } from './cash.channel.ts';
import type { PaymentChannel } from './channel.ts';
import type { SimulatorTradeRepository } from './simulator-trade.repository.ts';
import { SimulatorChannel } from './simulator.channel.ts';

/** The scan-code channels: an outside service each, served by the simulator unless an adapter is configured. */
export const SCAN_PAY_MODES = ['wechatpay', 'alipay', 'umspay'] as const;

/** Picks the channel of a pay mode. Card payment and composepay are not channels (cards go through the member-card ledger). */
export interface ChannelRegistry {
  get(payMode: string): PaymentChannel | undefined;
}

/** Real adapters by pay mode, replacing the simulator. */
export type ChannelAdapters = Partial<Record<string, PaymentChannel>>;

/**
 * The seam for real adapters: pass `adapters` (for example an Alipay adapter built on `alipay-sdk`,
 * switched on by configuration) and it replaces the simulator for that pay mode; nothing else changes.
 */
export function createChannelRegistry(simulatorTrades: SimulatorTradeRepository, clock: Clock, adapters: ChannelAdapters = {}): ChannelRegistry {
  const channels = new Map<string, PaymentChannel>();
  for (const mode of payment.PAY_MODES) {
    const scan = (SCAN_PAY_MODES as readonly string[]).includes(mode);
    channels.set(mode, adapters[mode] ?? (scan ? new SimulatorChannel(mode, simulatorTrades, clock) : cashLikeChannel));
  }
  return { get: (payMode) => channels.get(payMode) };
}
