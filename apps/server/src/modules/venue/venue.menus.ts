import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.system.venue;
/** 场馆管理 in the system group: centers, venues, their sports items and closures. */
export const VENUE_MENU: MenuSeed = {
  title: '场馆管理',
  path: 'venue',
  component: SCREENS.systemVenue,
  icon: 'home',
  permission: P.list,
  buttons: [
    ['新增场馆', P.add],
    ['修改场馆', P.edit],
    ['项目设置', P.item],
    ['闭馆设置', P.close],
  ],
};
