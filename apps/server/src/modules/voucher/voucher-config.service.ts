import type { VoucherConfig } from '@venue/contract/marketing';
import { iso, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { assertVenue, type UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { VoucherRepository } from './voucher.repository.ts';

type Row = NonNullable<Awaited<ReturnType<VoucherRepository['config']>>>;
const toConfig = (r: Row): VoucherConfig => ({
  venueId: r.venue_id,
  provider: r.provider,
  baseUrl: r.base_url,
  clientKey: r.client_key,
  poiId: r.poi_id,
  secretSet: r.client_secret_enc !== '',
});

/** Each venue's platform settings; the client secret is sealed before it is stored and never answered. */
export class VoucherConfigService {
  constructor(
    private readonly repo: VoucherRepository,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** One of the caller's venues of its own tenant (an admin's "all" means its tenant's). */
  private async assertOwnVenue(s: UserSession, venueId: number) {
    assertVenue(s, venueId);
    if (!(await this.repo.venueOfTenant(s.tenantId, venueId))) throw notFound('场馆不存在');
  }

  async get(s: UserSession, venueId: number): Promise<VoucherConfig | null> {
    await this.assertOwnVenue(s, venueId);
    const row = await this.repo.config(s.tenantId, venueId);
    return row ? toConfig(row) : null;
  }

  async save(
    s: UserSession,
    c: { venueId: number; provider: 'simulator' | 'douyin'; baseUrl: string; clientKey: string; clientSecret: string; poiId: string },
  ) {
    await this.assertOwnVenue(s, c.venueId);
    const before = await this.repo.config(s.tenantId, c.venueId);
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.saveConfig(trx, s.tenantId, c.venueId, {
        provider: c.provider,
        base_url: c.baseUrl,
        client_key: c.clientKey,
        ...(c.clientSecret ? { client_secret_enc: this.box.seal(c.clientSecret) } : {}),
        poi_id: c.poiId,
        updated_at: iso(this.clock.now()),
      });
      const after = toConfig(row);
      const target = `场馆 ${c.venueId} 短视频平台设置`;
      await this.audit.record(trx, s, { action: 'voucher.config', target, venueId: c.venueId, before: before ? toConfig(before) : null, after });
      return after;
    });
  }
}
