import type { payChannel } from '@venue/contract';
import type { ChannelTiming, PaymentChannel } from '../channel.ts';
import type { ChannelSettings } from '../channel-registry.ts';
import { AlipayChannel } from './alipay.channel.ts';
import type { BillLine } from './bill-line.ts';
import { UmspayChannel } from './umspay.channel.ts';
import { WechatPayChannel } from './wechatpay.channel.ts';

export type { BillLine } from './bill-line.ts';

/** How the adapters talk: the deadline of one platform call, the waits (tests shorten both), a test stand-in's CA. */
export interface LiveOptions {
  httpTimeoutMs?: number;
  timing?: Partial<ChannelTiming>;
  ca?: string;
}

export interface ProbeAnswer {
  ok: boolean;
  /** The platform's answer in Chinese. */
  message: string;
}

/** A platform adapter: a channel, plus the settings screen's 测试 and the daily 对账's bill. */
export interface LiveChannel extends PaymentChannel {
  readonly timing: ChannelTiming;
  /** A harmless documented call (a query of an order that does not exist): the credentials work when the platform says so. */
  probe(): Promise<ProbeAnswer>;
  /** The day's bill (China date YYYY-MM-DD): its lines, or why it cannot be had (not ready yet, refused). */
  bill(date: string): Promise<BillLine[] | string>;
}

export function createLiveChannel(mode: payChannel.ScanMode, settings: ChannelSettings, options: LiveOptions): LiveChannel {
  if (mode === 'wechatpay') return new WechatPayChannel(settings, options);
  if (mode === 'alipay') return new AlipayChannel(settings, options);
  return new UmspayChannel(settings, options);
}
