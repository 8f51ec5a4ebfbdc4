import { ROLE_MENU } from './role.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { RoleRepository } from './role.repository.ts';
import { roleRoutes } from './role.routes.ts';
import { RoleService } from './role.service.ts';

export type { RoleService };

/** 角色管理: roles, their menus and buttons, and their data scope. */
export const roleModule = defineModule({
  key: 'roles',
  services: ({ db }, { audit }: { audit: AuditService }) => new RoleService(new RoleRepository(db.kysely), audit),
  routes: (app, guard, roles) => roleRoutes(app, guard, roles),
  menus: [{ group: 'system', menu: ROLE_MENU }],
});
