import { sidebarMenus } from './modules/menu/menu-seed.ts';
import { MODULES } from './modules.ts';

/** Every module's menus, in the order the sidebar shows them: what a new tenant gets, and what start-up brings existing tenants up to. */
export const PRODUCT_MENUS = sidebarMenus(MODULES.modules.flatMap((module) => module.menus ?? []));
