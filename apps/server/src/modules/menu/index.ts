import { MENU_MENU } from './menu.menus.ts';
import type { AuditService } from '../audit/index.ts';
import { defineModule } from '../module.ts';
import { MenuRepository } from './menu.repository.ts';
import { menuRoutes } from './menu.routes.ts';
import { MenuService } from './menu.service.ts';

export type { MenuService };

/** The menu tree a user's roles grant, and 菜单管理 where an admin builds it (the seed's menus come from every module). */
export const menuModule = defineModule({
  key: 'menus',
  services: ({ db }, { audit }: { audit: AuditService }) => new MenuService(new MenuRepository(db.kysely), audit),
  routes: (app, guard, menus) => menuRoutes(app, guard, menus),
  menus: [{ group: 'system', menu: MENU_MENU }],
});
