import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmIn, closeProduct, delayAnswers, login, openProduct, type RunningServer, screenshot, openSaleDialog } from './harness';

/** The admin's side of the till: the receipt print setting, the copy counter, and a changed line price (issue 6). */
describe('receipts and price override (issue 6)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const saleDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  const receipts = () => page.locator('iframe[data-receipt]');

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));

  it('saves two copies for the venue in 小票打印设置, even when the saved setting answers late', async () => {
    await page.goto(`${server.url}/system/payment`);
    // A slow answer must not overwrite what the user typed meanwhile (it once did, and 1 copy was saved).
    const stopDelaying = await delayAnswers(page, '**/system/printConfig/get**', 800);
    await page.getByRole('button', { name: /小票打印设置/ }).click();
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '小票打印设置' });
    await expect.poll(() => dialog.getByRole('spinbutton').inputValue()).toBe('1');
    await dialog.getByRole('spinbutton').fill('2');
    await stopDelaying();
    await dialog.getByLabel('80 mm').check();
    await screenshot(page, 'receipt-print-config');
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => page.getByText('操作成功').count()).toBeGreaterThan(0);
  });

  it('sells at a changed price and asks before the second copy', async () => {
    await openSaleDialog(page);
    await saleDialog().getByTestId('goods-tile').filter({ hasText: '脉动' }).first().click();
    const price = saleDialog().getByLabel('脉动单价');
    await price.fill('5.5');
    await price.blur();
    await expect.poll(() => saleDialog().getByTestId('cart-total').textContent()).toBe('¥ 5.50');
    await saleDialog()
      .getByRole('button', { name: /提交订单/ })
      .click();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain('5.50');
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();

    const confirm = page.locator('.ant-modal-confirm', { hasText: '打印份数已超过一份，确认打印第 2 份吗？' });
    await confirm.waitFor();
    expect(await receipts().count()).toBe(1);
    await confirmIn(confirm);
    await expect.poll(() => receipts().count()).toBe(2);
    const second = await page.frameLocator('iframe[data-receipt]').last().locator('body').textContent();
    expect(second).toContain('第2联');
    expect(second).toContain('5.50');
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);

    // 重打小票 prints one more copy at once: the counter started again after the configured two.
    await saleDialog()
      .getByRole('button', { name: /重打小票/ })
      .click();
    await expect.poll(() => receipts().count()).toBe(3);
  });

  it('prints nothing and offers no 重打小票 when 收款后打印 is 不打印 (spec 2.6)', async () => {
    await page.goto(`${server.url}/system/payment`);
    await page.getByRole('button', { name: /小票打印设置/ }).click();
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '小票打印设置' });
    await expect.poll(() => dialog.getByRole('spinbutton').inputValue()).toBe('2');
    await dialog.getByLabel('不打印').check();
    await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
    await expect.poll(() => page.getByText('操作成功').count()).toBeGreaterThan(0);

    const printedBefore = await receipts().count();
    await openSaleDialog(page);
    await saleDialog().getByTestId('goods-tile').filter({ hasText: '脉动' }).first().click();
    await saleDialog()
      .getByRole('button', { name: /提交订单/ })
      .click();
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
    await expect.poll(() => page.getByText('收款成功').count()).toBeGreaterThan(0);
    await expect.poll(() => payDialog().count()).toBe(0);
    // The previous sale's 重打小票 is gone with this payment, and this one printed nothing.
    await expect
      .poll(() =>
        saleDialog()
          .getByRole('button', { name: /重打小票/ })
          .count(),
      )
      .toBe(0);
    expect(await receipts().count()).toBe(printedBefore);
  });
});
