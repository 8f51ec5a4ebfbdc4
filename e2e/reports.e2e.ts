import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, login, logOut, openProduct, pageApi, screenshot, type RunningServer } from './harness';

/**
 * 报表中心 (issue 21): the admin opens each report, reads a headline figure and checks it against the
 * API's answer for the same filter, and exports the .xlsx; the demo cashier sells, opens 交班对账 for
 * their own day, prints the 交班对账单 on the receipt printer and exports it.
 */
describe('reports (issue 21)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const figure = async (title: string) =>
    Number(((await page.locator(`[data-testid="figure-${title}"]:visible .ant-statistic-content`).textContent()) ?? '').replace(/[^\d.-]/g, ''));

  /** Opens a report and answers the query string its first call for `path` carried. */
  async function open(route: string, path: string): Promise<string> {
    const answered = page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.status() === 200);
    await page.goto(`${server.url}${route}`);
    const url = new URL((await answered).url());
    return url.search;
  }
  async function exported(button: string, fileName: string) {
    // Screens stay mounted (cached) when another opens: the visible one's button.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('button:visible', { hasText: button }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
  }

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('商品销售统计: the overview equals the API for the same range and venue; exports 商品销售统计.xlsx', async () => {
    const search = await open('/report/goods', 'goods/goodsSaleOrder/goodsSaleOverview');
    const api = await pageApi<{ orders: number; amount: number; net: number }>(page, server.url, `goods/goodsSaleOrder/goodsSaleOverview${search}`);
    await expect.poll(() => figure('订单数')).toBe(api.orders);
    await expect.poll(() => figure('实收（元）')).toBe(api.amount);
    await expect.poll(() => page.getByText('按日统计').count()).toBe(1);
    await screenshot(page, 'report-goods');
    await exported('导出', '商品销售统计.xlsx');
  });

  it('票务销售统计, 租赁报表, 核销报表 and 会员卡报表 show the API figures and export', async () => {
    let search = await open('/report/ticket', 'ticket/ticketOrderDetail/queryTicketSaleByDay');
    const tickets = await pageApi<{ quantity: number }[]>(page, server.url, `ticket/ticketOrderDetail/queryTicketSaleByDay${search}`);
    await expect.poll(() => figure('售出张数')).toBe(tickets.reduce((n, r) => n + r.quantity, 0));
    await exported('导出', '票务日销售统计.xlsx');

    search = await open('/report/lease', 'report/lease/queryLeaseByDay');
    const leases = await pageApi<{ orders: number }[]>(page, server.url, `report/lease/queryLeaseByDay${search}`);
    await expect.poll(() => figure('租赁订单')).toBe(leases.reduce((n, r) => n + r.orders, 0));
    await exported('导出', '租赁统计.xlsx');

    search = await open('/report/verify', 'report/verify/queryVerifyByDay');
    const verified = await pageApi<{ count: number }[]>(page, server.url, `report/verify/queryVerifyByDay${search}`);
    await expect.poll(() => figure('核销合计')).toBe(verified.reduce((n, r) => n + r.count, 0));
    await screenshot(page, 'report-verify');
    await exported('导出', '核销统计.xlsx');

    await open('/report/card', 'member/card/liability');
    const owed = await pageApi<{ total: number }>(page, server.url, 'member/card/liability');
    await expect.poll(() => figure('未消费储值（元）')).toBe(owed.total);
    await screenshot(page, 'report-card');
    await exported('导出', '会员卡办卡充值统计.xlsx');
  });

  it('交班对账: the cashier sells, sees their own day per pay method, prints the 交班对账单 and exports it', async () => {
    await logOut(page, server.url);
    await login(page, server.url, 'cashier', 'cashier123');
    // A cash sale through the API with the cashier's own token (the till is tested in cashier.e2e.ts).
    const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${server.url}/api/${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const info = await pageApi<{ currentVenueId: number }>(page, server.url, 'system/auth/info');
    const warehouses = await pageApi<{ warehouseId: number }[]>(page, server.url, `goods/warehouse/all?venueIds=${info.currentVenueId}&state=A`);
    const goods = await pageApi<Record<string, { goodsId: number; quantity: number }[]>>(
      page,
      server.url,
      `goods/goodsArchive/allByClassification?warehouseIds=${warehouses[0].warehouseId}&isOnSale=1`,
    );
    const first = Object.entries(goods)
      .filter(([k]) => k !== 'hotSale')
      .flatMap(([, list]) => list)
      .find((g) => g.quantity > 0)!;
    const created = await post('goods/goodsSaleOrder/createOrder', {
      details: [{ goodsId: first.goodsId, quantity: 1 }],
      warehouseId: warehouses[0].warehouseId,
      venueId: info.currentVenueId,
    });
    expect(created.code).toBe(200);
    expect((await post('goods/goodsSaleOrder/payOrder', { orderId: created.data.orderId, payMode: 'cashpay', money: created.data.pricePay })).code).toBe(200);

    const search = await open('/report/shift', 'report/shift/queryShiftSettlement');
    const shift = await pageApi<{ rows: { userName: string; income: number; business: string; payMode: string }[] }>(
      page,
      server.url,
      `report/shift/queryShiftSettlement${search}`,
    );
    expect(shift.rows.length).toBeGreaterThan(0);
    expect(new Set(shift.rows.map((r) => r.userName))).toEqual(new Set(['收银员小李']));
    const income = shift.rows.reduce((s, r) => s + Math.round(r.income * 100), 0) / 100;
    await expect.poll(() => figure('收款（元）')).toBe(income);
    await expect.poll(() => page.getByRole('cell', { name: '现金' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'report-shift');

    await page.locator('button:visible', { hasText: '打印对账单' }).click();
    const slip = page.frameLocator('iframe[data-shift-slip]').last();
    await expect.poll(() => slip.locator('body').textContent()).toContain('交班对账单');
    const text = (await slip.locator('body').textContent())!;
    expect(text).toContain('收银员：收银员小李');
    expect(text).toContain('商品销售/现金');
    await exported('导出', '交班对账.xlsx');

    // At 390 px the filter and the table stay usable (the table scrolls inside its card).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: '打印对账单' }).isVisible()).toBe(true);
    await screenshot(page, 'report-shift-390');
  });
});
