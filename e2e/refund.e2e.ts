import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmIn, closeProduct, login, openProduct, type RunningServer, screenshot, pageApi, stockOfGoods, openSaleDialog } from './harness';

/**
 * Sale refunds (issue 12) as the demo admin (系统管理员) does them: sell at the till, then refund one
 * line from 销售订单 after a confirmation, and get a printed 退款单. Demo prices: 脉动 6.00, 能量棒 8.00.
 */
describe('sale refund from 销售订单 (issue 12)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const api = <T>(path: string) => pageApi<T>(page, server.url, path);
  const stockOf = (goodsName: string) => stockOfGoods(page, server.url, goodsName);
  const saleDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  const refundDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '退款 - 销售订单' });
  const notice = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice', { hasText: text });
  const tile = (name: string) => saleDialog().getByTestId('goods-tile').filter({ hasText: name }).first();

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('sells 脉动×2 and 能量棒, refunds one 脉动 back the way it was paid, and prints the 退款单', async () => {
    await openSaleDialog(page);
    await expect.poll(() => saleDialog().getByTestId('goods-tile').count()).toBeGreaterThan(5);
    await tile('脉动').click();
    await tile('脉动').click();
    await tile('能量棒').click();
    await expect.poll(() => saleDialog().getByTestId('cart-total').textContent()).toBe('¥ 20.00');
    await saleDialog()
      .getByRole('button', { name: /提交订单/ })
      .click();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain('20.00');
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
    await expect.poll(() => notice('收款成功').count()).toBeGreaterThan(0);
    const [order] = (await api<{ records: { orderId: number; payState: string }[] }>('goods/goodsSaleOrder/query?size=1')).records;
    expect(order.payState).toBe('P');
    const stockBefore = await stockOf('脉动');

    await page.goto(`${server.url}/goods/saleOrder`);
    const row = page.locator('.ant-table-row', { hasText: '能量棒×1' }).filter({ hasText: String(order.orderId) });
    // At 1440 px the 时间 column shows the whole time, not "2026…" (issue 30).
    await page.setViewportSize({ width: 1440, height: 900 });
    await row.waitFor();
    const time = await row.evaluate((tr) => {
      const heads = [...tr.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      const cell = (tr as HTMLTableRowElement).cells[heads.indexOf('时间')];
      return { text: cell.innerText, scroll: cell.scrollWidth, client: cell.clientWidth };
    });
    expect(time.text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(time.scroll).toBeLessThanOrEqual(time.client);
    await row.getByRole('button', { name: /退\s*款/ }).click();
    await refundDialog().waitFor();
    // Everything left is chosen at first: 20.00; one 脉动 only: 6.00.
    await expect.poll(() => refundDialog().getByTestId('refund-amount').textContent()).toContain('¥20.00');
    await refundDialog().getByLabel('能量棒退款数量').fill('0');
    await refundDialog().getByLabel('脉动退款数量').fill('1');
    await refundDialog().getByPlaceholder('如：顾客退货').fill('包装破损');
    await expect.poll(() => refundDialog().getByTestId('refund-amount').textContent()).toContain('¥6.00');
    await screenshot(page, 'refund-dialog');
    await refundDialog()
      .getByRole('button', { name: /退\s*款$/ })
      .click();

    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认退款 ¥6.00（原路退回）吗？' });
    await confirmIn(confirm);
    await expect.poll(() => notice('退款成功').count()).toBeGreaterThan(0);
    await expect.poll(() => refundDialog().count()).toBe(0);
    // The confirmation is gone with the refund, not left over the page.
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);

    const slip = page.frameLocator('iframe[data-refund-slip]').last();
    await expect.poll(() => slip.locator('body').textContent()).toContain('退款单');
    const text = (await slip.locator('body').textContent())!;
    for (const part of [
      `销售单号：${order.orderId}`,
      '脉动',
      '退款金额：¥6.00',
      '退款方式：原路退回',
      '操作员：系统管理员',
      '退款原因：包装破损',
      '退回现金：¥6.00',
    ])
      expect(text).toContain(part);
    // The slip as printed (the print frame is invisible): shown in a page of its own for the screenshot.
    const slipHtml = await page
      .locator('iframe[data-refund-slip]')
      .last()
      .evaluate((frame) => (frame as HTMLIFrameElement).contentDocument!.documentElement.outerHTML);
    const slipView = await browser.newPage({ viewport: { width: 360, height: 560 } });
    await slipView.setContent(`<!doctype html>${slipHtml}`);
    await screenshot(slipView, 'refund-slip');
    await slipView.close();
    await expect.poll(() => row.locator('.ant-tag').textContent()).toBe('部分退款');
    await expect.poll(() => row.textContent()).toContain('6.00');
    expect(await stockOf('脉动')).toBe(stockBefore + 1);

    // The details list the refund; the slip can be printed again from there.
    const details = page.locator('.ant-modal-wrap:visible', { hasText: `销售订单 ${order.orderId}` });
    await row.getByRole('button', { name: /详\s*情/ }).click();
    await details.getByText('退款记录').waitFor();
    await expect.poll(() => details.locator('.ant-table-row', { hasText: '脉动×1' }).getByText('已退款').count()).toBe(1);
    await screenshot(page, 'refund-order-details');
    await details.getByRole('button', { name: '打印退款单' }).click();
    await expect.poll(() => page.locator('iframe[data-refund-slip]').count()).toBe(2);
  });
  it('a 9折 card order: 收款 lines, the refund dialog, its confirmation and the slip name the share that moves (issue 30)', async () => {
    await page.goto(`${server.url}/dashboard`);
    await openSaleDialog(page);
    await expect.poll(() => saleDialog().getByTestId('goods-tile').count()).toBeGreaterThan(5);
    await tile('脉动').click();
    await tile('脉动').click();
    await tile('德芙巧克力').click();
    const box = saleDialog().getByPlaceholder('请输入会员卡号/姓名/手机号');
    await box.fill('VIP0001');
    await box.press('Enter');
    await expect.poll(() => saleDialog().getByTestId('member-display').textContent()).toContain('张三');
    await expect.poll(() => saleDialog().getByTestId('cart-total').textContent()).toBe('¥ 20.50');
    await saleDialog()
      .getByRole('button', { name: /提交订单/ })
      .click();
    await payDialog().getByRole('checkbox').filter({ hasText: 'VIP0001' }).click();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain('18.45');
    // Each line's 实收 is its share of the 18.45 due: 12.00 → 10.80, 8.50 → 7.65.
    await expect.poll(() => payDialog().locator('.ant-table-row', { hasText: '脉动' }).textContent()).toContain('10.80');
    await expect.poll(() => payDialog().locator('.ant-table-row', { hasText: '德芙巧克力' }).textContent()).toContain('7.65');
    await screenshot(page, 'refund-discount-pay');
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
    await expect.poll(() => payDialog().count()).toBe(0);
    const [order] = (await api<{ records: { orderId: number; pricePay: number }[] }>('goods/goodsSaleOrder/query?size=1')).records;
    expect(order.pricePay).toBe(18.45);

    await page.goto(`${server.url}/goods/saleOrder`);
    const row = page.locator('.ant-table-row', { hasText: '德芙巧克力×1' }).filter({ hasText: String(order.orderId) });
    await row.getByRole('button', { name: /退\s*款/ }).click();
    await refundDialog().waitFor();
    await refundDialog().getByLabel('德芙巧克力退款数量').fill('0');
    await refundDialog().getByLabel('脉动退款数量').fill('1');
    await expect.poll(() => refundDialog().getByTestId('refund-amount').textContent()).toContain('¥5.40');
    await expect.poll(() => refundDialog().locator('.ant-table-row', { hasText: '脉动' }).textContent()).not.toContain('6.00');
    await screenshot(page, 'refund-discount-dialog');
    await refundDialog()
      .getByRole('button', { name: /退\s*款$/ })
      .click();
    await confirmIn(page.locator('.ant-modal-confirm', { hasText: '确认退款 ¥5.40（原路退回）吗？' }));
    await expect.poll(() => refundDialog().count()).toBe(0);
    const slip = page.frameLocator('iframe[data-refund-slip]').last();
    await expect.poll(() => slip.locator('body').textContent()).toContain(`销售单号：${order.orderId}`);
    expect(await slip.locator('body').textContent()).toContain('退款金额：¥5.40');
  });
});
