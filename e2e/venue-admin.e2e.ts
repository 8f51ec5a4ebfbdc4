import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AXE_CONTEXT, seriousViolations } from './axe';
import { closeProduct, launchBrowser, login, openPage, pageApi, pageErrors, pickOption, type RunningServer, screenshot, startServer } from './harness';

/**
 * Issue 15 B1, 场馆管理 by keyboard where a user would type: a center, a venue in it, a sports item with its
 * settings, a closure; the new venue reaches the cascader of venues; the screen on a 390 px phone.
 */
describe('venue administration (issue 15)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const modal = (title: string) => page.locator('.ant-modal-wrap:visible', { hasText: title });
  const row = (text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await openPage(browser, { width: 1366, height: 860 }, AXE_CONTEXT);
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('adds a center from 中心管理 with the keyboard', async () => {
    await page.goto(`${server.url}/system/venue`);
    await row('城东羽毛球馆').waitFor();
    await page.getByRole('button', { name: '中心管理' }).click();
    const centers = modal('中心管理');
    await centers.getByLabel('中心名称').waitFor();
    await expect.poll(() => centers.getByLabel('中心名称').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('城北体育中心');
    await page.keyboard.press('Enter');
    await centers.locator('tbody tr', { hasText: '城北体育中心' }).waitFor();
    // The name box empties once the add has landed (as the user sees it), then the same name again.
    await expect.poll(() => centers.getByLabel('中心名称').inputValue()).toBe('');
    await page.keyboard.type('城北体育中心');
    await page.keyboard.press('Enter');
    await page.locator('.ant-notification-notice, .ant-message-notice', { hasText: '中心「城北体育中心」已存在' }).waitFor();
    await screenshot(page, 'venue-centers');
    await centers
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s*闭$/ })
      .click();
  });

  it('adds a venue in the new center; a venue without items is marked', async () => {
    await page.getByRole('button', { name: /新\s*增$/ }).click();
    const dialog = modal('新增场馆');
    await dialog.getByLabel('场馆名称').fill('城北综合馆');
    await pickOption(page, dialog.getByLabel('所属中心'), '城北体育中心');
    await dialog.getByLabel('地址').fill('城北路 1 号');
    await dialog.getByLabel('联系电话').fill('12345');
    await dialog.getByLabel('开馆时间').fill('09:00');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入正确的电话号码或者固话号码').waitFor();
    await dialog.getByLabel('联系电话').fill('0571-88000009');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await row('城北综合馆').waitFor();
    expect(await row('城北综合馆').innerText()).toContain('09:00-22:00');
    await row('城北综合馆').getByText('未设置项目').waitFor();
  });

  it('turns on 公开看板 in the venue form, so the new venue’s boards open without a login', async () => {
    const anonymous = (venueId: number) =>
      page.evaluate(async (id) => {
        const r = await fetch('/api/system/auth/getAnonymous', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ venueId: id }),
        });
        return ((await r.json()) as { code: number }).code;
      }, venueId);
    const venues = await pageApi<{ records: { venueId: number; venueName: string }[] }>(page, server.url, 'system/venue/all?current=1&size=50');
    const venueId = venues.records.find((v) => v.venueName === '城北综合馆')!.venueId;
    expect(await anonymous(venueId)).not.toBe(200);
    await row('城北综合馆')
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    const dialog = modal('场馆');
    const toggle = dialog.getByRole('switch', { name: '公开看板' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await screenshot(page, 'venue-board-public');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => anonymous(venueId)).toBe(200);
    const board = await browser.newPage();
    await board.goto(`${server.url}/indexTX?venueId=${venueId}`);
    // Drawn and connected to the venue's live events (a board keeps that request open: the network never idles).
    await board.locator('[data-live="live"]').waitFor();
    expect(new URL(board.url()).pathname).toBe('/indexTX');
    expect(await board.getByText('请先登录').count()).toBe(0);
    await board.close();
  });

  it('sets a sports item with its settings in 项目设置', async () => {
    await row('城北综合馆').getByRole('button', { name: '项目设置' }).click();
    const dialog = modal('项目设置 - 城北综合馆');
    await dialog.getByText('当前场馆未设置项目，请在下方新增项目').waitFor();
    await expect.poll(() => dialog.getByLabel('项目名称').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('壁球');
    await dialog.getByLabel('按人次').check();
    await dialog.getByLabel('容纳人数（0为不限）').fill('40');
    await dialog.getByLabel('多次进出').check();
    await dialog.getByRole('button', { name: '添加项目' }).click();
    await dialog.locator('tbody tr', { hasText: '壁球' }).waitFor();
    expect(await dialog.locator('tbody tr', { hasText: '壁球' }).innerText()).toMatch(/按人次\s+40\s+多次进出\s+启用/);
    expect(await dialog.getByText('当前场馆未设置项目，请在下方新增项目').count()).toBe(0);
    await screenshot(page, 'venue-items');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s*闭$/ })
      .click();
    await expect.poll(() => row('城北综合馆').innerText()).toContain('1 个');
  });

  it('keeps a closure in 闭馆设置', async () => {
    await row('城北综合馆').getByRole('button', { name: '闭馆设置' }).click();
    const dialog = modal('闭馆设置 - 城北综合馆');
    await dialog.getByText('没有闭馆安排').waitFor();
    await dialog.getByRole('button', { name: '添加闭馆日期' }).click();
    await dialog.getByLabel('第1条闭馆原因').fill('设备检修');
    await dialog.getByRole('button', { name: '保存闭馆设置' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const venues = await pageApi<{ records: { venueId: number; venueName: string }[] }>(page, server.url, 'system/venue/all?blurry=城北综合馆');
    const detail = await pageApi<{ closures: { reason: string; itemId: number | null }[] }>(page, server.url, `system/venue/${venues.records[0].venueId}`);
    expect(detail.closures).toMatchObject([{ reason: '设备检修', itemId: null }]);
    await row('城北综合馆').getByRole('button', { name: '项目设置' }).click();
    await modal('项目设置 - 城北综合馆').locator('tbody tr', { hasText: '壁球' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('fits a 390 px phone', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await login(phone, server.url, 'admin', 'admin123');
    await phone.goto(`${server.url}/system/venue`);
    await phone.locator('tbody tr.ant-table-row', { hasText: '城北综合馆' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'venue-phone');
    await phone.close();
  });
});
