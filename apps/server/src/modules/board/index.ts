import { BOARD_MENU } from './board.menus.ts';
import { defineModule } from '../module.ts';
import { BoardEvents } from './board-events.ts';
import { boardRoutes, type BoardServices } from './board.routes.ts';
import { BoardService } from './board.service.ts';

/** Boards, big screens and 首页's figures (issue 21), from the sources of the capabilities that have landed. */
export const boardModule = defineModule({
  key: 'boards',
  services: ({ db, clock }): BoardServices => ({ boards: new BoardService(db, clock), events: new BoardEvents(db) }),
  routes: (app, guard, services) => boardRoutes(app, guard, services),
  menus: [{ group: 'report', menu: BOARD_MENU }],
});
