import type { ChannelTiming, PaymentChannel } from '../channel.ts';
import type { BillLine } from './bill-line.ts';

/** A setting as the adapters read it: the merchant's parameters and the opened secrets. */
export interface ChannelSettings {
  baseUrl: string;
  params: Record<string, string>;
  secrets: Record<string, string>;
}

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
