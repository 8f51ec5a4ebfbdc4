import type { FastifyInstance } from 'fastify';
import { system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { TenantService } from './tenant.service.ts';

export function tenantRoutes(app: FastifyInstance, guard: Guard, tenants: TenantService): void {
  route(app, guard, system.tenantInfo, ({ session }) => tenants.info(session.tenantId));
  route(app, guard, system.tenantServices, ({ session }) => tenants.services(session.tenantId));
  route(app, guard, system.globalSetting, ({ session }) => tenants.globalSettings(session.tenantId));
}
