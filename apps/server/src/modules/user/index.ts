import { SYSTEM_MENUS } from '../../seed/menus.ts';
import { defineModule } from '../module.ts';
import type { TenantService } from '../tenant/index.ts';
import type { VenueService } from '../venue/index.ts';
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
