import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeProduct, login, openProduct, type Product, sellInTab } from './harness';

/** Issue 33: 首页's figures of the day move with the boards' server-sent events, not a 30 s poll. */
describe('首页 is live like the boards', () => {
  let product: Product;
  beforeAll(async () => (product = await openProduct({ width: 1366, height: 860 })));
  afterAll(() => closeProduct(product));

  it('shows a sale made elsewhere in 今日订单 and 今日营收 within 3 s', async () => {
    const { page, server, browser } = product;
    await login(page, server.url, 'admin', 'admin123');
    await page.locator('[data-live="live"]').waitFor();
    const figure = (title: string) => page.locator('.ant-card', { hasText: title }).locator('.ant-statistic-content');
    const read = async (title: string) => Number((await figure(title).innerText()).replace(/,/g, ''));
    await expect.poll(() => read('今日订单')).not.toBeNaN();
    const [orders, revenue] = [await read('今日订单'), await read('今日营收（元）')];

    expect(await sellInTab(browser, server.url, await page.evaluate(() => localStorage.getItem('Admin-Token')))).toBe(200);
    const started = Date.now();
    await expect.poll(() => read('今日订单'), { timeout: 3000, interval: 50 }).toBe(orders + 1);
    console.log(`首页 moved ${Date.now() - started} ms after the sale was paid`);
    await expect.poll(() => read('今日营收（元）'), { timeout: 1000 }).toBeGreaterThan(revenue);
  });
});
