import { defineModule } from '../module.ts';
import { TenantRepository } from './tenant.repository.ts';
import { tenantRoutes } from './tenant.routes.ts';
import { TenantService } from './tenant.service.ts';

export type { TenantService };

/** Tenants: their settings and the services each has switched on. */
export const tenantModule = defineModule({
  key: 'tenants',
  services: ({ db }) => new TenantService(new TenantRepository(db.kysely)),
  routes: (app, guard, tenants) => tenantRoutes(app, guard, tenants),
});
