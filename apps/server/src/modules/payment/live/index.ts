import type { payChannel } from '@venue/contract';
import { AlipayChannel } from './alipay.channel.ts';
import { UmspayChannel } from './umspay.channel.ts';
import { WechatPayChannel } from './wechatpay.channel.ts';
import type { ChannelSettings, LiveChannel, LiveOptions } from './live-channel.ts';

export type { BillLine } from './bill-line.ts';
export type { ChannelSettings, LiveChannel, LiveOptions, ProbeAnswer } from './live-channel.ts';

export function createLiveChannel(mode: payChannel.ScanMode, settings: ChannelSettings, options: LiveOptions): LiveChannel {
  if (mode === 'wechatpay') return new WechatPayChannel(settings, options);
  if (mode === 'alipay') return new AlipayChannel(settings, options);
  return new UmspayChannel(settings, options);
}
