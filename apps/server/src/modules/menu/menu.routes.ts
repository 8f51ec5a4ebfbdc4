import type { FastifyInstance } from 'fastify';
import { menus as contract, system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { MenuService } from './menu.service.ts';

export function menuRoutes(app: FastifyInstance, guard: Guard, menus: MenuService): void {
  route(app, guard, system.userMenus, ({ session }) => menus.userTree(session.tenantId, session.userId, session.isAdmin));
  route(app, guard, system.menuList, ({ session, query }) => menus.lazy(session.tenantId, query.pid));
  route(app, guard, contract.menuQuery, ({ session, query }) => menus.query(session.tenantId, query));
  route(app, guard, contract.menuSuperior, ({ session, body }) => menus.superior(session.tenantId, body));
  route(app, guard, contract.menuChild, ({ session, query }) => menus.child(session.tenantId, query.id));
  route(app, guard, contract.menuAdd, ({ session, body }) => menus.add(session, body));
  route(app, guard, contract.menuEdit, ({ session, body }) => menus.edit(session, body));
  route(app, guard, contract.menuDelete, ({ session, body }) => menus.remove(session, body));
}
