import { PERMISSIONS, SCREENS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

const P = PERMISSIONS.system.hand;
/** 手牌管理, in the rental group: the demo cashier lends bands and takes them back; registering them is the back office's. */
export const HAND_MENU: MenuSeed = {
  title: '手牌管理',
  path: 'hand',
  component: SCREENS.hand,
  icon: 'tag',
  permission: P.list,
  roles: ['cashier'],
  buttons: [
    ['登记手牌', P.add],
    ['修改手牌', P.edit],
    ['租借手牌', P.lend, ['cashier']],
    ['归还手牌', P.return, ['cashier']],
  ],
};
