import { PERMISSIONS } from '@venue/contract';
import type { MenuSeed } from '../module.ts';

/**
 * 数据看板 in 报表中心: the boards are routes of their own (spec 2.1), not a sidebar screen, so the
 * entry is hidden; it carries the code a role needs to read their figures (and 首页's). The demo cashier
 * keeps the figures of its 首页.
 */
export const BOARD_MENU: MenuSeed = {
  title: '数据看板',
  path: 'board',
  icon: 'chart',
  permission: PERMISSIONS.board.view,
  hidden: true,
  roles: ['cashier'],
};
