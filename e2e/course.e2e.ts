import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AXE_CONTEXT, seriousViolations } from './axe';
import { closeProduct, launchBrowser, login, openPage, pageApi, pageErrors, pickOption, type RunningServer, scan, screenshot, startServer } from './harness';

type Enrolment = {
  enrolmentId: number;
  code: string;
  className: string | null;
  studentName: string;
  familyId: number | null;
  memberName: string;
  state: string;
  lessonsLeft: number;
  paid: number;
};
type Session = { sessionId: number; useDate: string; beginTime: string; className: string; state: string };
type Board = { sessions: { sessionId: number; signed: number; enrolled: number }[]; lessonsTaken: number; lessonsSold: number };

/** China's date and time now (the server's clock runs on the real one until it is moved). */
const china = (ms: number) => new Date(ms + 8 * 3600_000).toISOString();
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/**
 * Issue 36 at the desk (admin, 城东羽毛球馆): a coach and a group course made in the back office; a class
 * refused for a coach already teaching (the conflict named), then scheduled; 张三's (VIP0001) child, on
 * his archive, enrolled through the member card widget and paid by his card in 收款, the slip printed
 * with its QR code; the server's clock moved to ten minutes before the session, the card scanned in
 * 快速核销 › 课程培训 signs the child in: the balance shown goes 10 → 9 and /courseData counts the sign-in;
 * the coach's screen on a 390 px phone; every screen looked at and clean for axe.
 */
