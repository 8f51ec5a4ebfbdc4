import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { confirmIn, closeProduct, login, openProduct, pageApi, pageErrors, pickOption, type RunningServer, scan, screenshot } from './harness';

type LectureOrder = { orderId: number; payState: string; refundedAmount: number; details: { userName: string; state: string; ticketCode: string }[] };
type TicketOrderPage = { records: { orderId: number; payState: string; details: { detailState: string }[] }[] };
type Flow = { inVenue: number; inCount: number };

/**
 * Issue 18, lectures at the desk (admin, 城东羽毛球馆): the seeded order of three participants found
 * by a scanned ticket code in 快速核销 › 讲座活动, two of the three verified; each refusal's text; a
 * sign-up paid through 收款, then refunded in part (issue 29: one participant chosen, by keyboard); a
 * ticket verified raises the flow board's 在馆人数; 退款 of unused tickets.
 */
describe('lectures: verification and sign-up (issue 18)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const api = <T>(path: string) => pageApi<T>(page, server.url, path);
  const card = (title: string) => page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: title }) });
  const notice = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice', { hasText: text }).first();
  const dialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '快速核销' });
  const payDialog = () => page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
  async function payCash() {
    await payDialog().waitFor();
    await payDialog().getByRole('radio', { name: '现金', exact: true }).check();
    await payDialog()
      .getByRole('button', { name: /确认收款/ })
      .click();
    await payDialog().waitFor({ state: 'hidden' });
  }
  /** Opens 快速核销 on the lecture tab, its keyword box focused and Enter enabled (3 s after creation, spec 2.8). */
  async function openLectureTab() {
    await page.getByRole('button', { name: '快速核销' }).click();
    await dialog().getByRole('tab', { name: '讲座活动' }).click();
    const box = dialog().getByPlaceholder('请扫描或输入订单号');
    await box.waitFor();
    await page.waitForTimeout(3100);
    return box;
  }
  // Only the lecture tab is ever opened in this file (antd renders a tab's pane once it is first shown).
  const visibleBox = () => dialog().getByPlaceholder('请扫描或输入订单号');
  const rows = () => dialog().locator('.ant-table-row');

  beforeAll(async () => {
    ({ server, browser, page } = await openProduct({ width: 1366, height: 900 }));
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('verifies two of the three participants of a scanned lecture ticket', async () => {
    await page.goto(`${server.url}/lecture/order`);
    // Spec 9: the lecture orders (讲座报名) list 20 a page (issue 30).
    await expect.poll(() => page.locator('.ant-card', { hasText: '讲座订单' }).locator('.ant-pagination-options').textContent()).toContain('20 条/页');
    await openLectureTab();
    await expect.poll(() => visibleBox().evaluate((el) => el === document.activeElement)).toBe(true);
    await scan(page, 'LDEMO1X0002');
    await expect.poll(() => rows().count()).toBe(3);
    const header = dialog().locator('.ant-table-thead');
    for (const title of ['名称', '票种', '使用日期', '使用时间', '票据状态', '参会人', '联系方式']) await header.getByText(title, { exact: true }).waitFor();
    expect(await rows().filter({ hasText: '青少年运动安全讲座' }).count()).toBe(3);
    expect(await rows().filter({ hasText: '待使用' }).count()).toBe(3);
    await rows().filter({ hasText: '王小刚' }).getByRole('checkbox').uncheck();
    await screenshot(page, 'lecture-verify-tab');
    await dialog()
      .getByRole('button', { name: /确\s*认$/ })
      .click();
    await notice('核销成功，共 2 人').waitFor();
    await dialog().waitFor({ state: 'hidden' });
    const order = await api<LectureOrder>('system/lectureOrder/getLectureOrder?ticketId=LDEMO1X0001');
    expect(order.details.map((d) => [d.userName, d.state])).toEqual([
      ['张小明', 'U'],
      ['李小红', 'U'],
      ['王小刚', 'A'],
    ]);

    // The order again (typed): the used two are 已使用 and cannot be ticked; the third is ticked.
    await openLectureTab();
    await visibleBox().fill('LDEMO1X0003');
    await visibleBox().press('Enter');
    await expect.poll(() => rows().filter({ hasText: '已使用' }).count()).toBe(2);
    for (const used of await rows().filter({ hasText: '已使用' }).all()) expect(await used.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await rows().filter({ hasText: '待使用' }).getByRole('checkbox').isChecked()).toBe(true);
  });

  it('shows each refusal: unknown code, nothing chosen', async () => {
    await visibleBox().fill('LNOSUCHLECTURE');
    await visibleBox().press('Enter');
    await notice('未查询到讲座订单信息').waitFor();
    expect(await rows().count()).toBe(0);
    // No ^ in the name: antd can leave a faded spinner (aria-label loading) inside a button that was busy.
    await dialog()
      .getByRole('button', { name: /确\s*认$/ })
      .click();
    await notice('请选择需要核销的参会人').waitFor();
    await visibleBox().fill('LDEMO1X0003');
    await visibleBox().press('Enter');
    await rows().filter({ hasText: '待使用' }).waitFor();
    await rows().filter({ hasText: '待使用' }).getByRole('checkbox').uncheck();
    await page
      .locator('.ant-message-notice, .ant-notification-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => undefined);
    await dialog()
      .getByRole('button', { name: /确\s*认$/ })
      .click();
    await notice('请选择需要核销的参会人').waitFor();
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('signs two participants up through 收款 and finds them by their ticket code', async () => {
    await page.goto(`${server.url}/lecture/order`);
    const sell = card('讲座报名');
    await pickOption(page, sell.getByLabel('讲座'), '青少年运动安全讲座');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await sell.getByLabel('场次').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await pickOption(page, sell.getByLabel('票种'), '学生票 10.00元');
    await sell.getByLabel('参会人1姓名').fill('周一');
    await sell.getByLabel('参会人1电话').fill('12345');
    await sell.getByRole('button', { name: '添加参会人' }).click();
    await sell.getByLabel('参会人2姓名').fill('周二');
    await sell.getByLabel('参会人2电话').fill('13900002222');
    await sell.getByRole('button', { name: /提交订单/ }).click();
    await sell.getByText('请输入正确的电话号码').waitFor();
    await sell.getByLabel('参会人1电话').fill('13900001111');
    await sell.getByText('合计：20.00 元').waitFor();
    await sell.getByRole('button', { name: /提交订单/ }).click();
    await payCash();
    await notice('收款成功').waitFor();
    const list = card('讲座订单');
    await list.locator('.ant-table-row', { hasText: '学生票' }).first().waitFor();
    const orders = await api<{ records: LectureOrder[] }>('system/lectureOrder/query?current=1&size=1');
    expect(orders.records[0].details.map((d) => [d.userName, d.state])).toEqual([
      ['周一', 'A'],
      ['周二', 'A'],
    ]);
    expect(orders.records[0].details[0].ticketCode).toMatch(/^L[A-Z2-9]{20}$/);
    // Each participant's ticket printed with its code as the QR code.
    await expect.poll(() => page.locator('iframe[data-tickets]').count()).toBeGreaterThan(0);
    const printed = await page
      .locator('iframe[data-tickets]')
      .last()
      .evaluate((f: HTMLIFrameElement) =>
        [...f.contentDocument!.querySelectorAll('[data-qr-code]')].map((e) => [e.getAttribute('data-qr-code'), e.textContent]),
      );
    expect(printed.map(([code]) => code)).toEqual(orders.records[0].details.map((d) => d.ticketCode));
    expect(printed[0][1]).toContain('参会人：周一');
    await sell.getByRole('button', { name: /重\s*打/ }).waitFor();
  });

  it('refunds one of the two participants of the paid sign-up: the amount confirmed, the toast, 部分退款, the seat back (issue 29)', async () => {
    type Lectures = { records: { lectureName: string; sessions: { sold: number }[] }[] };
    const soldNow = async () =>
      (await api<Lectures>('system/lecture/query?current=1&size=50')).records.find((l) => l.lectureName === '青少年运动安全讲座')!.sessions[0].sold;
    const ordersNow = async () => (await api<{ records: LectureOrder[] }>('system/lectureOrder/query?current=1&size=50')).records;
    const paid = (await ordersNow()).find((o) => o.details.map((d) => d.userName).join() === '周一,周二')!;
    expect(paid.payState).toBe('P');
    const sold = await soldNow();
    await page.goto(`${server.url}/lecture/order`);
    const row = card('讲座订单')
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: String(paid.orderId), exact: true }) });
    // By keyboard: the row's 退款, then 周二 left out with Space.
    await row.getByRole('button', { name: /退\s*款/ }).focus();
    await page.keyboard.press('Enter');
    const refund = page.locator('.ant-modal-wrap:visible', { hasText: `退款 - 讲座订单 ${paid.orderId}` });
    await refund.getByText('退款金额：¥20.00（已退 ¥0.00，实收 ¥20.00）').waitFor();
    await refund.getByLabel('退款 周二').focus();
    await page.keyboard.press('Space');
    await refund.getByText('退款金额：¥10.00').waitFor();
    await refund.getByLabel('退款原因').fill('周一有事');
    await screenshot(page, 'lecture-refund-dialog');
    await refund.getByRole('button', { name: /退\s*款/ }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确认退款 1 位参会人 ¥10.00（原路退回）吗？' });
    await Promise.all([notice('退款成功 ¥10.00').waitFor(), confirmIn(confirm)]);
    await refund.waitFor({ state: 'hidden' });
    const after = (await ordersNow()).find((o) => o.orderId === paid.orderId)!;
    expect([after.payState, after.refundedAmount]).toEqual(['PR', 10]);
    expect(after.details.map((d) => [d.userName, d.state])).toEqual([
      ['周一', 'C'],
      ['周二', 'A'],
    ]);
    expect(await soldNow()).toBe(sold - 1);
    await expect.poll(() => row.innerText()).toContain('部分退款');
  });

  it('closes a sign-up the visitor did not pay for: 已关闭, and its seat goes back to the session', async () => {
    type Lectures = { records: { lectureName: string; sessions: { sold: number }[] }[] };
    const soldNow = async () =>
      (await api<Lectures>('system/lecture/query?current=1&size=50')).records.find((l) => l.lectureName === '青少年运动安全讲座')!.sessions[0].sold;
    const before = await soldNow();
    await page.goto(`${server.url}/lecture/order`);
    const sell = card('讲座报名');
    await pickOption(page, sell.getByLabel('讲座'), '青少年运动安全讲座');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await sell.getByLabel('场次').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await pickOption(page, sell.getByLabel('票种'), '学生票 10.00元');
    await sell.getByLabel('参会人1姓名').fill('吴走');
    await sell.getByLabel('参会人1电话').fill('13900003333');
    await sell.getByRole('button', { name: /提交订单/ }).click();
    await payDialog().waitFor();
    await page.keyboard.press('Escape');
    await payDialog().waitFor({ state: 'hidden' });
    expect(await soldNow()).toBe(before + 1);
    const [order] = (await api<{ records: LectureOrder[] }>('system/lectureOrder/query?current=1&size=1')).records;
    const row = card('讲座订单')
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: String(order.orderId), exact: true }) });
    await row.getByRole('button', { name: /关\s*闭/ }).click();
    await confirmIn(page.locator('.ant-modal-confirm', { hasText: `确定关闭订单 ${order.orderId} 吗？` }));
    await notice('操作成功').waitFor();
    await expect.poll(() => row.innerText()).toContain('已关闭');
    expect(await row.getByRole('button', { name: /关\s*闭/ }).count()).toBe(0);
    expect(await soldNow()).toBe(before);
  });

  it("raises the flow board's 在馆人数 when a ticket is verified, and refunds an unused ticket", async () => {
    const before = await api<Flow>('board/flow?venueId=1');
    await page.goto(`${server.url}/ticket/order`);
    const box = card('票据核销').getByPlaceholder('请扫描或输入订单号');
    await box.fill('TDEMO1X0001');
    await box.press('Enter');
    await card('票据核销').locator('.ant-table-row', { hasText: '待使用' }).first().waitFor();
    // Only the first of the order's two tickets.
    await card('票据核销').locator('.ant-table-row').nth(1).getByRole('checkbox').uncheck();
    await card('票据核销')
      .getByRole('button', { name: /确认核销/ })
      .click();
    await notice('核销成功，共 1 张').waitFor();
    await expect.poll(async () => (await api<Flow>('board/flow?venueId=1')).inVenue).toBe(before.inVenue + 1);

    // 退款: the order's unused ticket only.
    const seeded = (await api<TicketOrderPage>('ticket/ticketOrder/query?current=1&size=50')).records.find(
      (o) => o.details.some((d) => d.detailState === 'U') && o.details.some((d) => d.detailState === 'A'),
    )!;
    const row = card('售票订单').locator('.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${seeded.orderId}$`) }) });
    await row.getByRole('button', { name: '退款' }).click();
    const refund = page.locator('.ant-modal-wrap:visible', { hasText: `退款 - 售票订单 ${seeded.orderId}` });
    await refund.getByText('退款金额：¥30.00').waitFor();
    await refund.getByRole('button', { name: /退\s*款/ }).click();
    await confirmIn(page.locator('.ant-modal-confirm'));
    await notice('退款成功 ¥30.00').waitFor();
    await expect
      .poll(async () => (await api<TicketOrderPage>('ticket/ticketOrder/query?current=1&size=50')).records.find((o) => o.orderId === seeded.orderId)!.payState)
      .toBe('PR');
  });
});
