import { payChannel, type BodyOut } from '@venue/contract';

import { iso, type Clock } from '../../lib/clock.ts';
import { BizError, notFound, refuse } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import type { ChannelConfigRepository, ChannelConfigRow } from './channel-config.repository.ts';
import type { ChannelRegistry } from './channel-registry.ts';

type SaveBody = BodyOut<typeof payChannel.save>;

/** A setting as the screen sees it: the parameters, which secrets are stored, never a secret. */
const toConfig = (r: ChannelConfigRow, secretsSet: string[]): payChannel.ChannelConfig => ({
  id: r.id,
  payMode: r.pay_mode,
  venueId: r.venue_id,
  venueName: r.venue_id === payChannel.ALL_VENUES ? '全部场馆' : r.venue_name,
  provider: r.provider,
  baseUrl: r.base_url,
  params: JSON.parse(r.params_json) as Record<string, string>,
  secretsSet,
  updatedAt: r.updated_at,
});

/**
 * The 商户参数 of the 支付方式 screen: per scan-code mode, the tenant's setting (all venues) and venue
 * overrides. Secrets are sealed with the server's SecretBox (as the voucher secrets are) before they are
 * stored, never answered nor logged; an empty secret on save keeps the stored one.
 */
export class ChannelConfigService {
  constructor(
    private readonly repo: ChannelConfigRepository,
    private readonly registry: ChannelRegistry,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private secretsOf(r: Pick<ChannelConfigRow, 'secrets_enc'>): Record<string, string> {
    if (!r.secrets_enc) return {};
    try {
      return JSON.parse(this.box.open(r.secrets_enc)) as Record<string, string>;
    } catch {
      // Sealed under another key (SECRET_KEY changed): as if none were stored, to be entered again.
      return {};
    }
  }

  private shown(r: ChannelConfigRow) {
    const secrets = this.secretsOf(r);
    return toConfig(
      r,
      Object.keys(secrets).filter((k) => secrets[k]),
    );
  }

  async list(tenantId: number) {
    return (await this.repo.list(tenantId)).map((r) => this.shown(r));
  }

  async save(s: UserSession, b: SaveBody) {
    if (b.venueId !== payChannel.ALL_VENUES && !(await this.repo.venueOfTenant(s.tenantId, b.venueId))) throw notFound('场馆不存在');
    if (b.baseUrl && !/^https?:\/\/[^\s]+$/.test(b.baseUrl)) throw refuse(payChannel.BAD_BASE_URL);
    const fields = payChannel.CHANNEL_FIELDS[b.payMode];
    const unknownKey = [...Object.keys(b.params), ...Object.keys(b.secrets)].find((k) => !fields.some((f) => f.key === k));
    if (unknownKey) throw refuse(`未知的商户参数：${unknownKey}`);
    const before = await this.repo.exact(s.tenantId, b.venueId, b.payMode);
    const secrets = { ...(before ? this.secretsOf(before) : {}) };
    for (const f of fields.filter((x) => x.secret)) if (b.secrets[f.key]) secrets[f.key] = b.secrets[f.key];
    const params = Object.fromEntries(fields.filter((f) => !f.secret).map((f) => [f.key, b.params[f.key] ?? '']));
    const values = {
      provider: b.provider,
      base_url: b.baseUrl,
      params_json: JSON.stringify(params),
      secrets_enc: Object.keys(secrets).length ? this.box.seal(JSON.stringify(secrets)) : '',
      updated_at: iso(this.clock.now()),
    };
    await this.repo.save(s.tenantId, b.venueId, b.payMode, values);
    const saved = (await this.repo.exact(s.tenantId, b.venueId, b.payMode))!;
    const after = this.shown(saved);
    await this.audit.record(this.repo.executor(), s, {
      action: 'payment.channel',
      target: `${after.venueName} ${b.payMode} 商户参数`,
      venueId: b.venueId || null,
      before: before ? this.shown(before) : null,
      after,
    });
    return after;
  }

  async remove(s: UserSession, id: number): Promise<null> {
    const row = await this.repo.find(s.tenantId, id);
    if (!row || !(await this.repo.remove(s.tenantId, id))) throw notFound('商户参数不存在');
    await this.audit.record(this.repo.executor(), s, {
      action: 'payment.channel',
      target: `${row.venue_name || '全部场馆'} ${row.pay_mode} 商户参数`,
      venueId: row.venue_id || null,
      before: this.shown(row),
      after: null,
    });
    return null;
  }

  /** 测试: the venue's (or tenant's) setting makes a harmless documented call and says what the platform answered. */
  async test(tenantId: number, payMode: payChannel.ScanMode, venueId: number): Promise<{ ok: boolean; message: string }> {
    if (venueId !== payChannel.ALL_VENUES && !(await this.repo.venueOfTenant(tenantId, venueId))) throw notFound('场馆不存在');
    const row = venueId ? await this.repo.forVenue(tenantId, venueId, payMode) : await this.repo.exact(tenantId, 0, payMode);
    if (!row) return { ok: false, message: payChannel.notConfigured(payMode) };
    if (row.provider === 'simulator') return { ok: true, message: '模拟通道：演示用，不会真实收款' };
    try {
      const channel = this.registry.fromRow(row);
      return (await channel.probe?.()) ?? { ok: false, message: '该通道不支持测试' };
    } catch (error) {
      if (error instanceof BizError) return { ok: false, message: error.message };
      return { ok: false, message: `测试失败：${(error as Error).message}` };
    }
  }
}
