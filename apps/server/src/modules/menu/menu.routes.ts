import type { FastifyInstance } from 'fastify';
import { system } from '@venue/contract';
import { route, type Guard } from '../../plugins/route.ts';
import type { MenuService } from './menu.service.ts';

export function menuRoutes(app: FastifyInstance, guard: Guard, menus: MenuService): void {
  route(app, guard, system.userMenus, ({ session }) => menus.userTree(session.tenantId, session.userId, session.isAdmin));
  route(app, guard, system.menuList, ({ session, query }) => menus.lazy(session.tenantId, query.pid));
}
