import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { MARKETING_TEXTS } from '@venue/contract/marketing';
import { DouyinVoucherProvider, silentLog, type PlatformLog } from './douyin/douyin-provider.ts';
import { PlatformSimulator } from './douyin/simulator.ts';
import { httpTransport, type PlatformTransport } from './douyin/transport.ts';
import type { VoucherRepository } from './voucher.repository.ts';
import type { VoucherProvider } from './voucher-provider.ts';

export interface ProviderOptions {
  /** The rule's wait before a verify retry: 5 s on the real platform; the simulator needs none. */
  retryDelayMs?: number;
  /** Replaces HTTP for `douyin` venues (tests: a local stand-in). */
  transportFor?: (baseUrl: string) => PlatformTransport;
}

/** The whole wait for a QR code's short link to lead to its object id. */
const SHORT_LINK_TIMEOUT_MS = 5000;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/**
 * Each venue's provider from its settings (voucher_config): `simulator` (the demo's and the tests') or
 * `douyin`, the real platform with the venue's client key, decrypted secret and store id. Providers are
 * kept per settings version, so a client token lives until it ends.
 */
export class VoucherProviders {
  private readonly cache = new Map<string, VoucherProvider>();
  readonly simulator: PlatformSimulator;
  /** Where platform calls are logged with their logid: the server's logger once routes are registered. */
  log: PlatformLog = silentLog;

  constructor(
    private readonly repo: VoucherRepository,
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly options: ProviderOptions = {},
  ) {
    this.simulator = new PlatformSimulator(db, clock);
  }

  async forVenue(tenantId: number, venueId: number): Promise<VoucherProvider> {
    const config = await this.repo.config(tenantId, venueId);
    if (!config) throw refuse(MARKETING_TEXTS.notConfigured);
    const key = `${config.id}:${config.updated_at}`;
    let provider = this.cache.get(key);
    if (!provider) {
      const simulated = config.provider === 'simulator';
      const transport = simulated ? this.simulator.transport : (this.options.transportFor ?? httpTransport)(config.base_url);
      provider = new DouyinVoucherProvider(
        transport,
        {
          clientKey: simulated ? 'simulator' : config.client_key,
          clientSecret: simulated ? 'simulator' : this.box.open(config.client_secret_enc),
          poiId: config.poi_id,
          retryDelayMs: simulated ? 0 : (this.options.retryDelayMs ?? 5000),
          // A short link is followed on Douyin's hosts, and on the venue's own platform address (a test platform).
          links: { origins: simulated ? [] : [originOf(config.base_url)], timeoutMs: SHORT_LINK_TIMEOUT_MS },
        },
        this.clock,
        () => this.log,
      );
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, provider);
    }
    return provider;
  }
}
