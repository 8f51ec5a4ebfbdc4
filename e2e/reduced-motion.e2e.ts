import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, launchBrowser, login, openPage, pageErrors, type RunningServer, startServer } from './harness';

/**
 * Issue 32: with the system's reduced-motion setting the product turns antd's motion off, and a dialog
 * still takes the focus where the user types next (its content mounts hidden, so autoFocus alone is lost).
 */
describe('reduced motion: no animations, the focus where the user types', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const modal = (title: string) => page.locator('.ant-modal-wrap:visible', { hasText: title });
  const focused = () => page.evaluate(() => document.activeElement?.id ?? '');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await openPage(browser, { width: 1366, height: 860 }, { reducedMotion: 'reduce' });
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('opens dialogs without a zoom', async () => {
    await page.goto(`${server.url}/goods/warehouse`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = modal('新增仓库').locator('.ant-modal');
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    expect(await dialog.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  });

  it('focuses the first field of an add dialog, so typing fills it', async () => {
    await expect.poll(focused).toBe('dialog_warehouseName');
    await page.keyboard.type('键盘仓库');
    expect(await modal('新增仓库').getByLabel('仓库名称').inputValue()).toBe('键盘仓库');
    await page.keyboard.press('Escape');
  });

  it('focuses the name field of 中心管理', async () => {
    await page.goto(`${server.url}/system/venue`);
    await page.getByRole('button', { name: '中心管理' }).click();
    await modal('中心管理').waitFor();
    await expect.poll(focused).toBe('center_centerName');
    expect(pageErrors(page)).toEqual([]);
  });
});
