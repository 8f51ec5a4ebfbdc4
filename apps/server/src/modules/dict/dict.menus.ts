import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/** 字典管理, the dict module's screen in the system group. */
export const DICT_MENU: MenuSeed = {
  title: '字典管理',
  path: 'dict',
  component: SCREENS.systemDict,
  icon: 'book',
  permission: PERMISSIONS.system.dict.list,
  roles: ['cashier'],
  buttons: [
    ['新增字典', PERMISSIONS.system.dict.add],
    ['修改字典', PERMISSIONS.system.dict.edit],
    ['删除字典', PERMISSIONS.system.dict.del],
  ],
};
