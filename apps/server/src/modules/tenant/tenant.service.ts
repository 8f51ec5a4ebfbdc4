import { notFound } from '../../lib/errors.ts';
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
}
