import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';

export const HOME_PAGE_LOGO = 'homePageLogo';

export class TenantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findTenant(tenantId: number) {
    return this.db.selectFrom('tenant').selectAll().where('id', '=', tenantId).executeTakeFirst();
  }

  async setting(tenantId: number, key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('tenant_setting')
      .select('setting_value')
      .where('tenant_id', '=', tenantId)
      .where('setting_key', '=', key)
      .executeTakeFirst();
    return row?.setting_value ?? null;
  }

  services(tenantId: number) {
    return this.db.selectFrom('tenant_service').select(['service_code', 'service_name', 'enabled']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  }

  globalSettings(tenantId: number) {
    return this.db.selectFrom('global_setting').select(['setting_key', 'setting_value']).where('tenant_id', '=', tenantId).execute();
  }
}
