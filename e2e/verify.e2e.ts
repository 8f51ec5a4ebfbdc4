import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeQrVideo } from './fixtures/qr-video';
import { confirmIn, chromiumPath, closeProduct, login, openPage, openProduct, pageErrors, type RunningServer, scan, screenshot, startServer } from './harness';

/**
 * Issue 17: 快速核销's certificate tab against the demo's platform simulator: a scanned code, two of an
 * order's three vouchers verified, the records and a cancel; each error text; a QR code read by
 * Chromium's fake camera; the camera errors of spec 8.
 */
const THREE = ['100000000011', '100000000012', '100000000013'];
const dialogOf = (page: Page) => page.locator('.ant-modal-wrap:visible', { hasText: '快速核销' });
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).first();
const confirmButton = (page: Page) => dialogOf(page).getByRole('button', { name: '确认核销' });

async function openVerify(page: Page) {
  await page.getByRole('button', { name: '快速核销' }).click();
  await dialogOf(page).getByPlaceholder('请扫描或输入券码').waitFor();
}

describe('quick verification: short-video platform vouchers (issue 17)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 860 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('scans a code, verifies two of the order’s three vouchers, shows and cancels a record', async () => {
    await openVerify(page);
    const dialog = dialogOf(page);
    await expect.poll(() => dialog.locator('.ant-modal').evaluate((el) => el.getBoundingClientRect().width)).toBe(900);
    await expect.poll(() => dialog.getByRole('tab').allTextContents()).toEqual(['优惠券/团购券', '讲座活动', '票务业务', '场馆业务', '课程培训']);
    // Every tab is built (课程培训 since issue 36).
    expect(await dialog.getByRole('tab', { name: '课程培训' }).getAttribute('aria-disabled')).not.toBe('true');
    // The box has focus after 500 ms; no camera on this machine, so no camera button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('请扫描或输入券码');
    expect(await dialog.getByRole('button', { name: '打开摄像头' }).count()).toBe(0);

    await scan(page, THREE[1]);
    await expect.poll(() => dialog.getByPlaceholder('请扫描或输入券码').inputValue()).toBe(THREE[1]);
    await dialog.getByText('可用 3 张，已选 0 张').waitFor();
    // The platform answers no plain codes before verifying: the order's vouchers in turn, under the code given.
    await dialog.getByText(`查询券码：${THREE[1]}`).waitFor();
    await expect.poll(() => dialog.locator('.ant-list-item').allTextContents()).toEqual([1, 2, 3].map((n) => expect.stringContaining(`第${n}张，有效期至`)));
    expect(await dialog.locator('.ant-list-item').first().textContent()).toContain('¥25.00');
    await screenshot(page, 'verify-found');
    await dialog.getByLabel('选择 游泳单次票 第1张').check();
    await dialog.getByLabel('选择 游泳单次票 第3张').check();
    await dialog.getByText('可用 3 张，已选 2 张').waitFor();
    await confirmButton(page).click();
    await notice(page, '核销成功 2 张').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/marketing/couponRecord`);
    const rows = page.locator('.ant-table-wrapper').first().locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('已核销'), expect.stringContaining('已核销')]);
    await page.getByText('每日核销汇总（对账）').waitFor();
    await screenshot(page, 'verify-records');
    await page.getByRole('button', { name: '平台设置' }).click();
    const settings = page.locator('.ant-modal-wrap:visible', { hasText: '短视频平台设置（当前场馆）' });
    await expect.poll(() => settings.getByLabel('门店ID（poi_id）').inputValue()).toMatch(/^sim-1-\d+$/);
    await settings.getByRole('button', { name: /取\s*消/ }).click();
    await settings.waitFor({ state: 'hidden' });
    // 详情: the platform's ids and the logid of each call, for its support.
    await rows.filter({ hasText: THREE[2] }).getByRole('button', { name: '详情' }).click();
    const detail = page.locator('.ant-modal-wrap:visible', { hasText: '核销记录详情' });
    await detail.getByText(/^验券准备：/).waitFor();
    expect(await detail.getByText(/^验券：/).textContent()).toMatch(/^验券：\d{14}[0-9A-F]{20}$/);
    await screenshot(page, 'verify-record-detail');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: THREE[2] }).getByRole('button', { name: '撤销核销' }).click();
    await page.getByText(`确定撤销券码 ${THREE[2]} 的核销吗？`).waitFor();
    await confirmIn(page.locator('.ant-popconfirm'));
    await notice(page, '撤销核销成功').waitFor();
    await expect.poll(() => rows.filter({ hasText: THREE[2] }).textContent()).toContain('已撤销');
  });

  it('shows each error text of the certificate tab', async () => {
    await page.goto(`${server.url}/dashboard`);
    await openVerify(page);
    const dialog = dialogOf(page);
    const box = dialog.getByPlaceholder('请扫描或输入券码');
    await dialog.getByRole('button', { name: /查\s*询/ }).click();
    await notice(page, '请输入券码').waitFor();
    await confirmButton(page).click();
    await notice(page, '请选择要核销的券').waitFor();
    await dialog.getByText('场馆券').click();
    await notice(page, '场馆券暂不支持在此核销').waitFor();
    for (const [code, text] of [
      ['100000000031', '未查询到优惠券/团购券信息'],
      ['100000000041', '未查询到优惠券/团购券信息（券码已过期）'],
      ['100000000051', '该类型券暂未开放'],
    ]) {
      await box.fill(code);
      await dialog.getByRole('button', { name: /查\s*询/ }).click();
      await notice(page, text).waitFor();
    }
    await box.fill('100000000061');
    await dialog.getByRole('button', { name: /查\s*询/ }).click();
    await dialog.getByText('可用 1 张，已选 1 张').waitFor();
    await confirmButton(page).click();
    await dialog.getByText('券码状态异常，核销失败').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('is in the user menu on a 390 px phone', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await login(phone, server.url, 'cashier', 'cashier123');
    // The login notice covers the user menu on a phone until it goes.
    await phone.locator('.ant-notification-notice').first().waitFor({ state: 'hidden' });
    await phone.getByLabel('用户菜单').click();
    await phone.getByRole('menuitem', { name: /快速核销/ }).click();
    // The cashier scans once the box has taken the focus (500 ms after opening): on a loaded CI machine a
    // scan sent while the dialog was still settling was once read as two (10000, then 0000001).
    await expect
      .poll(() =>
        dialogOf(phone)
          .getByPlaceholder('请扫描或输入券码')
          .evaluate((box) => box === document.activeElement),
      )
      .toBe(true);
    await scan(phone, '100000000001');
    await dialogOf(phone).getByText('可用 1 张，已选 1 张').waitFor();
    await screenshot(phone, 'verify-phone');
    const width = await dialogOf(phone)
      .locator('.ant-modal')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    await phone.close();
  });
});

/** The product and a logged-in page whose camera is Chromium's fake one, showing `code` as a QR code. */
async function openWithFakeCamera(code: string) {
  const dir = mkdtempSync(join(tmpdir(), 'venue-qr-'));
  const video = join(dir, 'qr.y4m');
  writeQrVideo(video, code);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const page = await openPage(browser, { width: 1366, height: 860 }, { permissions: ['camera'] });
  await login(page, server.url, 'admin', 'admin123');
  const close = async () => {
    await closeProduct({ server, browser });
    rmSync(dir, { recursive: true, force: true });
  };
  return { page, close };
}

describe('quick verification: the camera (issue 17)', () => {
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ page, close } = await openWithFakeCamera('100000000021'));
  });
  afterAll(() => close());
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('reads a QR code from the camera, fills the code and finds the vouchers', async () => {
    await openVerify(page);
    const dialog = dialogOf(page);
    await dialog.getByRole('button', { name: '打开摄像头' }).click();
    const camera = page.locator('.ant-modal-wrap:visible', { hasText: '请将二维码放在图像区域内' });
    // The fake camera shows the code at once: the dialog may already be closing.
    await notice(page, '识别成功').waitFor({ timeout: 20_000 });
    await camera.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.getByPlaceholder('请扫描或输入券码').inputValue()).toBe('100000000021');
    await dialog.getByText('可用 2 张，已选 0 张').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('shows each camera error with 摄像初始化失败！！！', async () => {
    const errors: [string, string][] = [
      ['NotAllowedError', '错误：需要授予相机访问权限'],
      ['NotFoundError', '错误：此设备上没有摄像头'],
      ['NotSupportedError', '错误：需要安全上下文（HTTPS，本地主机）'],
      ['NotReadableError', '错误：相机被占用'],
      ['OverconstrainedError', '错误：安装的摄像头不合适'],
      ['StreamApiNotSupportedError', '错误：此浏览器不支持流API'],
      ['AbortError', '错误：摄像头错误（AbortError）'],
    ];
    await page.evaluate(() => {
      const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c) => {
        const name = (window as unknown as { cameraError?: string }).cameraError;
        return name ? Promise.reject(new DOMException('test', name)) : real(c);
      };
    });
    await openVerify(page);
    for (const [name, text] of errors) {
      await page.evaluate((n) => ((window as unknown as { cameraError?: string }).cameraError = n), name);
      await dialogOf(page).getByRole('button', { name: '打开摄像头' }).click();
      const camera = page.locator('.ant-modal-wrap:visible', { hasText: '请将二维码放在图像区域内' });
      await camera.getByText(text).waitFor();
      await camera.getByText('摄像初始化失败！！！').waitFor();
      if (name === 'NotReadableError') {
        await expect.poll(() => camera.locator('.ant-modal').evaluate((el) => el.getBoundingClientRect().width)).toBe(500);
        await expect.poll(() => camera.locator('video').evaluate((el) => el.getBoundingClientRect().height)).toBe(365);
        await screenshot(page, 'verify-camera-error');
      }
      await camera.locator('.ant-modal-close').click();
      await camera.waitFor({ state: 'hidden' });
    }
  });
});

describe('quick verification: a ticket QR code through the camera (issue 18)', () => {
  let page: Page;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ page, close } = await openWithFakeCamera('TDEMO1X0001' /* the seeded order's first ticket, as its printed slip shows it */));
  });
  afterAll(() => close());
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('reads the ticket QR code in 票务业务, lists the order and verifies the ticket', async () => {
    await page.getByRole('button', { name: '快速核销' }).click();
    const dialog = dialogOf(page);
    await dialog.getByRole('tab', { name: '票务业务' }).click();
    const pane = dialog.getByRole('tabpanel');
    const box = pane.getByPlaceholder('请扫描或输入订单号');
    await box.waitFor();
    await pane.getByRole('button', { name: '打开摄像头' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 20_000 }).toBe('TDEMO1X0001');
    await pane.locator('.ant-table-row', { hasText: '待使用' }).first().waitFor();
    // The order's two tickets are listed; the scanned one alone is ticked, the other stays for another visitor (issue 30).
    await expect.poll(() => pane.locator('.ant-table-row').count()).toBe(2);
    await expect.poll(() => pane.locator('.ant-table-row').getByRole('checkbox', { checked: true }).count()).toBe(1);
    await pane.getByRole('button', { name: /确\s*认$/ }).click();
    await page.locator('.ant-message-notice, .ant-notification-notice', { hasText: '核销成功，共 1 张' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});
