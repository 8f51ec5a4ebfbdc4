import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closeProduct, login, openProduct, pageErrors, type RunningServer, screenshot } from './harness';

/**
 * Issue 20: the remote-control dialog of spec 2.9 against the demo, whose controllers answer through the
 * built-in simulator (the real uhppoted driver over UDP on 127.0.0.1): tick channels, 常开, the notice,
 * the command log, and the doors as the controller itself reports them in 控制器管理's test.
 */
describe('gates: remote control, command log, controller test (issue 20)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const dialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '远程开闸' });
  const card = (name: string) => dialog().getByTestId('gate-card').filter({ hasText: name });
  // antd spaces a two-character label (开 门), as it does 登 录.
  const button = (text: string) => dialog().getByRole('button', { name: new RegExp(`^${[...text].join('\\s*')}$`) });

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 860 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('ticks the in and out channels of two gates and keeps them open (常开)', async () => {
    await page.getByRole('button', { name: '远程开闸' }).click();
    await card('游泳馆1号闸').waitFor();
    await expect.poll(() => dialog().locator('.ant-menu-item').allTextContents()).toEqual(['全部区域', '游泳馆入口', '羽毛球馆大门', '健身馆通道']);
    // Nothing ticked: the three buttons wait.
    for (const text of ['开门', '常开', '常闭']) expect(await button(text).isDisabled()).toBe(true);
    // 员工通道 does not support remote control: its channels are disabled and say why.
    const staff = card('员工通道');
    expect(await staff.getByRole('checkbox').first().isDisabled()).toBe(true);
    await staff.getByText('进场通道').hover();
    await page.getByRole('tooltip', { name: '该闸机不支持远程控制' }).waitFor();
    expect(await staff.getByText('启用').count()).toBe(1);

    for (const name of ['游泳馆1号闸', '羽毛球馆闸机']) {
      await card(name).getByText('进场通道').click();
      await card(name).getByText('出场通道').click();
    }
    await dialog().getByText('已选 4 个通道').waitFor();
    await screenshot(page, 'gate-dialog-ticked');
    await button('常开').click();
    await page.locator('.ant-notification-notice', { hasText: '常开请求已发送' }).waitFor();
    expect(await dialog().locator('[class*="failure"]').count()).toBe(0);

    // One area: select-all ticks only its gates that may be driven.
    await dialog().getByRole('menuitem', { name: '羽毛球馆大门' }).click();
    await expect.poll(() => dialog().getByTestId('gate-card').allInnerTexts()).toHaveLength(2);
    await dialog().getByText('全选').click();
    expect(await card('员工通道').getByRole('checkbox').first().isChecked()).toBe(false);
    await page.keyboard.press('Escape');
  });

  it('logs each command with its controller answer in 闸机操作记录', async () => {
    await page.goto(`${server.url}/gate/command`);
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(4);
    const texts = await rows.allInnerTexts();
    for (const name of ['游泳馆1号闸', '羽毛球馆闸机']) {
      expect(texts.filter((t) => t.includes(name) && t.includes('常开') && t.includes('已设为常开') && t.includes('系统管理员'))).toHaveLength(2);
    }
    expect(texts.filter((t) => t.includes('进场')).length).toBe(2);
  });

  it('shows the doors as the controller reports them: the kept-open channels 常开, the others 受控', async () => {
    await page.goto(`${server.url}/gate/controller`);
    await page.locator('tbody tr.ant-table-row', { hasText: '游泳馆闸机控制器' }).getByRole('button', { name: '测试' }).click();
    const test = page.locator('.ant-modal-wrap:visible', { hasText: '测试控制器' });
    await test.getByText('控制器在线').waitFor();
    const doors = test.locator('tbody tr.ant-table-row');
    await expect.poll(() => doors.allInnerTexts()).toHaveLength(4);
    const modes = (await doors.allInnerTexts()).map((t) => t.split('\t').slice(0, 2).join(' '));
    expect(modes).toEqual(['1 号门 常开', '2 号门 常开', '3 号门 受控', '4 号门 受控']);
    expect(await test.getByText(/^127\.0\.0\.1:\d+$/).count()).toBe(1);
    await screenshot(page, 'gate-controller-test');
    await page.keyboard.press('Escape');
  });

  it('fits the dialog on a 390 px phone: areas above the gates', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: '远程开闸' }).click();
    await card('游泳馆1号闸').waitFor();
    const box = await dialog().getByRole('dialog').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'gate-dialog-390');
  });
});
