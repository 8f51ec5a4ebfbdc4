import { defineModule } from '../module.ts';
import { MenuRepository } from './menu.repository.ts';
import { menuRoutes } from './menu.routes.ts';
import { MenuService } from './menu.service.ts';

export type { MenuService };

/** The menu tree a user's roles grant (the menus themselves come from every module's seed). */
export const menuModule = defineModule({
  key: 'menus',
  services: ({ db }) => new MenuService(new MenuRepository(db.kysely)),
  routes: (app, guard, menus) => menuRoutes(app, guard, menus),
});
