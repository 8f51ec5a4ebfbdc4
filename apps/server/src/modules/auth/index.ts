import type { AuditService } from '../audit/index.ts';
import type { MenuService } from '../menu/index.ts';
import { defineModule } from '../module.ts';
import type { UserService } from '../user/index.ts';
import type { VenueService } from '../venue/index.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';

export type { AuthService };

/** Login, sessions, captcha and the anonymous board token; its service is the route guard. */
export const authModule = defineModule({
  key: 'auth',
  services: ({ db, clock }, { users, venues, audit }: { users: UserService; venues: VenueService; audit: AuditService; menus: MenuService }) =>
    new AuthService(new AuthRepository(db.kysely), users, venues, clock, audit),
  routes: (app, guard, auth, { users, menus }) => authRoutes(app, guard, auth, users, menus),
});
