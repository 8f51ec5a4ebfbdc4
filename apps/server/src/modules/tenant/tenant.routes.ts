import type { FastifyInstance } from 'fastify';
import { system, tenant } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { TenantAdminService, TenantService } from './tenant.service.ts';

export function tenantRoutes(app: FastifyInstance, guard: Guard, tenants: TenantService): void {
  route(app, guard, system.tenantInfo, ({ session }) => tenants.info(session.tenantId));
  route(app, guard, system.tenantServices, ({ session }) => tenants.services(session.tenantId));
  route(app, guard, system.globalSetting, ({ session }) => tenants.globalSettings(session.tenantId));
  route(app, guard, tenant.settings, ({ session }) => tenants.settings(session.tenantId));
}

export function tenantAdminRoutes(app: FastifyInstance, guard: Guard, admin: TenantAdminService): void {
  route(app, guard, tenant.edit, ({ session, body }) => admin.edit(session, body));
}
