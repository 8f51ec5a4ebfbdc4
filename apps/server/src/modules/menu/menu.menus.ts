import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 菜单管理, the menu module's screen in the system group. */
export const MENU_MENU: MenuSeed = {
  title: '菜单管理',
  path: 'menu',
  component: SCREENS.systemMenu,
  icon: 'menu',
  permission: PERMISSIONS.system.menu.list,
  buttons: [
    ['新增菜单', PERMISSIONS.system.menu.add],
    ['修改菜单', PERMISSIONS.system.menu.edit],
    ['删除菜单', PERMISSIONS.system.menu.del],
  ],
};