describe('course training: class, enrolment, sign-in by scan (issue 36)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  // The session: today at least two hours ahead (10:00-17:00), else tomorrow at 10:00 (court 1 is free then).
  const hourNow = Number(china(Date.now()).slice(11, 13));
  const tomorrow = hourNow + 2 > 17;
  const hour = tomorrow ? 10 : Math.max(10, hourNow + 2);
  const begin = `${String(hour).padStart(2, '0')}:00`;
  const end = `${String(hour + 1).padStart(2, '0')}:00`;
  const date = china(Date.now() + (tomorrow ? 86_400_000 : 0)).slice(0, 10);
  const startsMs = Date.parse(`${date}T${begin}:00+08:00`);
  const COURSE = '少儿羽毛球周末班';
  const CLASS = '启蒙一班';

  const api = <T>(path: string) => pageApi<T>(page, server.url, path);
  const notice = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice', { hasText: text }).first();
  const dialogTitled = (title: string) => page.locator('.ant-modal-wrap:visible', { has: page.locator('.ant-modal-title', { hasText: title }) });
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  const ok = (dialog: ReturnType<typeof dialogTitled>) => dialog.getByRole('button', { name: /确\s*定/ }).click();
  let child: Enrolment;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ movableClock: true }), launchBrowser()]);
    page = await openPage(browser, { width: 1366, height: 900 }, AXE_CONTEXT);
    await login(page, server.url, 'admin', 'admin123');
  });
  afterAll(() => closeProduct({ server, browser }));
  afterEach(() => expect(pageErrors(page)).toEqual([]));

  it('adds a coach and a group course with its age range and coaches', async () => {
    await page.goto(`${server.url}/course/coach`);
    await row('王教练').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const coach = dialogTitled('新增教练');
    await coach.getByLabel('教练姓名').fill('赵教练');
    await coach.getByLabel('联系电话').fill('13600000009');
    await pickOption(page, coach.getByLabel('教授项目'), '羽毛球');
    await coach.getByLabel('课时费（元/小时）').fill('180');
    await screenshot(page, 'course-coach-dialog');
    await ok(coach);
    await notice('操作成功').waitFor();
    await expect.poll(() => row('赵教练').innerText()).toContain('180.00');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-coaches');
    // 王教练's next two weeks: his two classes.
    await row('王教练')
      .getByRole('button', { name: /课\s*表/ })
      .click();
    const schedule = page.locator('.ant-drawer-open', { hasText: '王教练的课表' });
    await schedule.getByRole('cell', { name: '青少年羽毛球初级一班' }).first().waitFor();
    await schedule.getByRole('cell', { name: '青少年羽毛球初级二班' }).first().waitFor();
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await screenshot(page, 'course-coach-schedule');
    await page.keyboard.press('Escape');
    await schedule.waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/course/course`);
    await row('青少年羽毛球初级班').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialogTitled('新增课程');
    await form.getByLabel('课程名称').fill(COURSE);
    await pickOption(page, form.getByLabel('运动项目'), '羽毛球');
    await form.getByLabel('课时数').fill('10');
    await form.getByLabel('课程价格').fill('800');
    await form.getByLabel('最小年龄').fill('4');
    await form.getByLabel('最大年龄').fill('3');
    await ok(form);
    await form.getByText('最小年龄不能大于最大年龄').waitFor();
    await form.getByLabel('最大年龄').fill('14');
    await pickOption(page, form.getByLabel('授课教练'), '赵教练');
    await pickOption(page, form.getByLabel('授课教练'), '王教练');
    await screenshot(page, 'course-course-dialog');
    await ok(form);
    await notice('操作成功').waitFor();
    const made = row(COURSE);
    await expect.poll(() => made.innerText()).toContain('4-14岁');
    expect(await made.innerText()).toContain('800.00');
    expect(await made.innerText()).toMatch(/赵教练、王教练|王教练、赵教练/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-courses');
  });

  it('refuses a class whose coach already teaches then, naming the conflict, and schedules one that fits', async () => {
    await page.goto(`${server.url}/course/class`);
    await row('青少年羽毛球初级一班').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialogTitled('新增班级');
    await pickOption(page, form.getByLabel('课程'), COURSE);
    await form.getByLabel('班级名称').fill(CLASS);
    // 王教练 teaches 青少年羽毛球初级一班 and 二班 at 16:00 four days a week: a week of every day at 16:00 meets one.
    await pickOption(page, form.getByLabel('教练'), '王教练');
    await pickOption(page, form.getByLabel('场地/教室'), '5号场');
    await form.getByLabel('班级容量').fill('8');
    await form.getByLabel('开班日期').fill(date);
    await form.getByLabel('开班日期').press('Enter');
    await form.getByLabel('周数').fill('1');
    for (const day of WEEKDAYS) await form.getByLabel(day).check();
    await form.getByLabel('上课时间').fill('16:00');
    await form.getByLabel('下课时间').fill('17:00');
    await form
      .getByTestId('term-preview')
      .getByText(/共 7 节/)
      .waitFor();
    await ok(form);
    const refusal = form.getByRole('alert');
    await refusal.getByText(/「王教练」\d{4}-\d\d-\d\d 16:00-17:30 已有课程「青少年羽毛球初级[一二]班」/).waitFor();
    await screenshot(page, 'course-class-conflict');

    // The same term with 赵教练 on 1号场, its weekday only, at the free hour: two sessions.
    await pickOption(page, form.getByLabel('教练'), '赵教练');
    await pickOption(page, form.getByLabel('场地/教室'), '1号场');
    await form.getByLabel('周数').fill('2');
    for (const day of WEEKDAYS) if (day !== WEEKDAYS[weekdayOf(date) - 1]) await form.getByLabel(day).uncheck();
    await form.getByLabel('上课时间').fill(begin);
    await form.getByLabel('下课时间').fill(end);
    await form.getByTestId('term-preview').getByText(`共 2 节（${date} 至`).waitFor();
    await ok(form);
    await notice('操作成功').waitFor();
    await form.waitFor({ state: 'hidden' });
    const made = row(CLASS);
    await expect.poll(() => made.innerText()).toContain(`${WEEKDAYS[weekdayOf(date) - 1]} ${begin}-${end}`);
    expect(await made.innerText()).toContain('0/8');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-classes');

    // Its calendar: the first session on its date.
    await made.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer-open', { hasText: `班级：${CLASS}` });
    await drawer.getByRole('button', { name: `${date} ${begin}-${end} 待上课` }).waitFor();
    await screenshot(page, 'course-class-calendar');
    expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);
    await drawer.getByRole('button', { name: `${date} ${begin}-${end} 待上课` }).click();
    const session = page.locator('.ant-modal-wrap:visible', { hasText: '本节暂无学员' });
    await session.waitFor();
    await screenshot(page, 'course-session-dialog');
    await session
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await drawer.getByRole('tab', { name: '出勤表' }).click();
    await drawer.getByText('暂无学员').waitFor();

    // The second session, a week on, cancelled with a reason: its cells go back to the booking grid.
    await drawer.getByRole('tab', { name: '课表' }).click();
    const second = china(startsMs + 7 * 86_400_000).slice(0, 10);
    if (second.slice(0, 7) !== date.slice(0, 7)) await drawer.getByRole('button', { name: '下个月' }).click();
    await drawer.getByRole('button', { name: `${second} ${begin}-${end} 待上课` }).click();
    const planned = page.locator('.ant-modal-wrap:visible', { hasText: `${CLASS} ${second}` });
    await planned.getByRole('button', { name: /取消课节/ }).click();
    const cancel = dialogTitled('取消课节');
    await cancel.getByRole('button', { name: /确定取消/ }).click();
    await cancel.getByText('请输入取消原因').waitFor();
    await cancel.getByLabel('取消原因').fill('教练外出比赛');
    await cancel.getByRole('button', { name: /确定取消/ }).click();
    await notice('课节已取消').waitFor();
    await drawer.getByRole('button', { name: `${second} ${begin}-${end} 已取消` }).waitFor();
    const items = await api<{ itemId: number; itemName: string }[]>('system/venue/sportItems?venueId=1');
    const badminton = items.find((i) => i.itemName === '羽毛球')!.itemId;
    type Grid = { fields: { fieldName: string; cells: { beginTime: string; state: string }[] }[] };
    const cellOn = async (day: string) =>
      (await api<Grid>(`booking/grid?venueId=1&itemId=${badminton}&date=${day}`)).fields
        .find((f) => f.fieldName === '1号场')!
        .cells.find((c) => c.beginTime === begin)!.state;
    expect([await cellOn(date), await cellOn(second)]).toEqual(['occupied', 'free']);
    await page.keyboard.press('Escape');
  });

  it("enrols 张三's child through his member card, refuses a too young birthday, pays by his card and prints the slip", async () => {
    // 张三's child is on his archive (the demo enrolled them before: the form offers them by that).
    const earlier = await api<{ records: Enrolment[] }>('course/enrolment/query?current=1&size=100&keyword=张三');
    const kid = earlier.records.find((e) => e.memberName === '张三' && e.familyId !== null);
    expect(kid).toBeDefined();
    await page.goto(`${server.url}/course/enrolment`);
    const card = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: '课程报名' }) });
    await card.getByPlaceholder('请输入会员卡号/姓名/手机号').fill('VIP0001');
    await card.getByPlaceholder('请输入会员卡号/姓名/手机号').press('Enter');
    await card.getByTestId('member-display').getByText('张三').waitFor();
    await card.getByRole('radio', { name: new RegExp(`^${kid!.studentName}（`) }).check();
    await pickOption(page, card.getByLabel('课程'), COURSE);
    await pickOption(page, card.getByLabel('班级'), CLASS);
    await card.getByTestId('enrol-summary').getByText('10 课时，¥800.00').waitFor();
    // Ages count from today, not from the session's date (tomorrow after 15:00 China time).
    const today = china(Date.now()).slice(0, 10);
    const born = (years: number) => `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
    await card.getByLabel('学员生日').fill(born(2));
    await card.getByLabel('学员生日').press('Enter');
    await card.getByRole('button', { name: /提交报名/ }).click();
    await notice(`「${kid!.studentName}」2岁，低于课程最小年龄4岁`).waitFor();
    await card.getByLabel('学员生日').fill(born(8));
    await card.getByLabel('学员生日').press('Enter');
    await screenshot(page, 'course-enrol-card');
    const printed = await page.locator('iframe[data-tickets]').count();
    await card.getByRole('button', { name: /提交报名/ }).click();

    // 收款: 张三's stored-value card, F9.
    const pay = page.locator('.ant-modal-wrap:visible', { hasText: '应收' });
    await pay.waitFor();
    const vip = pay.getByRole('checkbox').filter({ hasText: 'VIP0001' });
    const due = async () => Number((await pay.getByText(/^应收：/).textContent())!.replace(/[^\d.]/g, ''));
    await vip.click();
    await expect.poll(() => vip.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'course-enrol-pay');
    const paid = await due();
    expect(paid).toBeGreaterThan(0);
    await Promise.all([notice('收款成功').waitFor({ timeout: 20_000 }), page.keyboard.press('F9')]);
    await pay.waitFor({ state: 'hidden' });

    const mine = await api<{ records: Enrolment[] }>(`course/enrolment/query?current=1&size=10&keyword=${encodeURIComponent(kid!.studentName)}`);
    child = mine.records.find((e) => e.familyId === kid!.familyId && e.state === 'A' && e.lessonsLeft === 10 && e.paid === paid)!;
    expect(child).toBeDefined();
    // The slip: its QR code is the enrolment's.
    await expect.poll(() => page.locator('iframe[data-tickets]').count()).toBe(printed + 1);
    const slip = await page
      .locator('iframe[data-tickets]')
      .last()
      .evaluate((f: HTMLIFrameElement) =>
        [...f.contentDocument!.querySelectorAll('[data-qr-code]')].map((e) => [e.getAttribute('data-qr-code'), e.textContent]),
      );
    expect(slip).toEqual([[child.code, expect.stringContaining(`学员：${kid!.studentName}（张三的家庭成员）`)]]);
    const listed = page.locator('.ant-table-row', { hasText: COURSE }).filter({ hasText: `${kid!.studentName}（张三的家庭成员）` });
    await expect.poll(() => listed.innerText()).toContain('10/10');
    expect(await listed.innerText()).toContain('在读');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-enrolment');
  });

  it('signs the child in by a scan of the card in 快速核销: the balance goes 10 → 9, and /courseData, open beside, moves live', async () => {
    const sessions = await api<Session[]>(`course/session/query?beginDate=${date}&endDate=${date}`);
    const session = sessions.find((s) => s.className === CLASS)!;
    await server.moveClock(startsMs - 10 * 60_000 - Date.now());
    const before = await api<Board>('course/board?venueId=1');
    // The board on a wall beside the desk, live before the sign-in.
    const wall = await openPage(browser, { width: 1920, height: 1080 }, AXE_CONTEXT);
    await login(wall, server.url, 'admin', 'admin123');
    await wall.goto(`${server.url}/courseData?venueId=1`);
    await wall.locator('[data-live="live"]').waitFor();
    const boardRow = wall.locator(`tr[data-session="${session.sessionId}"]`);
    await expect.poll(() => boardRow.locator('[data-figure="sessionSigned"]').textContent()).toBe('0/1');

    await page.goto(`${server.url}/course/enrolment`);
    await page.getByRole('button', { name: '快速核销' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '快速核销' });
    await dialog.getByRole('tab', { name: '课程培训' }).click();
    const box = dialog.getByPlaceholder('请扫描会员卡号或报名二维码');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan(page, 'VIP0001');
    const mineRow = dialog.locator('.ant-table-row', { hasText: CLASS });
    await mineRow.waitFor();
    expect(await mineRow.getByTestId('lessons-left').textContent()).toBe('10');
    // Only this class's session is signed here: another of the child's today stays unticked.
    for (const other of await dialog.locator('.ant-table-row').filter({ hasNotText: CLASS }).all()) {
      const box = other.getByRole('checkbox');
      if (await box.isChecked()) await box.uncheck();
    }
    await expect.poll(() => mineRow.getByRole('checkbox').isChecked()).toBe(true);
    await screenshot(page, 'course-verify-found');
    expect(await seriousViolations(page, '.ant-modal-wrap')).toEqual([]);
    await dialog.getByRole('button', { name: /确\s*认$/ }).click();
    await notice(`签到成功：${child.studentName} 剩余9课时`).waitFor();
    // The dialog stays: the balance shown moved, the row is 已签到 and cannot be ticked again.
    await expect.poll(() => mineRow.getByTestId('lessons-left').textContent()).toBe('9');
    await mineRow.getByText('已签到').waitFor();
    expect(await mineRow.getByRole('checkbox').isDisabled()).toBe(true);
    await screenshot(page, 'course-verify-signed');
    const ledger = await api<{ records: { kind: string; lessons: number; balanceAfter: number }[] }>(
      `course/ledger/query?current=1&size=5&enrolmentId=${child.enrolmentId}`,
    );
    expect(ledger.records[0]).toMatchObject({ kind: 'TAKE', lessons: -1, balanceAfter: 9 });
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    // /courseData moved by its event, not by a reload: the session signed 1 of 1, a lesson more taken this month.
    try {
      await expect.poll(() => boardRow.locator('[data-figure="sessionSigned"]').textContent(), { timeout: 5000, interval: 100 }).toBe('1/1');
      await expect.poll(() => wall.locator('[data-figure="lessonsTaken"]').textContent()).toBe(String(before.lessonsTaken + 1));
      expect(await wall.getByText('功能尚未上线').count()).toBe(0);
      expect(await seriousViolations(wall)).toEqual([]);
      await screenshot(wall, 'course-board');
      expect(pageErrors(wall)).toEqual([]);
    } finally {
      await wall.close();
    }
  });

  it("shows the coach's sign-in screen on a 390 px phone: the day's sessions, the roster as large buttons", async () => {
    const phone = await openPage(browser, { width: 390, height: 844 }, { ...AXE_CONTEXT, isMobile: true, hasTouch: true });
    try {
      await login(phone, server.url, 'admin', 'admin123');
      const coaches = await pageApi<{ coachId: number; coachName: string }[]>(phone, server.url, 'course/coach/query');
      const zhao = coaches.find((c) => c.coachName === '赵教练')!;
      await phone.goto(`${server.url}/course/sign?coachId=${zhao.coachId}`);
      if (tomorrow) await phone.getByText('明天', { exact: true }).click();
      const item = phone.getByRole('button', { name: new RegExp(`${begin}-${end}.*${CLASS}`) });
      await item.waitFor();
      expect(await item.innerText()).toContain('已签到 1/1');
      await screenshot(phone, 'course-coach-sessions-390');
      await item.click();
      const student = phone.getByRole('button', { name: new RegExp(child.studentName) });
      await student.waitFor();
      expect(await student.isDisabled()).toBe(true);
      expect(await student.innerText()).toContain('剩余 9 课时');
      expect((await student.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.getByRole('button', { name: /签到 0 人/ }).waitFor();
      expect(await seriousViolations(phone)).toEqual([]);
      await screenshot(phone, 'course-coach-roster-390');
      expect(pageErrors(phone)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the ledger and the three course reports, each clean for axe', async () => {
    await page.goto(`${server.url}/course/ledger?enrolmentId=${child.enrolmentId}`);
    await row('消课').waitFor();
    await row('购买').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-ledger');
    for (const [path, figure] of [
      ['courseCoachHours', '总课时（小时）'],
      ['courseLessons', '售出课时'],
      ['courseAttendance', '出勤率'],
    ]) {
      await page.goto(`${server.url}/report/${path}`);
      await page.getByTestId(`figure-${figure}`).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `course-report-${path}`);
    }
  });

  it("puts a student on leave before a session and refunds the child's unused lessons at the server's preview", async () => {
    type Preview = { paid: number; refund: number; lessonsLeft: number; lessonsTotal: number; refundable: boolean };
    const list = async () => (await api<{ records: Enrolment[] }>('course/enrolment/query?current=1&size=100&state=A')).records;
    const enrolments = await list();
    const pupil = enrolments.find((e) => e.className === '青少年羽毛球初级二班' && e.familyId !== null)!;
    // The child's enrolment paid above: 9 of its 10 lessons left.
    const kid = enrolments.find((e) => e.enrolmentId === child.enrolmentId)!;
    const preview = await api<Preview>(`course/enrolment/refundPreview?enrolmentId=${kid.enrolmentId}`);
    expect(preview).toMatchObject({ refundable: true, lessonsLeft: 9, lessonsTotal: 10, paid: child.paid });
    expect(preview.refund).toBe(Math.floor(child.paid * 90) / 100);
    await page.goto(`${server.url}/course/enrolment`);
    const line = (e: Enrolment) => page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: String(e.enrolmentId), exact: true }) });

    // 请假: the class's next session, no lesson taken.
    await line(pupil)
      .getByRole('button', { name: /请\s*假/ })
      .click();
    const leave = dialogTitled('请假');
    await leave.getByLabel('请假课节').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await leave.getByLabel('请假原因').fill('发烧');
    await screenshot(page, 'course-leave-dialog');
    await leave.getByRole('button', { name: /确定请假/ }).click();
    await notice(`${pupil.studentName} 已请假，不扣课时`).waitFor();
    expect((await list()).find((e) => e.enrolmentId === pupil.enrolmentId)!.lessonsLeft).toBe(pupil.lessonsLeft);

    // 退课: paid × left ÷ bought, as the server previews it, confirmed, then the enrolment is 已退课.
    await line(kid)
      .getByRole('button', { name: /退\s*课/ })
      .click();
    const refund = dialogTitled(`退课 - ${kid.studentName}`);
    const amount = preview.refund.toFixed(2);
    await refund
      .getByTestId('refund-amount')
      .getByText(`¥${amount}（¥${preview.paid.toFixed(2)} × ${preview.lessonsLeft} ÷ ${preview.lessonsTotal}）`)
      .waitFor();
    expect(await seriousViolations(page, '.ant-modal-wrap')).toEqual([]);
    await screenshot(page, 'course-refund-dialog');
    await refund.getByRole('button', { name: /退\s*课/ }).click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: `确认退款 ${preview.lessonsLeft} 课时 ¥${amount}（原路退回）吗？` });
    await Promise.all([notice(`退课成功，退款 ¥${amount}`).waitFor(), confirm.getByRole('button', { name: /确\s*定/ }).click()]);
    await refund.waitFor({ state: 'hidden' });
    await expect.poll(() => line(kid).innerText()).toContain('已退课');
    const ledger = await api<{ records: { kind: string; lessons: number; balanceAfter: number }[] }>(
      `course/ledger/query?current=1&size=5&enrolmentId=${kid.enrolmentId}`,
    );
    expect(ledger.records[0]).toMatchObject({ kind: 'REFUND', lessons: -preview.lessonsLeft, balanceAfter: 0 });
  });
});
