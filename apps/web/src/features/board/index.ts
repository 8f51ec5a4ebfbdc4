/** Boards and big screens (issue 21): the routes of spec 2.1 and the page that draws each. */
export { BOARD_ROUTES, type BoardRoute } from './boards';
export { TodayFigures } from './components/TodayFigures';
