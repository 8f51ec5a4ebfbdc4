import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, login, openProduct, pageApi, scan, screenshot, type RunningServer, openSaleDialog } from './harness';

/**
 * Wristbands (issue 19) as the demo cashier (城东羽毛球馆) works them: 手牌管理, lend H003 (scanned by its
 * physical id) on a 20.00 deposit in cash, buy a drink on it at 商品销售 (the band scanned at scanner
 * speed: 记到手牌), then back at 手牌管理 settle the drink through the 收款 dialog and return the band:
 * the deposit back, the band free again, a receipt at each step.
 */
describe('wristbands (issue 19)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const BAND = 'E00010003';
  const api = <T>(path: string) => pageApi<T>(page, server.url, path);
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  const saleDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
  const returnDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '确认归还' });
  const notice = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice', { hasText: text });
  const confirmPay = () =>
    payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
  const bandRow = () => page.locator('.ant-table-row', { hasText: BAND });
  type Found = { hand: { handNo: string; inUse: boolean }; order: { orderId: number; charged: number; unsettled: number; orderState: string } | null };

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'cashier', 'cashier123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('lends a wristband on a cash deposit and prints the 手牌押金单', async () => {
    await page.goto(`${server.url}/lease/hand`);
    const box = page.getByLabel('租借手牌');
    await box.waitFor();
    await box.fill(BAND);
    await box.press('Enter');
    await payDialog().waitFor();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain('20.00');
    await screenshot(page, 'hand-lend-pay');
    await confirmPay();
    await expect.poll(() => notice('收款成功').count()).toBeGreaterThan(0);
    const receipt = page.frameLocator('iframe[data-receipt]').last();
    await expect.poll(() => receipt.locator('body').textContent()).toContain('手牌押金单');
    expect(await receipt.locator('body').textContent()).toContain('现金：¥20.00');
    await expect.poll(() => bandRow().count()).toBe(1);
    const found = await api<Found>(`system/hand/getHandByIdOrPhyId?id=${BAND}`);
    expect(found.hand.inUse).toBe(true);
  });

  it('buys a drink on the band: scanned in 商品销售, 记到手牌', async () => {
    await openSaleDialog(page);
    await saleDialog().waitFor();
    await expect.poll(() => saleDialog().getByTestId('goods-tile').count()).toBeGreaterThan(5);
    await saleDialog().getByTestId('goods-tile').filter({ hasText: '怡宝纯净水' }).first().click();
    const total = (await saleDialog().getByTestId('cart-total').textContent())!;
    await scan(page, BAND);
    await expect.poll(() => saleDialog().getByText('手牌 H003').count()).toBeGreaterThan(0);
    await screenshot(page, 'hand-sale');
    await saleDialog().getByRole('button', { name: '记到手牌' }).click();
    await expect.poll(() => notice('已记到手牌 H003').count()).toBeGreaterThan(0);
    // An unknown code: neither a wristband nor a member card.
    await scan(page, '99887766');
    await expect.poll(() => notice('未找到条码为 99887766 的商品或会员卡').count()).toBeGreaterThan(0);
    await saleDialog().locator('.ant-modal-close').click();
    const found = await api<Found>(`system/hand/getHandByIdOrPhyId?id=${BAND}`);
    expect(found.order).toMatchObject({ charged: Number(total.replace(/[^\d.]/g, '')), unsettled: Number(total.replace(/[^\d.]/g, '')) });
  });

  it('settles the drink through the 收款 dialog and returns the band: deposit back, band free', async () => {
    await page.goto(`${server.url}/lease/hand`);
    await expect.poll(() => bandRow().count()).toBe(1);
    await bandRow().getByRole('button', { name: '结算' }).click();
    await payDialog().waitFor();
    await expect.poll(() => payDialog().textContent()).toContain('怡宝纯净水');
    await confirmPay();
    await expect.poll(() => notice('收款成功').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await page.frameLocator('iframe[data-receipt]').last().locator('body').textContent()) ?? '').toContain('手牌结算单');

    await expect.poll(() => bandRow().getByRole('button', { name: '结算' }).count()).toBe(0);
    await bandRow().getByRole('button', { name: '归还' }).click();
    await returnDialog().waitFor();
    await screenshot(page, 'hand-return');
    await returnDialog()
      .getByRole('button', { name: /确认归还/ })
      .click();
    await expect.poll(() => notice('归还成功，退还押金 20.00 元').count()).toBeGreaterThan(0);
    const slip = page.frameLocator('iframe[data-refund-slip]').last();
    await expect.poll(() => slip.locator('body').textContent()).toContain('押金退还单');
    await expect.poll(() => bandRow().count()).toBe(0);
    const found = await api<Found>(`system/hand/getHandByIdOrPhyId?id=${BAND}`);
    expect(found).toMatchObject({ hand: { inUse: false }, order: null });
  });

  it('shows 手牌管理 on a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/lease/hand`);
    await expect.poll(() => page.getByRole('tab', { name: '使用中' }).count()).toBe(1);
    await screenshot(page, 'hand-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
