import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AXE_CONTEXT, seriousViolations } from './axe';
import {
  closeProduct,
  delayAnswers,
  launchBrowser,
  login,
  openPage,
  pageApi,
  pageErrors,
  pickOption,
  type RunningServer,
  screenshot,
  startServer,
  gotoSettled,
} from './harness';

/**
 * Issue 15, the administration screens as an admin works them: 用户管理 (a user with roles and venues who
 * changes the initial password, a reset that ends the login and asks for a new password, a disable that
 * ends the sessions at once), 角色管理 (the grant tree and the data scope) and 操作日志 (search, and an
 * export holding the change just made).
 */
describe('administration screens (issue 15)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let clerk: Page;
  const modal = (p: Page, title: string) => p.locator('.ant-modal-wrap:visible', { hasText: title });
  const row = (text: string) => page.locator('tbody tr.ant-table-row', { hasText: text });
  const ok = (p: Page, title: string) =>
    modal(p, title)
      .getByRole('button', { name: /确\s*定/ })
      .click();
  const notice = (p: Page, text: string) => p.locator('.ant-notification-notice, .ant-message-notice', { hasText: text }).first().waitFor();

  /** The login form as clerk9 (the helper's wait for /dashboard does not fit a user who must change the password). */
  async function signIn(p: Page, password: string) {
    await p.getByPlaceholder('用户名').fill('clerk9');
    await p.getByPlaceholder('密码').fill(password);
    await p.getByRole('button', { name: /登\s*录/ }).click();
  }

  /** The first-login screen: 请先修改密码, old and new password, then a login with the new one. */
  async function changeFirst(p: Page, oldPass: string, newPass: string) {
    await p.getByText('请先修改密码').waitFor();
    await p.getByLabel('旧密码').fill(oldPass);
    await p.getByLabel('新密码').fill(newPass);
    await p.getByLabel('确认密码').fill(newPass);
    await p.getByRole('button', { name: /保\s*存/ }).click();
    await p.getByPlaceholder('用户名').waitFor();
    await login(p, server.url, 'clerk9', newPass);
    await p.locator('.ant-layout-sider').waitFor();
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await openPage(browser, { width: 1366, height: 860 }, AXE_CONTEXT);
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('用户管理: adds a user with a role and venues, who changes the initial password at the first login', async () => {
    await page.goto(`${server.url}/system/user`);
    await row('收银员小李').waitFor();
    await page.getByRole('button', { name: /新\s*增$/ }).click();
    const dialog = modal(page, '新增用户');
    await dialog.getByLabel('用户名').fill('clerk9');
    await dialog.getByLabel('初始密码').fill('Start-Secret-9');
    await dialog.getByLabel('姓名').fill('测试收银');
    await dialog.getByLabel('电话').fill('13900000009');
    await pickOption(page, dialog.getByLabel('角色'), '收银员');
    await dialog.locator('.ant-modal-title').click();
    await pickOption(page, dialog.getByLabel('可用场馆'), '城东羽毛球馆');
    await dialog.locator('.ant-modal-title').click();
    await ok(page, '新增用户');
    await row('clerk9').waitFor();
    expect(await row('clerk9').innerText()).toMatch(/测试收银[\s\S]*13900000009[\s\S]*收银员/);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    clerk = await openPage(browser, { width: 1366, height: 860 });
    await gotoSettled(clerk, `${server.url}/login`);
    await signIn(clerk, 'Start-Secret-9');
    await changeFirst(clerk, 'Start-Secret-9', 'Clerk-Secret-10');
    await clerk.locator('.ant-layout-sider').getByText('商品管理').waitFor();
    expect(await clerk.locator('.ant-layout-sider').getByText('用户管理').count()).toBe(0);
  });

  it('用户管理: a password reset ends the login; the next login must change it again', async () => {
    await row('clerk9').getByRole('button', { name: '重置密码' }).click();
    await modal(page, '重置密码：clerk9').getByLabel('新密码').fill('Reset-Secret-11');
    await ok(page, '重置密码：clerk9');
    await notice(page, '操作成功');
    // The clerk's next request is refused (登录已过期) and the page goes back to the login.
    await gotoSettled(clerk, `${server.url}/goods/stock`);
    await clerk.getByText('登录已过期，请重新登录').waitFor();
    await signIn(clerk, 'Reset-Secret-11');
    await changeFirst(clerk, 'Reset-Secret-11', 'Clerk-Secret-12');
  });

  it('用户管理: disabling the user ends the sessions at once and refuses the next login', async () => {
    await row('clerk9').locator('.ant-switch').click();
    await notice(page, '操作成功');
    await gotoSettled(clerk, `${server.url}/goods/stock`);
    await clerk.getByText('登录已过期，请重新登录').waitFor();
    await signIn(clerk, 'Clerk-Secret-12');
    await clerk.getByText('账号已停用，请联系管理员').waitFor();
    await screenshot(page, 'admin-users');
    await clerk.close();
  });

  it('角色管理: a role granted screens and buttons in the tree, with a data scope', async () => {
    // The grant tree answers late (a busy server): the dialog opened before it still shows it unfolded.
    const stopDelaying = await delayAnswers(page, '**/api/system/api/menus/tree', 1500);
    await page.goto(`${server.url}/system/role`);
    await row('收银员').waitFor();
    await page.getByRole('button', { name: /新\s*增$/ }).click();
    const dialog = modal(page, '新增角色');
    await stopDelaying();
    await dialog.getByLabel('角色名称').fill('库存查看');
    await dialog.getByLabel('角色编码').fill('stockViewer');
    await dialog.getByLabel('本人场馆').check();
    await dialog.locator('.ant-tree-treenode', { hasText: '库存查询' }).first().locator('.ant-tree-checkbox').click();
    await ok(page, '新增角色');
    await row('stockViewer').waitFor();
    expect(await row('stockViewer').innerText()).toContain('本人场馆');

    await row('stockViewer').getByRole('button', { name: '编辑' }).click();
    const edit = modal(page, '编辑角色');
    await edit.getByLabel('全部场馆').check();
    await ok(page, '编辑角色');
    await expect.poll(() => row('stockViewer').innerText()).toContain('全部场馆');
    const roles = await pageApi<{ records: { roleCode: string; menuIds: number[]; dataScope: string }[] }>(
      page,
      server.url,
      'system/api/roles?blurry=stockViewer',
    );
    const stockMenus = await pageApi<{ records: { id: number; permission: string | null }[] }>(page, server.url, 'system/api/menus?blurry=goods:stock&size=50');
    const granted = stockMenus.records.filter((m) => roles.records[0].menuIds.includes(m.id)).map((m) => m.permission);
    expect(granted).toEqual(expect.arrayContaining(['goods:stock:list', 'goods:stock:adjust']));
    expect(roles.records[0].dataScope).toBe('ALL');
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-roles');
  });

  it('会员类型: a type added on the 会员卡类型 screen is offered in 会员档案; a duplicate name is refused', async () => {
    await page.goto(`${server.url}/member/cardType`);
    await page.getByRole('tab', { name: '会员类型' }).click();
    const pane = page.getByRole('tabpanel', { name: '会员类型' });
    await pane.locator('.ant-table').waitFor();
    await pane.getByRole('button', { name: /新\s*增$/ }).click();
    await modal(page, '新增会员类型').getByLabel('会员类型名称').fill('银发会员');
    await ok(page, '新增会员类型');
    await expect.poll(() => pane.locator('tbody tr.ant-table-row', { hasText: '银发会员' }).count()).toBe(1);
    await pane.getByRole('button', { name: /新\s*增$/ }).click();
    await modal(page, '新增会员类型').getByLabel('会员类型名称').fill('银发会员');
    await ok(page, '新增会员类型');
    await notice(page, '该会员类型名称已存在');
    await modal(page, '新增会员类型')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await screenshot(page, 'member-types');
    await page.goto(`${server.url}/member/archive`);
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    await page.locator('.ant-modal-wrap:visible').getByLabel('会员类型').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '银发会员' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('操作日志: finds the changes just made and exports them', async () => {
    await page.goto(`${server.url}/system/auditLog`);
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByLabel('关键字').fill('stockViewer');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await row('修改角色').waitFor();
    await row('新增角色').waitFor();
    await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await row('修改角色').innerText()).toContain('角色 库存查看（stockViewer）');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const cells = book.worksheets[0].getSheetValues().flat().map(String).join('\n');
    expect(cells).toContain('角色 库存查看（stockViewer）');
    expect(cells).toMatch(/dataScope\W+ALL/);
    expect(cells).not.toContain('重置密码');

    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByLabel('关键字').fill('clerk9');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await row('重置密码').waitFor();
    for (const action of ['新增用户', '启用/停用用户']) await row(action).waitFor();
    await screenshot(page, 'admin-audit');
  });
});
