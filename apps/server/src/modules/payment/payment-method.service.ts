import { payment, type BodyOut, type QueryOut, Msg } from '@venue/contract';
import { iso, type Clock } from '../../lib/clock.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import { alreadyExists, notFound, refuse } from '../../lib/errors.ts';
import { mapPage, pageWindow } from '../../lib/paging.ts';
import type { VenueService } from '../venue/venue.service.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { MethodRow, PaymentMethodRepository } from './payment-method.repository.ts';

type MethodBody = BodyOut<typeof payment.add>;
const NOT_FOUND = '收款方式不存在';

export const toPayMethod = (r: MethodRow): payment.PayMethod => ({
  id: r.id,
  payMode: r.pay_mode,
  payName: r.pay_name,
  isApi: r.is_api,
  icon: r.icon,
  state: r.state,
  sort: r.sort,
  venueIds: r.venues.map((v) => v.venue_id),
  venueNames: r.venues.map((v) => v.venue_name),
  sourceType: 'system',
});

/** The payment methods (system/payment/*): which system methods each venue offers the cashier. */
export class PaymentMethodService {
  constructor(
    private readonly repo: PaymentMethodRepository,
    private readonly channels: ChannelRegistry,
    private readonly venues: VenueService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The venue's methods for the payment dialog: enabled ones, or all with channel ALL. */
  async forVenue(tenantId: number, venueId: number, channel: 'ALL' | 'ENABLED') {
    const rows = await this.repo.list(tenantId, { venueId, state: channel === 'ALL' ? undefined : 'A' });
    return Promise.all(
      rows.map(async (r) => {
        const shown = toPayMethod(r);
        return (await this.channels.simulatedAt(tenantId, venueId, r.pay_mode)) ? { ...shown, simulated: true } : shown;
      }),
    );
  }

  /** Enabled methods by venue and mode, per tenant, while its rules version stands (see UserSession.rulesVersion). */
  private readonly kept = new Map<number, { version: number; methods: Map<string, ReturnType<PaymentMethodRepository['enabledFor']>> }>();

  /**
   * The enabled method of `payMode` the venue offers, or undefined. With the caller's `rulesVersion` it is
   * kept in memory until a method changes (the database bumps the version), else read now.
   */
  enabledMethod(tenantId: number, venueId: number, payMode: string, rulesVersion?: number) {
    if (rulesVersion === undefined) return this.repo.enabledFor(tenantId, venueId, payMode);
    let tenant = this.kept.get(tenantId);
    if (tenant?.version !== rulesVersion) {
      if (this.kept.size >= 1000) this.kept.clear();
      tenant = { version: rulesVersion, methods: new Map() };
      this.kept.set(tenantId, tenant);
    }
    const key = `${venueId}:${payMode}`;
    let method = tenant.methods.get(key);
    if (!method) {
      method = this.repo.enabledFor(tenantId, venueId, payMode);
      const methods = tenant.methods;
      method.catch(() => methods.delete(key));
      methods.set(key, method);
    }
    return method;
  }

  async page(tenantId: number, q: QueryOut<typeof payment.queryPage>) {
    const filter = { payName: q.payName || undefined, state: q.state };
    return mapPage(await this.repo.page(tenantId, filter, pageWindow(q)), toPayMethod);
  }

  private async get(tenantId: number, id: number) {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toPayMethod(row);
  }

  async save(who: AuditActor, id: number | null, b: MethodBody) {
    const tenantId = who.tenantId;
    const before = id !== null ? await this.get(tenantId, id) : null;
    const venueIds = [...new Set(b.venueIds)];
    if (!(await this.venues.allOfTenant(tenantId, venueIds))) throw refuse(Msg.chooseVenues);
    const channel = this.channels.kind(b.payMode);
    if (!channel) throw refuse(Msg.chooseChannel);
    const label = payment.payModeName(b.payMode);
    if ((b.isApi === 'T') !== channel.needsAuthCode) throw refuse(`${label}${channel.needsAuthCode ? '需要' : '不需要'}付款码，请修改“是否需要付款码”`);
    const taken = await this.repo.venuesWithMode(tenantId, b.payMode, venueIds, id);
    if (taken.length) throw alreadyExists(`${taken.join('、')}已有${label}收款方式`);
    const values = { pay_mode: b.payMode, pay_name: b.payName, is_api: b.isApi, icon: b.icon ?? '', state: b.state ?? 'A', sort: b.sort ?? 999 };
    const savedId = await this.repo.save(tenantId, id, values, venueIds, iso(this.clock.now()));
    const after = await this.get(tenantId, savedId);
    await this.audit.recordNow(who, { action: id === null ? 'payType.add' : 'payType.edit', target: `收款方式 ${after.payName}`, before, after });
    return after;
  }

  async setState(who: AuditActor, id: number, state: 'A' | 'S') {
    const before = await this.get(who.tenantId, id);
    if (!(await this.repo.setState(who.tenantId, id, state))) throw notFound(NOT_FOUND);
    await this.audit.recordNow(who, { action: 'payType.state', target: `收款方式 ${before.payName}`, before: { state: before.state }, after: { state } });
    return this.get(who.tenantId, id);
  }

  async remove(who: AuditActor, id: number): Promise<null> {
    const before = await this.get(who.tenantId, id);
    if (!(await this.repo.remove(who.tenantId, id))) throw notFound(NOT_FOUND);
    await this.audit.recordNow(who, { action: 'payType.delete', target: `收款方式 ${before.payName}`, before });
    return null;
  }
}
