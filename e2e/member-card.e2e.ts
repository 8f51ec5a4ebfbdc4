import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { confirmIn, closeProduct, login, openProduct, pageErrors, type RunningServer, scan, screenshot, typeSlowly } from './harness';

/** Demo cards of the seed: VIP0001 (A, 张三 13800000001, physical 1234567890), VIP0002 not opened, VIP0003 L … VIP0007 E. */
describe('member cards: search widget, scanner, states (issue 5)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const display = () => page.getByTestId('member-display');
  const warning = (text: string) => page.locator('.ant-notification-notice', { hasText: text });

  async function search(type: '会员卡号' | '会员姓名' | '联系方式', keyword: string) {
    await page.getByLabel('搜索类型').click();
    await page.locator('.ant-select-item-option', { hasText: type }).click();
    const box = page.getByPlaceholder('请输入会员卡号/姓名/手机号').first();
    await box.fill(keyword);
    await box.press('Enter');
  }

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 860 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('finds a card by number and selects a single result at once', async () => {
    await page.goto(`${server.url}/readCards`);
    await search('会员卡号', 'VIP0001');
    await expect.poll(() => display().textContent()).toContain('张三');
    await page.getByTestId('card-no').dblclick();
    await expect.poll(() => page.getByTestId('card-no').textContent()).toBe('VIP0001');
  });

  it('lists several results by name in 选择会员卡 and picks one by double click', async () => {
    await page.goto(`${server.url}/readCards`);
    await search('会员姓名', '张');
    const picker = page.locator('.ant-modal-wrap:visible', { hasText: '选择会员卡' });
    await picker.waitFor();
    await picker.locator('tbody tr.ant-table-row').first().dblclick();
    await expect.poll(() => display().count()).toBe(1);
  });

  it("finds 张三's three cards by phone and picks the stored-value one", async () => {
    await page.goto(`${server.url}/readCards`);
    await search('联系方式', '13800000001');
    const picker = page.locator('.ant-modal-wrap:visible', { hasText: '选择会员卡' });
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(3);
    await picker.locator('tbody tr.ant-table-row', { hasText: 'VIP0001' }).dblclick();
    await expect.poll(() => display().textContent()).toContain('13800000001');
    await expect.poll(() => display().textContent()).toContain('500.00 元');
  });

  it('reads a card typed at scanner speed, and ignores slow typing', async () => {
    await page.goto(`${server.url}/readCards`);
    const lookups: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('/api/member/card/getByCardId')) lookups.push(new URL(request.url()).searchParams.get('cardId') ?? '');
    };
    page.on('request', onRequest);
    await page.locator('body').click();
    // Ended by Enter, as a reader ends a scan, so the scan below starts afresh.
    await typeSlowly(page, '1234567890', 120);
    expect(await display().count()).toBe(0);
    await scan(page, '1234567890');
    await expect.poll(() => display().textContent()).toContain('张三');
    // Had the slow typing been read, its lookup would have gone out before the scan's.
    expect(lookups).toEqual(['1234567890']);
    page.off('request', onRequest);
  });

  it('asks to open an unopened card, then says 开卡成功', async () => {
    await page.goto(`${server.url}/readCards`);
    await search('会员卡号', 'VIP0002');
    await page.getByText('该卡尚未开卡，确定现在开卡么？').waitFor();
    await confirmIn(page.locator('.ant-modal-confirm'));
    await expect.poll(() => page.getByText('开卡成功').count()).toBeGreaterThan(0);
    await expect.poll(() => display().count()).toBe(1);
  });

  it.each([
    ['VIP0003', '当前卡状态不可用（已挂失）'],
    ['VIP0004', '当前卡状态不可用（已退卡）'],
    ['VIP0005', '当前卡状态不可用（已换卡）'],
    ['VIP0006', '当前卡状态不可用（已加入黑名单）'],
    ['VIP0007', '当前卡状态不可用（已过期）'],
  ])('warns for %s: %s', async (cardNo, text) => {
    await page.goto(`${server.url}/readCards`);
    await search('会员卡号', cardNo);
    await expect.poll(() => warning(text).count()).toBeGreaterThan(0);
  });

  it('shows the 黑名单 tag for a blacklisted card', async () => {
    await page.goto(`${server.url}/member/card`);
    await page.getByPlaceholder('请输入会员卡号/姓名/手机号').fill('VIP0006');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.locator('tr', { hasText: 'VIP0006' });
    await expect.poll(() => row.locator('.ant-tag-error', { hasText: '黑名单' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'member-card-blacklist');
  });

  it('at 1440×900 the cashier reaches every action of 会员卡管理 and the 实体卡 column (issue 30)', async () => {
    const till = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(till, server.url, 'cashier', 'cashier123');
    await till.goto(`${server.url}/member/card`);
    const first = till.locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    const inView = (box: { x: number; width: number } | null) => !!box && box.x >= 0 && box.x + box.width <= 1440;
    const head = till.locator('thead th', { hasText: '实体卡' });
    const ops = till.locator('thead th', { hasText: '操作' });
    const [h, o] = [await head.boundingBox(), await ops.boundingBox()];
    expect(inView(h)).toBe(true);
    // Not under the fixed 操作 column.
    expect(h!.x + h!.width).toBeLessThanOrEqual(o!.x + 1);
    const buttons = first.getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(2);
    for (const b of await buttons.all()) expect(inView(await b.boundingBox())).toBe(true);
    await screenshot(till, 'member-card-1440');
    await till.close();
  });

  it('refuses a short 实体卡号 in 绑卡 with 实体卡号至少5位, without an uncaught error (issue 13)', async () => {
    await page.goto(`${server.url}/member/card`);
    await page.getByPlaceholder('请输入会员卡号/姓名/手机号').fill('VIP0001');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await page.locator('tr', { hasText: 'VIP0001' }).getByRole('button', { name: '绑卡' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '绑定实体卡' });
    const input = dialog.getByLabel('实体卡号');
    // The dialog fills the bound card once it has opened; typing before that would be overwritten.
    await expect.poll(() => input.inputValue()).toBe('1234567890');
    await input.fill('123');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText('实体卡号至少5位').count()).toBe(1);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
  });
});
