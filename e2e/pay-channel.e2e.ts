import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startAlipayStandin, type AlipayStandin } from '../apps/server/test/standins/alipay-standin.ts';
import { rsaPair } from '../apps/server/test/standins/keys.ts';
import { closeProduct, login, openProduct, openSaleDialog, screenshot, type RunningServer } from './harness';

/**
 * Issue 31 on screen: 支付方式 › 商户参数 sets 支付宝 to a stand-in of the platform (keys made here),
 * never shows a stored key again, and 测试 shows the platform's answer in Chinese; 收款 says 模拟通道
 * for the demo's simulated WeChat; 支付对账 runs a day and lists the accounts.
 */
describe('merchant parameters and 支付对账 (issue 31)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let standin: AlipayStandin;
  const app = rsaPair();
  const platform = rsaPair();

  beforeAll(async () => {
    standin = await startAlipayStandin({
      appId: '2021000000000001',
      appPublicKey: app.publicKey,
      alipayPrivateKey: platform.privateKey,
      otherPrivateKey: rsaPair().privateKey,
    });
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(async () => {
    await closeProduct({ server, browser });
    await standin.close();
  });

  it('商户参数: saves 支付宝 for all venues, 测试 shows the platform answer, keys are never shown again', async () => {
    await page.goto(`${server.url}/system/payment`);
    const row = page.locator('tr', { hasText: '支付宝' }).first();
    await row.getByRole('button', { name: '商户参数' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '支付宝 商户参数' });
    await dialog.getByText('真实通道').click();
    await dialog.getByLabel('接口地址').fill(`${standin.url}/gateway.do`);
    await dialog.getByLabel('AppID').fill('2021000000000001');
    await dialog.getByLabel('应用私钥').fill(app.privateKey);
    await dialog.getByLabel('支付宝公钥').fill(platform.publicKey);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: '测试' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '测试' }).click();
    await expect.poll(() => dialog.getByTestId('channel-test-result').textContent()).toBe('支付宝答复：交易不存在（ACQ.TRADE_NOT_EXIST），AppID 与密钥可用');
    await screenshot(page, 'pay-channel-config');
    await dialog.locator('button', { hasText: '关闭' }).click();

    await row.getByRole('button', { name: '商户参数' }).click();
    const reopened = page.locator('.ant-modal-wrap:visible', { hasText: '支付宝 商户参数' });
    await expect.poll(() => reopened.getByLabel('应用私钥').getAttribute('placeholder')).toBe('已设置（不显示），留空则不修改');
    expect(await reopened.getByLabel('应用私钥').inputValue()).toBe('');
    expect(await page.content()).not.toContain(app.privateKey.split('\n')[1]);
    await reopened.locator('button', { hasText: '关闭' }).click();
  });

  it('收款 says 模拟通道 for the demo simulator', async () => {
    await page.goto(`${server.url}/`);
    const sale = await openSaleDialog(page);
    await expect.poll(() => sale.getByTestId('goods-tile').count()).toBeGreaterThan(5);
    await sale.getByTestId('goods-tile').filter({ hasText: '红牛' }).first().click();
    await sale.getByRole('button', { name: /提交订单/ }).click();
    const pay = page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
    await pay.waitFor();
    await pay.getByRole('radio', { name: '微信', exact: true }).click();
    await expect.poll(() => pay.getByTestId('simulated-channel').textContent()).toBe('微信：模拟通道（演示用，不会真实收款）');
  });

  it('支付对账 runs the chosen day and lists each live account', async () => {
    await page.goto(`${server.url}/system/payReconcile`);
    await page.getByRole('button', { name: '立即对账' }).click();
    const alipay = page.locator('tr', { hasText: '支付宝' }).first();
    await expect.poll(() => alipay.textContent()).toContain('全部场馆');
    await expect.poll(() => alipay.textContent()).toContain('已完成');
    await screenshot(page, 'pay-reconcile');
  });
});
