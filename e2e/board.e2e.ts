import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BOARD_ROUTES } from '../apps/web/src/features/board/boards.ts';
import { closeProduct, login, openPage, openProduct, pageApi, pageErrors, type RunningServer, screenshot } from './harness';

interface Flow {
  inVenue: number;
  inCount: number;
}
interface Revenue {
  total: { net: number; orders: number };
}

const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);
const numberOf = async (page: Page, name: string) => Number((await figure(page, name).innerText()).replace(/,/g, ''));

/**
 * Issue 21: every board route at 1920x1080 against the demo, its numbers checked against the API; a sale
 * made in another tab moves /bigScreenRevenue within 5 s (server-sent events); the public boards open
 * without a login only for a venue whose boards are public.
 */
describe('boards and big screens (issue 21)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1920, height: 1080 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('opens every board at 1920x1080 with figures equal to the API', async () => {
    const flow = await pageApi<Flow>(page, server.url, 'board/flow?venueId=1');
    for (const route of BOARD_ROUTES) {
      const started = Date.now();
      await page.goto(`${server.url}${route.path}?venueId=1`);
      await page.getByRole('heading', { level: 1, name: route.title }).waitFor();
      if (route.kind === 'flow') {
        await expect.poll(() => numberOf(page, 'inVenue')).toBe(flow.inVenue);
        expect(await numberOf(page, 'inCount')).toBe(flow.inCount);
      }
      if (route.kind === 'revenue') await figure(page, 'todayOrders').waitFor();
      if (route.kind === 'cockpit') await figure(page, 'members').waitFor();
      if (route.kind === 'course') expect(await page.getByText('「课程培训」功能尚未上线，暂无数据').count()).toBe(3);
      if (route.kind === 'video') await page.getByRole('alert').getByText('尚未上线').waitFor();
      if (route.kind !== 'video' && route.kind !== 'course') await page.locator('[data-live="live"]').waitFor();
      console.log(`${route.path}: shown in ${Date.now() - started} ms`);
      await screenshot(page, `board${route.path.replace(/\//g, '-')}`);
    }
  });

  it('moves /bigScreenRevenue within 5 s of a sale made in another tab', async () => {
    const today = chinaToday();
    const before = await pageApi<Revenue>(page, server.url, `board/revenue?venueId=1&beginDate=${today}&endDate=${today}`);
    await page.goto(`${server.url}/bigScreenRevenue?venueId=1`);
    await page.locator('[data-live="live"]').waitFor();
    await expect.poll(() => numberOf(page, 'todayOrders')).toBe(before.total.orders);

    const till = await openPage(browser, { width: 1366, height: 768 });
    await till.goto(`${server.url}/notice`);
    const sold = await till.evaluate(
      async (token) => {
        const call = async (method: string, path: string, body?: unknown) =>
          (
            await fetch(`/api/${path}`, {
              method,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).json();
        const stock = await call('GET', 'goods/goodsArchive/queryStock?warehouseId=1&size=50');
        const goods = stock.data.records.find((r: { quantity: number }) => r.quantity > 0);
        const order = await call('POST', 'goods/goodsSaleOrder/createOrder', {
          details: [{ goodsId: goods.goodsId, quantity: 1 }],
          warehouseId: 1,
          venueId: 1,
        });
        const paid = await call('POST', 'goods/goodsSaleOrder/payOrder', { orderId: order.data.orderId, payMode: 'cashpay', money: order.data.pricePay });
        return paid.code;
      },
      await page.evaluate(() => localStorage.getItem('Admin-Token')),
    );
    expect(sold).toBe(200);
    const started = Date.now();
    await expect.poll(() => numberOf(page, 'todayOrders'), { timeout: 5000, interval: 100 }).toBe(before.total.orders + 1);
    console.log(`/bigScreenRevenue moved ${Date.now() - started} ms after the sale was paid`);
    await till.close();
  });

  it('opens a public board without a login only for a venue whose boards are public', async () => {
    const anonymous = await openPage(browser, { width: 1366, height: 768 });
    await anonymous.goto(`${server.url}/indexTX?venueId=1`);
    await figure(anonymous, 'inVenue').waitFor();
    await screenshot(anonymous, 'board-indexTX-anonymous-1366');
    // A board that needs a login sends the visitor to it.
    await anonymous.goto(`${server.url}/bigScreenRevenue?venueId=1`);
    await anonymous.waitForURL(/\/login/);

    const db = new Database(join(server.dataDir, 'venue.db'));
    try {
      db.prepare(`update venue set board_public = 'F' where id = 2`).run();
    } finally {
      db.close();
    }
    await anonymous.goto(`${server.url}/fieldTX?venueId=2`);
    await anonymous.getByRole('alert').getByText('该场馆未开放公共看板').waitFor();
    expect(await figure(anonymous, 'inVenue').count()).toBe(0);
    await anonymous.close();
  });
});
