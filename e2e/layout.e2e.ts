import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, login, logOut, openPage, openProduct, type RunningServer, screenshot } from './harness';

describe('main layout (spec 2.1-2.4)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const tab = (title: string) => page.locator('[role="tab"]', { hasText: title });

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 800 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('jumps to a screen from the header search', async () => {
    await page.getByLabel('搜索菜单').click();
    await page.keyboard.type('字典');
    await page.locator('.ant-select-item-option', { hasText: '系统管理 > 字典管理' }).click();
    await page.waitForURL(`${server.url}/system/dict`);
    await expect.poll(() => page.title()).toBe('字典管理 - 智慧体育场馆');
  });

  it('keeps typed text in a cached tab', async () => {
    await page.getByRole('menuitem', { name: '用户管理' }).click();
    await page.waitForURL(`${server.url}/system/user`);
    await page.getByPlaceholder('用户名、姓名或电话').fill('收银');
    await tab('字典管理').click();
    await page.waitForURL(`${server.url}/system/dict`);
    await tab('用户管理').click();
    await expect.poll(() => page.getByPlaceholder('用户名、姓名或电话').inputValue()).toBe('收银');
  });

  it('closes tags from the right-click menu; the fixed 首页 tab refuses to close', async () => {
    await tab('首页').click({ button: 'right' });
    await expect.poll(() => page.getByRole('menuitem', { name: '关闭', exact: true }).count()).toBe(0);
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => page.locator('[role="tab"]').allTextContents()).toEqual(['首页']);
    await page.waitForURL(`${server.url}/dashboard`);

    await page.goto(`${server.url}/system/dict`);
    await tab('字典管理').waitFor();
    await tab('字典管理').click({ button: 'right' });
    const menu = page.locator('ul[role="menu"]').filter({ hasText: '刷新' });
    expect(await menu.evaluate((el) => el.getBoundingClientRect().width)).toBe(105);
    await page.getByRole('menuitem', { name: '关闭', exact: true }).click();
    await expect.poll(() => page.locator('[role="tab"]').allTextContents()).toEqual(['首页']);
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('changes the size with 布局设置成功 and keeps a theme colour over a reload', async () => {
    await page.getByLabel('布局大小').click();
    await page.getByRole('menuitem', { name: '迷你' }).click();
    await expect.poll(() => page.getByText('布局设置成功').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('size'))).toBe('mini');

    await page.getByLabel('用户菜单').click();
    await page.getByText('布局设置', { exact: true }).click();
    await page.getByText('系统布局设置').waitFor();
    await page.locator('.ant-drawer .ant-color-picker-trigger').click();
    await page.locator('.ant-color-picker-presets-color').nth(4).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('layoutSettings') ?? '{}').theme)).toBe('#11a983');
    await page.reload();
    await page.getByText('智慧体育场馆').first().waitFor();
    const colour = await page
      .locator('.ant-menu-item-selected')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe('rgb(17, 169, 131)');
  });

  it('switches the venue through the cascader and reloads', async () => {
    await page.getByTestId('venue-switcher').click();
    await page.getByText('滨江运动公园').click();
    await page.getByText('滨江健身馆').click();
    await expect.poll(() => page.getByTestId('venue-switcher').textContent()).toContain('滨江健身馆');
  });

  it('goes to /401 on a 403 answer and shows /404 for an unknown path', async () => {
    await page.route('**/api/api/dict?**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":510,"msg":"没有权限执行该操作","data":null}' }),
    );
    await page.goto(`${server.url}/system/dict`);
    await page.waitForURL(`${server.url}/401`);
    await page.unroute('**/api/api/dict?**');
    await page.goto(`${server.url}/nothing/here`);
    await page.waitForURL(`${server.url}/404`);
  });

  it('opens the sidebar as a drawer at 375 px and closes it on an outside click', async () => {
    const mobile = await openPage(browser, { width: 375, height: 700 });
    await login(mobile, server.url, 'admin', 'admin123');
    await expect.poll(() => mobile.locator('.ant-drawer-open').count()).toBe(0);
    await mobile.getByLabel('切换侧边栏').click();
    const drawer = mobile.locator('.ant-drawer-open');
    await drawer.getByText('系统管理').waitFor();
    // The shot waits for the slide-in: antd's motion classes stay on the mask and panel until it ends.
    await expect.poll(() => drawer.locator('[class*="-motion-"]').count()).toBe(0);
    await screenshot(mobile, 'layout-mobile-drawer');
    await mobile.mouse.click(350, 400);
    await expect.poll(() => mobile.locator('.ant-drawer-open').count()).toBe(0);
    await mobile.close();
  });

  it('logs out after 确定注销并退出系统吗？', async () => {
    await logOut(page, server.url);
  });
});
