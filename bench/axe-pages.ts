// axe-core (WCAG 2 A/AA and best practices, critical and serious only) on every page of the admin's menu
// tree, at 1366x860 and at a 390 px phone, and on every board at 1920x1080, against the built product on a fresh demo database. A judge
// nobody here wrote, run on purpose (`npm run bench:axe`): prints each page's violations, exits 1 if any.
import type { MenuNode } from '@venue/contract/system';
import { BOARD_ROUTES } from '../apps/web/src/features/board/boards.ts';
import { AXE_CONTEXT, seriousViolations } from '../e2e/axe.ts';
import { launchBrowser, login, openPage, pageApi, startServer } from '../e2e/harness.ts';

/** The menu tree's pages as URL paths (a child's path is relative to its parent's; external links left out). */
function pagesOf(nodes: MenuNode[], parent = ''): { title: string; path: string }[] {
  return nodes.flatMap((n) => {
    const path = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`;
    if (n.children?.length) return pagesOf(n.children, path);
    if (n.hidden || n.meta?.link || /^https?:/.test(n.path)) return [];
    return [{ title: n.meta?.title ?? path, path }];
  });
}

const server = await startServer();
const browser = await launchBrowser();
let found = 0;
try {
  for (const viewport of [
    { width: 1366, height: 860 },
    { width: 390, height: 844 },
  ]) {
    const page = await openPage(browser, viewport, AXE_CONTEXT);
    await login(page, server.url, 'admin', 'admin123');
    const pages = pagesOf(await pageApi<MenuNode[]>(page, server.url, 'system/api/menus/user-all'));
    for (const target of pages) {
      await page.goto(`${server.url}${target.path}`);
      await page.waitForLoadState('networkidle');
      const violations = await seriousViolations(page);
      found += violations.length;
      console.log(`${viewport.width}px ${target.title} ${target.path}: ${violations.length ? violations.join('\n    ') : 'clean'}`);
    }
    await page.close();
  }
  const wall = await openPage(browser, { width: 1920, height: 1080 }, AXE_CONTEXT);
  await login(wall, server.url, 'admin', 'admin123');
  for (const board of [...BOARD_ROUTES, { path: '/notice', title: '使用须知' }]) {
    // A board keeps its live connection open (never network-idle): it is ready when no panel spins.
    await wall.goto(`${server.url}${board.path}`);
    await wall.waitForFunction(() => document.querySelector('#root')?.childElementCount && !document.querySelector('.ant-spin-spinning'));
    const violations = await seriousViolations(wall);
    found += violations.length;
    console.log(`1920px ${board.title} ${board.path}: ${violations.length ? violations.join('\n    ') : 'clean'}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${found} serious or critical violations`);
process.exit(found ? 1 : 0);
