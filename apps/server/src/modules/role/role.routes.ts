import type { FastifyInstance } from 'fastify';
import { roles as contract } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { RoleService } from './role.service.ts';

export function roleRoutes(app: FastifyInstance, guard: Guard, roles: RoleService): void {
  route(app, guard, contract.roleList, ({ session, query }) => roles.page(session.tenantId, query));
  route(app, guard, contract.roleAdd, ({ session, body }) => roles.add(session, body));
  route(app, guard, contract.roleEdit, ({ session, body }) => roles.edit(session, body));
  route(app, guard, contract.roleDelete, ({ session, params }) => roles.remove(session, params.id));
  route(app, guard, contract.menuGrantTree, ({ session }) => roles.grantTree(session.tenantId));
}
