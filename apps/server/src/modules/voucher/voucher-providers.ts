import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { MARKETING_TEXTS } from '@venue/contract/marketing';
import { DouyinVoucherProvider } from './douyin/douyin-provider.ts';
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

/**
 * Each venue's provider from its settings (voucher_config): `simulator` (the demo's and the tests') or
 * `douyin`, the real platform with the venue's client key, decrypted secret and store id. Providers are
 * kept per settings version, so a client token lives until it ends.
 */
export class VoucherProviders {
  private readonly cache = new Map<string, VoucherProvider>();
  readonly simulator: PlatformSimulator;

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
        },
        this.clock,
      );
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, provider);
    }
    return provider;
  }
}
