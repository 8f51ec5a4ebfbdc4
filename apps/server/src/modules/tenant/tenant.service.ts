import type { BodyOut, tenant } from '@venue/contract';
import { TENANT_MESSAGES, type TenantSettings } from '@venue/contract/tenant';
import { notFound, refuse } from '../../lib/errors.ts';
import type { UserSession } from '../../plugins/session.ts';
import type { AuditService } from '../audit/index.ts';
import { HOME_PAGE_LOGO, type TenantRepository } from './tenant.repository.ts';

export class TenantService {
  constructor(private readonly tenants: TenantRepository) {}

  async info(tenantId: number) {
    const tenant = await this.tenants.findTenant(tenantId);
    if (!tenant) throw notFound('租户不存在');
    return { tenantId: tenant.id, tenantName: tenant.name, homePageLogo: await this.tenants.setting(tenantId, HOME_PAGE_LOGO) };
  }

  async services(tenantId: number) {
    const rows = await this.tenants.services(tenantId);
    return rows.map((r) => ({ serviceCode: r.service_code, serviceName: r.service_name, enabled: r.enabled === 1 }));
  }

  async globalSettings(tenantId: number): Promise<Record<string, string>> {
    const rows = await this.tenants.globalSettings(tenantId);
    return Object.fromEntries(rows.map((r) => [r.setting_key, r.setting_value]));
  }

  /** 租户信息: the name and logo with the footer settings. */
  async settings(tenantId: number): Promise<TenantSettings> {
    const [info, global] = await Promise.all([this.info(tenantId), this.globalSettings(tenantId)]);
    return { ...info, showFooter: global.showFooter !== 'false', footerTxt: global.footerTxt ?? '', caseNumber: global.caseNumber ?? '' };
  }
}

/** 租户信息 changed by an admin: in one transaction with its 操作日志 entry. */
export class TenantAdminService {
  constructor(
    private readonly tenants: TenantRepository,
    private readonly reads: TenantService,
    private readonly audit: AuditService,
  ) {}

  async edit(session: UserSession, b: BodyOut<typeof tenant.edit>): Promise<TenantSettings> {
    const tenantId = session.tenantId;
    // A picture another tenant uploaded is not this tenant's to show.
    if (b.homePageLogo?.startsWith('/uploads/') && !b.homePageLogo.startsWith(`/uploads/${tenantId}/`)) throw refuse(TENANT_MESSAGES.logoOfOther);
    const before = await this.reads.settings(tenantId);
    await this.tenants.transaction(async (trx) => {
      await this.tenants.rename(trx, tenantId, b.tenantName);
      await this.tenants.putSetting(trx, tenantId, HOME_PAGE_LOGO, b.homePageLogo);
      await this.tenants.putGlobalSetting(trx, tenantId, 'showFooter', String(b.showFooter));
      await this.tenants.putGlobalSetting(trx, tenantId, 'footerTxt', b.footerTxt);
      await this.tenants.putGlobalSetting(trx, tenantId, 'caseNumber', b.caseNumber);
      const { tenantId: _, ...was } = before;
      await this.audit.record(trx, session, { action: 'tenant.edit', target: `租户 ${tenantId}`, before: was, after: b });
    });
    return this.reads.settings(tenantId);
  }
}
