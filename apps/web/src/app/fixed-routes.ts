import { BOARD_ROUTES } from '@/features/board/boards';

/** The fixed routes of spec 2.1 that exist so far: title and whether they need a login. */
export const PRODUCT_TITLE = '智慧体育场馆';

export const FIXED_TITLES: Record<string, string> = {
  ...Object.fromEntries(BOARD_ROUTES.map((b) => [b.path, b.title])),
  '/login': '登录',
  '/dashboard': '首页',
  '/user/center': '个人中心',
  '/readCards': '读卡',
  '/course/sign': '教练签到',
  '/notice': '使用说明',
  '/404': '404',
  '/401': '401',
};

export const titleFor = (title?: string) => (title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE);
