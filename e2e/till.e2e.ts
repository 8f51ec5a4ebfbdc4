import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { importXlsx } from '../apps/server/test/member-card.helpers.ts';
import { AXE_CONTEXT, seriousViolations } from './axe';
import {
  confirmIn,
  launchBrowser,
  login,
  openPage,
  pageApi,
  pageErrors,
  type RunningServer,
  scan,
  screenshot,
  startServer,
  typeSlowly,
  openSaleDialog,
} from './harness';

/**
 * The till as staff really use it (issue 13): keyboard and scanner only, a phone-sized screen, unpaid
 * orders closed from 销售订单, calendar dates in another time zone, and axe-core on the key screens.
 */
describe('the till by keyboard, scanner and phone (issue 13)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const saleDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  const notice = (p: Page, text: string) => p.locator('.ant-notification-notice, .ant-message-notice', { hasText: text });
  const cartRow = (name: string) => saleDialog().locator('.ant-table-row', { hasText: name });
  const barcodeOf = async (p: Page, name: string) =>
    (
      await pageApi<{ records: { barcode: string; goodsName: string }[] }>(p, server.url, `goods/goodsArchive/query?goodsName=${encodeURIComponent(name)}`)
    ).records.find((g) => g.goodsName === name)!.barcode;

  /** What has focus: its accessible label, role, text and test id. */
  const focused = (p: Page = page) =>
    p.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        label: el?.getAttribute('aria-label') ?? '',
        role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
        text: (el?.textContent ?? '').replace(/\s+/g, '').slice(0, 40),
        testid: el?.dataset.testid ?? '',
        checked: el?.getAttribute('aria-checked') ?? '',
      };
    });
  type Focus = Awaited<ReturnType<typeof focused>>;
  /**
   * Presses `key` (Tab by default) until focus is where `wanted` says, at most 100 times: after the login
   * the browser starts tabbing where 登录 was clicked, in 首页's content, so Tab goes through its links
   * (the figures' lists, the boards, 快捷入口) and round to the frame.
   */
  async function keyTo(wanted: (f: Focus) => boolean, key = 'Tab') {
    for (let i = 0; i < 100; i += 1) {
      if (wanted(await focused())) return;
      await page.keyboard.press(key);
    }
    throw new Error(`focus never reached the element (last: ${JSON.stringify(await focused())})`);
  }
  /** Units in the cart: the sum of its quantity steppers. */
  const cartUnits = () =>
    saleDialog()
      .locator('input[aria-label$="数量"]')
      .evaluateAll((inputs) => inputs.reduce((sum, input) => sum + Number((input as HTMLInputElement).value), 0));
  /** Whether the member display shows `text` on one line (a phone number or 储值卡 not broken letter by letter). */
  const oneLine = (p: Page, text: string) =>
    p
      .getByTestId('member-display')
      .locator('dd', { hasText: text })
      .first()
      .evaluate((el) => el.getBoundingClientRect().height < 1.6 * parseFloat(getComputedStyle(el).lineHeight || '22'));
  const scanBoxFocused = async () => (await focused()).label === '扫码/商品名称/助记码';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await openPage(browser, { width: 1366, height: 860 }, AXE_CONTEXT);
    await login(page, server.url, 'cashier', 'cashier123');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sells twice with the keyboard and a scanner alone: open, scan, add, attach a card, pay cash, then pay by a scanned code', async () => {
    const [water, drink] = [await barcodeOf(page, '怡宝纯净水'), await barcodeOf(page, '脉动')];
    // Any pointer event from here on fails the test: the keyboard and the scanner do everything.
    await page.evaluate(() => {
      const w = window as unknown as { pointerEvents: number };
      w.pointerEvents = 0;
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'contextmenu']) window.addEventListener(type, () => (w.pointerEvents += 1), true);
    });

    // The navbar's 收银台 is a button Tab reaches; its popover opens on 商品销售; the dialog on the scan box.
    // It renders once the session's permissions are in (once in CI, 40 Tabs went round the frame before it).
    await page.getByRole('button', { name: '收银台' }).waitFor();
    await keyTo((f) => f.label === '收银台');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused()).text).toBe('商品销售');
    await page.keyboard.press('Enter');
    await saleDialog().waitFor();
    await expect.poll(scanBoxFocused).toBe(true);
    await expect.poll(() => saleDialog().getByTestId('goods-tile').count()).toBeGreaterThan(5);

    // The shortcut help (?) lists the shortcuts.
    await keyTo((f) => f.label === '快捷键帮助', 'Shift+Tab');
    await page.keyboard.press('Enter');
    const help = page.getByRole('table', { name: '快捷键' });
    await expect.poll(() => help.textContent()).toContain('F8提交订单');
    await page.keyboard.press('Escape');
    await page.keyboard.press('F4');
    await expect.poll(scanBoxFocused).toBe(true);

    await scan(page, water);
    await expect.poll(() => cartRow('怡宝纯净水').count()).toBe(1);
    // The tiles are one tab stop; arrows move, Enter and Space add.
    await keyTo((f) => f.testid === 'goods-tile');
    const first = (await focused()).text;
    await page.keyboard.press('ArrowRight');
    const second = (await focused()).text;
    expect(second).not.toBe(first);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect((await focused()).text).toBe(second);
    await page.keyboard.press('Enter');
    await expect.poll(cartUnits).toBe(2);
    await page.keyboard.press(' ');
    await expect.poll(cartUnits).toBe(3);

    await keyTo((f) => f.label === '会员查询关键字');
    // Typed as a person types (keys 120 ms apart by their own stamps): Playwright's instant typing came
    // sometimes faster, sometimes slower than a scanner's 50 ms on a loaded machine, and was split.
    await typeSlowly(page, 'VIP0001');
    await expect.poll(() => saleDialog().getByTestId('member-display').textContent()).toContain('张三');
    // the cashier holds no 查看完整手机号: the phone is masked
    expect(await oneLine(page, '138****0001')).toBe(true);
    expect(await oneLine(page, '储值卡')).toBe(true);
    expect(await seriousViolations(page, '.ant-modal-wrap')).toEqual([]);
    await screenshot(page, 'till-keyboard-sale');

    // F8 submits; 收款 opens on 确认收款 with cash chosen; Enter pays; focus is back on the scan box.
    await page.keyboard.press('F8');
    await payDialog().waitFor();
    await expect.poll(async () => (await focused()).text).toBe('确认收款');
    await expect.poll(() => payDialog().getByRole('radio', { checked: true }).textContent()).toBe('现金');
    expect(await seriousViolations(page, '.ant-modal-wrap')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => notice(page, '收款成功').count()).toBeGreaterThan(0);
    await expect.poll(() => payDialog().count()).toBe(0);
    await expect.poll(scanBoxFocused).toBe(true);
    // Let the first 收款成功 go, so the one counted next is the second payment's.
    await expect.poll(() => notice(page, '收款成功').count(), { timeout: 15_000 }).toBe(0);

    // The next customer: a scanned drink, WeChat chosen with the arrows, the customer's code scanned.
    await scan(page, drink);
    await expect.poll(() => cartRow('脉动').count()).toBe(1);
    await page.keyboard.press('F8');
    await payDialog().waitFor();
    await keyTo((f) => f.role === 'radio', 'Shift+Tab');
    await keyTo((f) => f.text === '微信' && f.checked === 'true', 'ArrowRight');
    await expect.poll(() => payDialog().getByTestId('auth-code').count()).toBe(1);
    await scan(page, '134567890123456789');
    await expect.poll(() => notice(page, '收款成功').count()).toBeGreaterThan(0);
    await expect.poll(() => payDialog().count()).toBe(0);
    const { records } = await pageApi<{ records: { payState: string; payRecords: { payMode: string }[]; details: { goodsName: string }[] }[] }>(
      page,
      server.url,
      'goods/goodsSaleOrder/query?size=1',
    );
    expect(records[0]).toMatchObject({ payState: 'P', payRecords: [{ payMode: 'wechatpay' }], details: [{ goodsName: '脉动' }] });
    await expect.poll(scanBoxFocused).toBe(true);

    expect(await page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents)).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => saleDialog().count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('clears the member box after 移除会员 and a payment, keeps focus in the till, answers F8 on an empty cart, names its icons and adds exact barcodes only (issue 30)', async () => {
    const wristband = await barcodeOf(page, '护腕');
    await openSaleDialog(page);
    await expect.poll(scanBoxFocused).toBe(true);
    // Spec 5: F8 with nothing in the cart says so.
    await page.keyboard.press('F8');
    await expect.poll(() => notice(page, '请选择购买商品').count()).toBeGreaterThan(0);
    // The icon buttons say what they do.
    expect(await saleDialog().getByRole('button', { name: '查找商品' }).count()).toBe(1);

    // A lookup by Enter keeps focus in the till, on the lookup box.
    const memberBox = saleDialog().getByLabel('会员查询关键字');
    await memberBox.fill('VIP0001');
    expect(await saleDialog().getByRole('button', { name: '清空' }).count()).toBeGreaterThan(0);
    await memberBox.press('Enter');
    await expect.poll(() => saleDialog().getByTestId('member-display').textContent()).toContain('张三');
    await expect.poll(async () => (await focused()).label).toBe('会员查询关键字');
    // 移除会员 takes the keyword with the member: Enter cannot bring the customer back.
    await saleDialog().getByRole('button', { name: '移除会员' }).click();
    await expect.poll(() => memberBox.inputValue()).toBe('');
    await expect.poll(async () => (await focused()).label).toBe('会员查询关键字');

    // A barcode's first digits typed by hand and Enter: not the goods whose barcode starts with them.
    await page.keyboard.press('F4');
    await typeSlowly(page, wristband.slice(0, -2));
    await expect.poll(() => notice(page, `未找到条码为 ${wristband.slice(0, -2)} 的商品`).count()).toBeGreaterThan(0);
    expect(await cartRow('护腕').count()).toBe(0);
    await expect.poll(() => saleDialog().getByLabel('扫码/商品名称/助记码').inputValue()).toBe('');
    // The whole barcode adds it.
    await typeSlowly(page, wristband);
    await expect.poll(() => cartRow('护腕').count()).toBe(1);

    // After a payment the box is empty too.
    await memberBox.fill('VIP0001');
    await memberBox.press('Enter');
    await expect.poll(() => saleDialog().getByTestId('member-display').count()).toBe(1);
    await page.keyboard.press('F8');
    await payDialog().waitFor();
    await expect.poll(async () => (await focused()).text).toBe('确认收款');
    await page.keyboard.press('Enter');
    await expect.poll(() => payDialog().count()).toBe(0);
    await expect.poll(() => memberBox.inputValue()).toBe('');
    await screenshot(page, 'till-member-cleared');
    await page.keyboard.press('Escape');
    await expect.poll(() => saleDialog().count()).toBe(0);

    // 商品租赁 opens with focus in its goods box, not on its close button.
    await page.getByRole('button', { name: '收银台' }).click();
    await page.getByRole('button', { name: /商品租赁/ }).click();
    await expect.poll(async () => (await focused()).label).toBe('商品名称');
    await screenshot(page, 'till-lease-focus');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap:visible', { hasText: '商品租赁' }).count()).toBe(0);
  });

  it('at 390 x 844 the sale dialog is a full-screen sheet: goods above the cart, readable tiles, a usable member box, 单价 and 金额 in view', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 }, { ...AXE_CONTEXT, hasTouch: true, isMobile: true });
    await login(phone, server.url, 'cashier', 'cashier123');
    const sheet = phone.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
    await phone.getByRole('button', { name: '收银台' }).tap();
    await phone.getByRole('button', { name: /商品销售/ }).tap();
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('goods-tile').count()).toBeGreaterThan(5);
    const box = async (selector: string) => (await sheet.locator(selector).first().boundingBox())!;
    await expect.poll(async () => (await box('.ant-modal')).width).toBe(390);
    expect((await box('.ant-modal')).x).toBe(0);
    const tile = await box('[data-testid="goods-tile"]');
    expect(tile.width).toBeGreaterThanOrEqual(96);
    expect(tile.height).toBeLessThan(180);
    const member = await sheet.getByLabel('会员查询关键字').boundingBox();
    expect(member!.width).toBeGreaterThan(150);
    // Goods above the cart.
    expect((await box('.ant-divider')).y).toBeGreaterThan(tile.y + tile.height);

    await phone.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await scan(phone, await barcodeOf(phone, '红牛'));
    await expect.poll(() => sheet.locator('.ant-table-row', { hasText: '红牛' }).count()).toBe(1);
    await sheet.getByLabel('会员查询关键字').fill('VIP0001');
    await sheet.getByLabel('会员查询关键字').press('Enter');
    await expect.poll(() => sheet.getByTestId('member-display').textContent()).toContain('张三');
    expect(await oneLine(phone, '138****0001')).toBe(true);
    for (const header of ['单价', '金额']) {
      const cell = (await sheet.getByRole('columnheader', { name: header }).boundingBox())!;
      expect(cell.x + cell.width).toBeLessThanOrEqual(390);
    }
    await screenshot(phone, 'till-phone-sale');
    expect(await seriousViolations(phone, '.ant-modal-wrap')).toEqual([]);
    expect(pageErrors(phone)).toEqual([]);
    await phone.close();
  });

  it('closes an unpaid order from 销售订单 after a confirmation; the closed order shows 已关闭 and offers no 关闭', async () => {
    // A payment the customer walked away from: the order stays unpaid.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: '收银台' }).waitFor();
    await page.keyboard.press('F2');
    await saleDialog().waitFor();
    await expect.poll(() => saleDialog().getByTestId('goods-tile').count()).toBeGreaterThan(5);
    await saleDialog().getByTestId('goods-tile').filter({ hasText: '红牛' }).first().click();
    // F8 submits what the cart shows: wait until it shows the line (a loaded machine renders late).
    await expect.poll(() => cartRow('红牛').count()).toBe(1);
    await page.keyboard.press('F8');
    await payDialog().waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => payDialog().count()).toBe(0);
    // Esc reaches the sale dialog once focus is back in it (on a loaded machine that comes late).
    await expect.poll(() => saleDialog().evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => saleDialog().count()).toBe(0);
    const [order] = (await pageApi<{ records: { orderId: number; payState: string }[] }>(page, server.url, 'goods/goodsSaleOrder/query?size=1')).records;
    expect(order.payState).toBe('U');

    await page.goto(`${server.url}/goods/saleOrder`);
    const row = page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: String(order.orderId), exact: true }) });
    await row.getByRole('button', { name: /关\s*闭/ }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: `确定关闭订单 ${order.orderId} 吗？` });
    await confirmIn(confirm);
    await expect.poll(() => notice(page, '操作成功').count()).toBeGreaterThan(0);
    await expect.poll(() => row.locator('.ant-tag', { hasText: '已关闭' }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /关\s*闭/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('key screens pass axe; 商品档案 finds by barcode and shorthand; an imported 有效期开始 shows its own day in New York', async () => {
    const admin = await openPage(browser, { width: 1366, height: 860 }, { ...AXE_CONTEXT, timezoneId: 'America/New_York' });
    await admin.goto(`${server.url}/login`);
    await admin.getByPlaceholder('用户名').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await login(admin, server.url, 'admin', 'admin123');
    await admin.getByText('快捷入口').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.goto(`${server.url}/goods/archive`);
    const search = admin.getByLabel('商品名称/条码/助记码');
    const names = () => admin.locator('.ant-table-row td:nth-child(2)').allTextContents();
    for (const query of [await barcodeOf(admin, '农夫山泉'), 'NFSQ']) {
      await search.fill(query);
      await admin.getByRole('button', { name: /搜\s*索/ }).click();
      await expect.poll(names).toEqual(['农夫山泉']);
    }
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.goto(`${server.url}/member/card`);
    await admin.getByRole('button', { name: /导\s*入/ }).click();
    const file = await importXlsx([['TZ20261123', '时区会员', '13912345678', '', '储值卡', 10, '2026-11-23', '2027-11-22', '']]);
    await admin.locator('.ant-modal-wrap:visible input[type=file]').setInputFiles({ name: 'cards.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await expect.poll(() => notice(admin, '导入成功').count()).toBeGreaterThan(0);
    await admin.keyboard.press('Escape');
    await admin.getByPlaceholder('请输入会员卡号/姓名/手机号').fill('TZ20261123');
    await admin.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => admin.locator('tr', { hasText: 'TZ20261123' }).textContent()).toContain('2026-11-23 至 2027-11-22');
    expect(await seriousViolations(admin)).toEqual([]);
    expect(pageErrors(admin)).toEqual([]);
    await admin.close();
  });
});
