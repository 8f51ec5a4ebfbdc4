import type { FastifyInstance } from 'fastify';
import { users as contract } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { UserAdminService } from './user-admin.service.ts';

export function userAdminRoutes(app: FastifyInstance, guard: Guard, admin: UserAdminService): void {
  route(app, guard, contract.querySalesPerson, ({ session }) => admin.salesPersons(session.tenantId));
  route(app, guard, contract.roleOptions, ({ session }) => admin.roleOptions(session.tenantId));
  route(app, guard, contract.userById, ({ session, params }) => admin.detail(session.tenantId, params.id));
  route(app, guard, contract.userAdd, ({ session, body }) => admin.add(session, body));
  route(app, guard, contract.userEdit, ({ session, body }) => admin.edit(session, body));
  route(app, guard, contract.userSetState, ({ session, body }) => admin.setState(session, body));
  route(app, guard, contract.userResetPassword, ({ session, body }) => admin.resetPassword(session, body));
}
