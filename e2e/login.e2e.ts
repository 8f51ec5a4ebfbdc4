import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, login, logOut, openProduct, pageApi, type RunningServer, screenshot, startServer } from './harness';

describe('login and the menu (foundation)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => ({ server, browser, page } = await openProduct({ width: 1366, height: 800 })));
  afterAll(() => closeProduct({ server, browser }));

  it('sends a visitor without a token to /login, titled 登录', async () => {
    await page.goto(`${server.url}/system/user`);
    await page.waitForURL(/\/login\?redirect=/);
    await expect.poll(() => page.title()).toBe('登录 - 智慧体育场馆');
  });

  it('shows a wrong password as an error notification', async () => {
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('用户名或密码错误').count()).toBeGreaterThan(0);
  });

  it('logs the demo admin in and shows the menu from the server', async () => {
    await login(page, server.url, 'admin', 'admin123');
    await expect.poll(() => page.title()).toBe('首页 - 智慧体育场馆');
    await page.getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL(`${server.url}/system/user`);
    await expect.poll(() => page.getByRole('cell', { name: 'cashier', exact: true }).count()).toBe(1);
    await expect.poll(() => page.title()).toBe('用户管理 - 智慧体育场馆');
    await screenshot(page, 'foundation-user-list');
  });

  it('shows /404 for an unknown path', async () => {
    await page.goto(`${server.url}/no/such/screen`);
    await page.waitForURL(`${server.url}/404`);
    await expect.poll(() => page.getByText('抱歉，您访问的页面不存在。').count()).toBe(1);
  });

  it('logs out after the confirmation', async () => {
    await logOut(page, server.url);
  });

  it('keeps two instances on one host (different ports) logged in side by side in one browser', async () => {
    // The browser shares cookies between the ports of a host; each instance must keep its own token.
    const other = await startServer();
    const second = await page.context().newPage();
    try {
      await login(page, server.url, 'admin', 'admin123');
      await login(second, other.url, 'cashier', 'cashier123');
      for (const [tab, url, username] of [
        [page, server.url, 'admin'],
        [second, other.url, 'cashier'],
      ] as const) {
        await tab.reload();
        await tab.getByLabel('用户菜单').waitFor();
        expect(new URL(tab.url()).pathname).toBe('/dashboard');
        expect((await pageApi<{ username: string }>(tab, url, 'system/auth/info')).username).toBe(username);
      }
    } finally {
      await second.close();
      await other.stop();
    }
  });
});
