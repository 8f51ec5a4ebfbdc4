import { TENANT_MENU } from './tenant.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { TenantRepository } from './tenant.repository.ts';
import { tenantAdminRoutes, tenantRoutes } from './tenant.routes.ts';
import { TenantAdminService, TenantService } from './tenant.service.ts';

export type { TenantService };

/** Tenants: their settings and the services each has switched on. */
export const tenantModule = defineModule({
  key: 'tenants',
  services: ({ db }) => new TenantService(new TenantRepository(db.kysely)),
  routes: (app, guard, tenants) => tenantRoutes(app, guard, tenants),
});

/** 租户信息 (issue 15): the tenant's name, logo, footer text and case number; every change in the audit log. */
export const tenantAdminModule = defineModule({
  key: 'tenantAdmin',
  services: ({ db }, { tenants, audit }: { tenants: TenantService; audit: AuditService }) =>
    new TenantAdminService(new TenantRepository(db.kysely), tenants, audit),
  routes: (app, guard, admin) => tenantAdminRoutes(app, guard, admin),
  menus: [{ group: 'system', menu: TENANT_MENU }],
});
