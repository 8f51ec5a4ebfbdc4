import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

export const HOME_PAGE_LOGO = 'homePageLogo';
/** The global settings 租户信息 edits (spec 2.4: the sidebar's footer). */
export const FOOTER_KEYS = ['showFooter', 'footerTxt', 'caseNumber'] as const;

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

  /** Runs `work` in one transaction (the audit entry joins it). */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async rename(trx: Executor, tenantId: number, name: string): Promise<void> {
    await trx.updateTable('tenant').set({ name }).where('id', '=', tenantId).execute();
  }

  /** Sets a tenant setting, or removes it (null). */
  async putSetting(trx: Executor, tenantId: number, key: string, value: string | null): Promise<void> {
    if (value === null) {
      await trx.deleteFrom('tenant_setting').where('tenant_id', '=', tenantId).where('setting_key', '=', key).execute();
      return;
    }
    await trx
      .insertInto('tenant_setting')
      .values({ tenant_id: tenantId, setting_key: key, setting_value: value })
      .onConflict((oc) => oc.columns(['tenant_id', 'setting_key']).doUpdateSet({ setting_value: value }))
      .execute();
  }

  async putGlobalSetting(trx: Executor, tenantId: number, key: string, value: string): Promise<void> {
    await trx
      .insertInto('global_setting')
      .values({ tenant_id: tenantId, setting_key: key, setting_value: value })
      .onConflict((oc) => oc.columns(['tenant_id', 'setting_key']).doUpdateSet({ setting_value: value }))
      .execute();
  }
}
