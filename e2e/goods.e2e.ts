import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { closeProduct, login, openProduct, pageErrors, pickOption, type RunningServer, screenshot } from './harness';

const stamp = Date.now().toString().slice(-5);
const className = `测试分类${stamp}`;
const warehouseName = `测试仓库${stamp}`;
const goodsName = `测试饮料${stamp}`;

describe('goods: classification, warehouse, goods with picture, stock-in, stock (issue 4)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const dialog = () => page.locator('.ant-modal-wrap:visible');
  const ok = async () => {
    await dialog().waitFor();
    await dialog()
      .getByRole('button', { name: /确\s*定/ })
      .click();
  };

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 860 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  // A failed validation (add, edit, adjust) used to throw an uncaught error each time (issue 13).
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('creates a classification, with a Chinese validation message first', async () => {
    await page.goto(`${server.url}/goods/classification`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await ok();
    await expect.poll(() => dialog().getByText('请输入分类名称').count()).toBe(1);
    await dialog().getByLabel('分类名称').fill(className);
    await ok();
    await expect.poll(() => page.getByRole('cell', { name: className }).count()).toBe(1);
  });

  it('creates a warehouse serving the current venue', async () => {
    await page.goto(`${server.url}/goods/warehouse`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog().getByLabel('仓库名称').fill(warehouseName);
    await dialog().getByLabel('服务场馆').click();
    await page.locator('.ant-select-item-option', { hasText: '城东羽毛球馆' }).click();
    await page.keyboard.press('Escape');
    await ok();
    await expect.poll(() => page.getByRole('cell', { name: warehouseName }).count()).toBe(1);
  });

  it('moves a state switch at once with 操作成功, and the second click sends the other state (issue 13)', async () => {
    const row = page.locator('.ant-table-row', { hasText: warehouseName });
    const toggle = row.getByRole('switch');
    const states: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('/api/goods/warehouse') && request.method() === 'PUT') states.push(JSON.parse(request.postData() ?? '{}').state);
    };
    page.on('request', onRequest);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByText('操作成功').count()).toBeGreaterThan(0);
    await expect.poll(() => toggle.locator('.ant-switch-loading-icon').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => states).toEqual(['S', 'A']);
    page.off('request', onRequest);
  });

  it('creates a goods item with a picture', async () => {
    await page.goto(`${server.url}/goods/archive`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog().getByLabel('商品名称').fill(goodsName);
    await pickOption(page, dialog().getByLabel('商品分类'), className);
    await dialog().getByLabel('售价（元）').fill('3.50');
    await dialog().getByLabel('条码').fill(`69${stamp}00001`);
    await dialog()
      .locator('input[type=file]')
      .setInputFiles(join(import.meta.dirname, 'fixtures/goods.png'));
    await expect.poll(() => dialog().locator('img[alt="商品图片"]').count()).toBe(1);
    await ok();
    await page.getByPlaceholder('商品名称').fill(goodsName);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.locator('tr', { hasText: goodsName });
    await expect.poll(() => row.count()).toBe(1);
    const src = await row.locator('img').getAttribute('src');
    expect(src).toBeTruthy();
    expect((await page.request.get(new URL(src!, server.url).href)).status()).toBe(200);
  });

  it('passes a stock-in and finds the stock in 库存查询', async () => {
    await page.goto(`${server.url}/goods/stockIn`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await pickOption(page, dialog().getByLabel('入库仓库'), warehouseName);
    await dialog().getByLabel('供应商').click();
    await page.locator('.ant-select-item-option[title="杭州体育用品批发有限公司"]').click();
    await dialog()
      .locator('.ant-select', { has: page.locator('.ant-select-placeholder', { hasText: /^商品$/ }) })
      .click();
    await page.keyboard.type(goodsName);
    await page.locator('.ant-select-item-option', { hasText: goodsName }).click();
    await dialog().getByPlaceholder('数量').fill('24');
    await dialog().getByPlaceholder('进货价（元）').fill('1.20');
    await ok();
    const row = page.locator('tr', { hasText: warehouseName }).first();
    await expect.poll(() => row.getByText('待审核').count()).toBe(1);
    await row.getByRole('button', { name: '审核' }).click();
    await page.getByRole('button', { name: '提交审核' }).click();
    await expect.poll(() => row.getByText('审核通过').count()).toBe(1);

    await page.goto(`${server.url}/goods/stock`);
    await page.getByPlaceholder('商品名称').fill(goodsName);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const stock = page.locator('tr', { hasText: goodsName });
    await expect.poll(() => stock.textContent()).toContain('24');
    expect(await stock.textContent()).toContain(warehouseName);
    await screenshot(page, 'goods-stock');
  });

  it('refuses a stock adjustment of 2.5 with 调整数量必须是整数 and records nothing (issue 13)', async () => {
    const stock = page.locator('tr', { hasText: goodsName });
    await stock.getByRole('button', { name: /调\s*整/ }).click();
    await dialog().getByLabel('调整数量').fill('2.5');
    await dialog().getByLabel('调整原因').fill('盘点');
    await ok();
    await expect.poll(() => dialog().getByText('调整数量必须是整数').count()).toBe(1);
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => stock.textContent()).toContain('24');
    // 27 as a quantity of its own (the goods name and barcode carry digits that may contain 27).
    expect(await stock.textContent()).not.toMatch(/(^|\D)27(\D|$)/);
    // Spec 9: the movements list pages by 20 like every list.
    await stock.getByRole('button', { name: /明\s*细/ }).click();
    await expect.poll(() => dialog().locator('.ant-pagination-options').textContent()).toContain('20 条/页');
  });

  it('marks a field emptied in 修改 and keeps the dialog open, with no uncaught error (issue 13)', async () => {
    await page.goto(`${server.url}/goods/archive`);
    const row = page.locator('tr', { hasText: goodsName }).first();
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    // The dialog fills the row once it has opened; clearing before that would be overwritten.
    await expect.poll(() => dialog().getByLabel('商品名称').inputValue()).toBe(goodsName);
    await dialog().getByLabel('商品名称').fill('');
    await ok();
    await expect.poll(() => dialog().getByText('请输入商品名称').count()).toBe(1);
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await expect.poll(() => page.getByRole('cell', { name: goodsName }).count()).toBe(1);
  });
});
