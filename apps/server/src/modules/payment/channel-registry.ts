import { payChannel, payment } from '@venue/contract';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { cashLikeChannel } from './cash.channel.ts';
import type { ChannelKind, ChannelTiming, PaymentChannel } from './channel.ts';
import type { ChannelConfigRepository, ChannelConfigRow } from './channel-config.repository.ts';
import { createLiveChannel } from './live/index.ts';
import type { ChannelSettings, LiveChannel, LiveOptions } from './live/live-channel.ts';

export type { ChannelSettings } from './live/live-channel.ts';
import type { SimulatorTradeRepository } from './simulator-trade.repository.ts';
import { SimulatorChannel } from './simulator.channel.ts';

/** The scan-code channels: an outside service each, the venue's platform account or (demo only) the simulator. */
export const SCAN_PAY_MODES = payChannel.SCAN_MODES;

/** Channels by pay mode that replace every venue's setting (tests: a channel that misbehaves on purpose). */
export type ChannelAdapters = Partial<Record<string, PaymentChannel>>;

/** How live channels talk (tests shorten the waits). */
export interface ChannelOptions extends LiveOptions {
  timing?: Partial<ChannelTiming>;
}

const SCAN_KIND: ChannelKind = { remote: true, needsAuthCode: true };

/**
 * Picks the channel of a venue's pay mode. Card payment and composepay are not channels (cards go
 * through the member-card ledger); cash-like modes need no setting; a scan-code mode is served as its
 * setting says (pay_channel_config, the venue's or else the tenant's): the simulator only where it says
 * 模拟通道, the platform's adapter with the merchant's parameters, or, with no setting, a refusal that
 * names what to configure. Live adapters are kept per setting version.
 */
export class ChannelRegistry {
  private readonly live = new Map<string, LiveChannel>();
  private readonly simulators = new Map<string, SimulatorChannel>();

  constructor(
    private readonly configs: ChannelConfigRepository,
    private readonly box: SecretBox,
    private readonly simulatorTrades: SimulatorTradeRepository,
    private readonly clock: Clock,
    private readonly adapters: ChannelAdapters = {},
    private readonly options: ChannelOptions = {},
  ) {}

  /** A pay mode's traits (remote, auth code), whichever channel serves it; undefined for a mode that is no channel. */
  kind(payMode: string): ChannelKind | undefined {
    if (this.adapters[payMode]) return this.adapters[payMode];
    if (payChannel.isScanMode(payMode)) return SCAN_KIND;
    return (payment.PAY_MODES as readonly string[]).includes(payMode) ? cashLikeChannel : undefined;
  }

  /** The channel serving `payMode` at the venue; a scan-code mode without a usable setting is refused in Chinese. */
  async forVenue(tenantId: number, venueId: number, payMode: string): Promise<PaymentChannel> {
    const override = this.adapters[payMode];
    if (override) return override;
    if (!payChannel.isScanMode(payMode)) {
      if (!this.kind(payMode)) throw refuse(`未知的收款方式：${payMode}`);
      return cashLikeChannel;
    }
    const row = await this.configs.forVenue(tenantId, venueId, payMode);
    if (!row) throw refuse(payChannel.notConfigured(payMode));
    return this.fromRow(row);
  }

  /** Whether the venue's pay mode is served by the simulator (queryPayType shows 模拟通道). */
  async simulatedAt(tenantId: number, venueId: number, payMode: string): Promise<boolean> {
    if (this.adapters[payMode] || !payChannel.isScanMode(payMode)) return this.adapters[payMode]?.simulated === true;
    return (await this.configs.forVenue(tenantId, venueId, payMode))?.provider === 'simulator';
  }

  /** The channel of a stored setting; a live one missing a required field is refused, naming it. */
  fromRow(
    row: Pick<ChannelConfigRow, 'id' | 'pay_mode' | 'provider' | 'base_url' | 'params_json' | 'secrets_enc' | 'updated_at'>,
  ): PaymentChannel & Partial<LiveChannel> {
    const mode = row.pay_mode as payChannel.ScanMode;
    if (row.provider === 'simulator') {
      let simulator = this.simulators.get(mode);
      if (!simulator) this.simulators.set(mode, (simulator = new SimulatorChannel(mode, this.simulatorTrades, this.clock)));
      return simulator;
    }
    const key = `${row.id}:${row.updated_at}`;
    let channel = this.live.get(key);
    if (!channel) {
      const settings = this.settingsOf(row);
      const missing = payChannel.requiredFields(mode).filter((f) => !(f.secret ? settings.secrets[f.key] : settings.params[f.key]));
      if (missing.length) throw refuse(payChannel.notConfigured(mode, missing));
      channel = createLiveChannel(mode, settings, this.options);
      if (this.live.size > 500) this.live.clear();
      this.live.set(key, channel);
    }
    return channel;
  }

  private settingsOf(row: Pick<ChannelConfigRow, 'pay_mode' | 'base_url' | 'params_json' | 'secrets_enc'>): ChannelSettings {
    const mode = row.pay_mode as payChannel.ScanMode;
    return {
      baseUrl: row.base_url || payChannel.DEFAULT_BASE_URLS[mode],
      params: JSON.parse(row.params_json) as Record<string, string>,
      secrets: row.secrets_enc ? (JSON.parse(this.box.open(row.secrets_enc)) as Record<string, string>) : {},
    };
  }
}
