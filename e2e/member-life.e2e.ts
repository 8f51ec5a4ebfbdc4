import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmIn, closeProduct, login, openProduct, pageApi, pageErrors, pickOption, type RunningServer, screenshot, openSaleDialog } from './harness';

/**
 * A front desk's day with members (issue 16), as the demo cashier: a member with a family member, a
 * 储值卡 sold and paid by WeChat (simulator), a top-up with its bonus, goods paid with the card at its
 * 9折, the card reported lost and replaced, the new card paying; receipts and the ledger at each step.
 */
describe('members and cards through their life (issue 16)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const api = <T>(path: string) => pageApi<T>(page, server.url, path);
  const card = (cardNo: string) => api<{ cardId: number; balance: number; state: string }>(`member/card/getByCardId?cardId=${cardNo}`);
  const ledger = async (cardNo: string) =>
    (await api<{ records: { kind: string; amount: number }[] }>(`member/card/queryOrderConsume?cardId=${(await card(cardNo)).cardId}&size=50`)).records
      .map((r) => `${r.kind}:${r.amount}`)
      .reverse();
  const dialog = (title: string) => page.locator('.ant-modal-wrap:visible', { hasText: title });
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  const notice = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice', { hasText: text });
  const receipts = () => page.locator('iframe[data-receipt^="card-"]');
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

  async function payBy(method: string, authCode?: string) {
    await payDialog().waitFor();
    // 现金 is chosen when the dialog opens (a second click would deselect it).
    if (method !== '现金') await payDialog().getByRole('radio', { name: method, exact: true }).click();
    if (authCode) {
      await payDialog().getByTestId('auth-code').fill(authCode);
      await payDialog().getByTestId('auth-code').press('Enter');
    } else {
      await payDialog()
        .getByRole('button', { name: /确认收款/ })
        .click();
    }
    await expect.poll(() => notice('收款成功').count()).toBeGreaterThan(0);
    await expect.poll(() => payDialog().count()).toBe(0);
  }
  async function findCard(cardNo: string) {
    await page.goto(`${server.url}/member/card`);
    const box = page.getByPlaceholder('请输入会员卡号/姓名/手机号').first();
    await box.fill(cardNo);
    await box.press('Enter');
    await expect.poll(() => row(cardNo).count()).toBe(1);
  }
  async function payGoodsWithCard(cardNo: string) {
    await openSaleDialog(page);
    const sale = dialog('商品销售');
    await sale.waitFor();
    const tile = sale.getByTestId('goods-tile').filter({ hasText: '能量棒' }).first();
    await tile.click();
    await tile.click();
    const box = sale.getByPlaceholder('请输入会员卡号/姓名/手机号');
    await box.fill(cardNo);
    await box.press('Enter');
    await expect.poll(() => sale.getByTestId('member-display').count()).toBe(1);
    await sale.getByRole('button', { name: /提交订单/ }).click();
    await payDialog().waitFor();
    await payDialog().getByRole('checkbox').filter({ hasText: cardNo }).click();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain('14.40');
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
    await expect.poll(() => payDialog().count()).toBe(0);
    await page.keyboard.press('Escape');
  }

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1440, height: 900 }));
    await login(page, server.url, 'cashier', 'cashier123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('archives a member with a family member; the list masks the phone', async () => {
    await page.goto(`${server.url}/member/archive`);
    await page.getByRole('button', { name: /新增/ }).click();
    const form = dialog('新增会员');
    await form.getByLabel('会员姓名').fill('陈小明');
    await form.getByLabel('手机号').fill('1391234');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => form.getByText('请输入正确的电话号码').count()).toBe(1);
    await form.getByLabel('手机号').fill('13912345678');
    await form.getByLabel('身份证号').fill('11010119900101123X');
    await form.getByRole('button', { name: /添加家庭成员/ }).click();
    await form.getByLabel('家庭成员姓名').fill('陈大明');
    await pickOption(page, form.getByLabel('家庭关系'), '父亲');
    await screenshot(page, 'member-archive-add');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => row('陈小明').count()).toBe(1);
    expect(await row('陈小明').textContent()).toContain('139****5678');
  });

  it('sells a 储值卡 paid by WeChat and prints the receipt', async () => {
    await row('陈小明').getByRole('button', { name: '办卡' }).click();
    const form = dialog('办卡');
    await pickOption(page, form.getByLabel('卡类型'), '储值卡（储值，¥500.00）');
    await form.getByLabel('会员卡号').fill('E2E0001');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await payDialog().waitFor();
    await screenshot(page, 'member-card-sale-pay');
    await payBy('微信', '134567890123456789');
    await expect.poll(() => receipts().count()).toBe(1);
    expect(await page.frameLocator('iframe[data-receipt^="card-"]').last().locator('body').textContent()).toContain('办卡小票');
    expect(await card('E2E0001')).toMatchObject({ balance: 500, state: 'A' });
    expect(await ledger('E2E0001')).toEqual(['OPEN:500']);
  });

  it('tops the card up with the bonus of the rules', async () => {
    await findCard('E2E0001');
    await row('E2E0001').getByRole('button', { name: '充值' }).click();
    const form = dialog('充值');
    await form.getByLabel('充值金额（元）').fill('500');
    await expect.poll(() => form.getByText('赠送 ¥50.00').count()).toBe(1);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await payBy('现金');
    // findCard loaded the page afresh: this receipt is the page's first.
    await expect.poll(() => receipts().count()).toBe(1);
    const slip = await page.frameLocator('iframe[data-receipt^="card-"]').last().locator('body').textContent();
    expect(slip).toContain('充值小票');
    expect(slip).toContain('赠送 50.00元');
    expect(await card('E2E0001')).toMatchObject({ balance: 1050 });
    expect(await ledger('E2E0001')).toEqual(['OPEN:500', 'RECHARGE:550']);
  });

  it('says what 加次 costs before it is confirmed, as 收款 then asks (issue 30)', async () => {
    await findCard('TIMES0001');
    await row('TIMES0001').getByRole('button', { name: '加次' }).click();
    const form = dialog('加次');
    await form.getByLabel('加次数').fill('10');
    const quote = form.getByText(/^应付 ¥\d+\.\d{2}/);
    await expect.poll(() => quote.count()).toBe(1);
    const price = /¥(\d+\.\d{2})/.exec((await quote.textContent())!)![1]!;
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => payDialog().getByTestId('pay-total').textContent()).toContain(price);
    await payBy('现金');
  });

  it('buys goods with the card at its 9折', async () => {
    await payGoodsWithCard('E2E0001');
    expect((await card('E2E0001')).balance).toBeCloseTo(1035.6, 2);
  });

  it('reports the card lost, replaces it, and pays with the new card', async () => {
    await findCard('E2E0001');
    await row('E2E0001').getByRole('button', { name: '状态' }).hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '挂失' }).click();
    await confirmIn(page.locator('.ant-modal-confirm'));
    await expect.poll(async () => (await card('E2E0001')).state).toBe('L');
    await findCard('E2E0001');
    await row('E2E0001').getByRole('button', { name: '补卡' }).click();
    const form = dialog('补卡');
    await form.getByLabel('新卡号').fill('E2E0002');
    // The fee shows before confirming (issue 30).
    await expect.poll(() => form.getByTestId('replace-fee').textContent()).toMatch(/^补卡费：¥\d+\.\d{2}$/);
    await screenshot(page, 'member-card-replace');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await card('E2E0001')).state).toBe('C');
    expect(await card('E2E0002')).toMatchObject({ balance: 1035.6, state: 'A' });
    await payGoodsWithCard('E2E0002');
    expect((await card('E2E0002')).balance).toBeCloseTo(1021.2, 2);
    expect(await ledger('E2E0001')).toEqual(['OPEN:500', 'RECHARGE:550', 'CONSUME:-14.4', 'ADJUST:-1035.6']);
    expect(await ledger('E2E0002')).toEqual(['ADJUST:1035.6', 'CONSUME:-14.4']);
  });

  it('shows the member on one page: family, cards with their warnings, ledger, state changes and audit trail', async () => {
    await page.goto(`${server.url}/member/archive`);
    await expect.poll(() => row('陈小明').count()).toBe(1);
    await row('陈小明').getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: '会员详情' });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByText('陈大明（父亲）').count()).toBe(1);
    const pane = () => drawer.getByRole('tabpanel');
    const cardRow = (cardNo: string) => pane().getByRole('row').filter({ hasText: cardNo });
    await expect.poll(() => cardRow('E2E0001').textContent()).toContain('当前卡状态不可用（已换卡）');
    expect(await cardRow('E2E0002').textContent()).toContain('¥1021.20');
    await drawer.getByRole('tab', { name: '消费记录' }).click();
    await expect.poll(() => pane().getByRole('row').count()).toBe(7);
    await drawer.getByRole('tab', { name: '状态变更' }).click();
    await expect.poll(() => pane().textContent()).toContain('补卡');
    expect(await pane().textContent()).toContain('挂失');
    await drawer.getByRole('tab', { name: '操作日志' }).click();
    await expect.poll(() => pane().textContent()).toContain('新增会员');
    await screenshot(page, 'member-detail');
  });
});
