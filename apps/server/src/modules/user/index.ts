import type { AuditService } from '../audit/index.ts';
import { SYSTEM_MENUS } from './user.menus.ts';
import { defineModule } from '../module.ts';
import type { TenantService } from '../tenant/index.ts';
import type { VenueService } from '../venue/index.ts';
import { UserAdminRepository } from './user-admin.repository.ts';
import { userAdminRoutes } from './user-admin.routes.ts';
import { UserAdminService } from './user-admin.service.ts';
import { UserRepository } from './user.repository.ts';
import { userRoutes } from './user.routes.ts';
import { UserService } from './user.service.ts';

export type { UserService };

/** Users, their roles and the system menu group (系统管理) that other settings screens join. */
export const userModule = defineModule({
  key: 'users',
  services: ({ db }, { venues, tenants }: { venues: VenueService; tenants: TenantService }) => new UserService(new UserRepository(db.kysely), venues, tenants),
  routes: (app, guard, users) => userRoutes(app, guard, users),
  menus: [{ sidebar: 3, menu: SYSTEM_MENUS }],
});

/** 用户管理's writes (issue 15): add, edit, enable/disable, password reset; every change in the audit log. */
export const userAdminModule = defineModule({
  key: 'userAdmin',
  services: ({ db, clock }, { venues, audit }: { venues: VenueService; audit: AuditService }) =>
    new UserAdminService(new UserAdminRepository(db.kysely), venues, audit, clock),
  routes: (app, guard, admin) => userAdminRoutes(app, guard, admin),
});
