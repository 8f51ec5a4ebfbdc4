import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 角色管理, the role module's screen in the system group. */
export const ROLE_MENU: MenuSeed = {
  title: '角色管理',
  path: 'role',
  component: SCREENS.systemRole,
  icon: 'team',
  permission: PERMISSIONS.system.role.list,
  buttons: [
    ['新增角色', PERMISSIONS.system.role.add],
    ['修改角色', PERMISSIONS.system.role.edit],
    ['删除角色', PERMISSIONS.system.role.del],
  ],
};
