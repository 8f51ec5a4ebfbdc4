import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** The system group (the user module's), which other modules' settings screens join. */
export const SYSTEM_MENUS: MenuSeed = {
  title: '系统管理',
  path: 'system',
  icon: 'setting',
  children: [
    {
      title: '用户管理',
      path: 'user',
      component: SCREENS.systemUser,
      icon: 'user',
      permission: PERMISSIONS.system.user.list,
      buttons: [
        ['新增用户', PERMISSIONS.system.user.add],
        ['修改用户', PERMISSIONS.system.user.edit],
        ['启用停用用户', PERMISSIONS.system.user.state],
        ['重置密码', PERMISSIONS.system.user.resetPass],
      ],
    },
  ],
};
