// Lighthouse 12 (mobile default and desktop, medians of 3) and axe-core on the key screens, against the
// built product on a fresh demo database. Figures, not pass/fail; the goals are printed beside them.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { AXE_CONTEXT, seriousViolations } from '../e2e/axe.ts';
import { chromiumPath, launchBrowser, login, openPage, startServer } from '../e2e/harness.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const ALL_PAGES = [
  { name: '登录 /login', path: '/login', auth: false },
  { name: '首页 /dashboard', path: '/dashboard', auth: true },
  { name: '商品档案 /goods/archive', path: '/goods/archive', auth: true },
  { name: '会员卡管理 /member/card', path: '/member/card', auth: true },
];
/** ONLY=商品档案 measures the pages whose name contains it (a quick look); all by default. */
const PAGES = ALL_PAGES.filter((p) => !process.env.ONLY || p.name.includes(process.env.ONLY));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
try {
  // ---- Lighthouse: one Chromium, logged in through its own profile so the token survives each run.
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const rows: string[] = [];
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = cdp.contexts()[0].pages()[0] ?? (await cdp.contexts()[0].newPage());
    for (const target of PAGES) {
      if (target.auth) {
        const token = await page.evaluate(() => localStorage.getItem('Admin-Token')).catch(() => null);
        if (!token) await login(page, server.url, 'admin', 'admin123');
      }
      for (const [mode, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        const perf: number[] = [];
        const a11y: number[] = [];
        const lcp: number[] = [];
        const tbt: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const result = await lighthouse(
            `${server.url}${target.path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: target.auth },
            config,
          );
          const lhr = result!.lhr;
          perf.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
          a11y.push(Math.round((lhr.categories.accessibility.score ?? 0) * 100));
          lcp.push(lhr.audits['largest-contentful-paint'].numericValue ?? 0);
          tbt.push(lhr.audits['total-blocking-time'].numericValue ?? 0);
          if (process.env.DETAILS && i === RUNS - 1) printBlocking(`${target.name} ${mode}`, lhr);
        }
        const goal = mode === 'desktop' ? 90 : 70;
        rows.push(
          [
            target.name.padEnd(26),
            mode.padEnd(8),
            `performance ${median(perf)} (${perf.join('/')})`.padEnd(28),
            `accessibility ${median(a11y)}`.padEnd(18),
            `LCP ${(median(lcp) / 1000).toFixed(1)} s`.padEnd(12),
            `TBT ${median(tbt).toFixed(0)} ms`.padEnd(12),
            median(perf) >= goal && median(a11y) === 100 ? 'goal met' : `goal: ${goal}+ / 100`,
          ].join(' '),
        );
      }
    }
    await cdp.close();
  } finally {
    chrome.kill();
  }
  console.log(`\nLighthouse 12, medians of ${RUNS} (mobile: default throttling; desktop: desktop config):`);
  for (const row of rows) console.log(row);

  // ---- axe-core: the four screens and the two till dialogs.
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser, { width: 1366, height: 860 }, AXE_CONTEXT);
    const report: [string, string[]][] = [];
    await page.goto(`${server.url}/login`);
    await page.getByPlaceholder('用户名').waitFor();
    report.push(['登录', await seriousViolations(page)]);
    await login(page, server.url, 'admin', 'admin123');
    await page.getByText('快捷入口').waitFor();
    report.push(['首页', await seriousViolations(page)]);
    await page.goto(`${server.url}/goods/archive`);
    await page.locator('.ant-table-row').first().waitFor();
    report.push(['商品档案', await seriousViolations(page)]);
    await page.goto(`${server.url}/member/card`);
    await page.locator('.ant-table-row').first().waitFor();
    report.push(['会员卡管理', await seriousViolations(page)]);
    await page.keyboard.press('F2');
    const sale = page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
    await sale.getByTestId('goods-tile').first().waitFor();
    await sale.getByTestId('goods-tile').filter({ hasText: '红牛' }).first().click();
    report.push(['商品销售', await seriousViolations(page, '.ant-modal-wrap')]);
    await page.keyboard.press('F8');
    await page.locator('.ant-modal-wrap:visible', { hasText: '应收' }).waitFor();
    report.push(['收款', await seriousViolations(page, '.ant-modal-wrap')]);
    console.log('\naxe-core (WCAG 2.1 A/AA and best practices), critical and serious violations:');
    for (const [screen, found] of report) console.log(`${screen.padEnd(8)} ${found.length}${found.length ? `  ${found.slice(0, 3).join('; ')}` : ''}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

/** DETAILS=1: where the main thread went (by kind of work, and the scripts that took most), to find the blocking time. */
function printBlocking(title: string, lhr: { audits: Record<string, { details?: unknown }> }) {
  type Items = { items?: Record<string, unknown>[] };
  const work = ((lhr.audits['mainthread-work-breakdown']?.details as Items | undefined)?.items ?? []).map(
    (i) => `${String(i.groupLabel)} ${Number(i.duration).toFixed(0)} ms`,
  );
  const scripts = ((lhr.audits['bootup-time']?.details as Items | undefined)?.items ?? [])
    .slice(0, 6)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Number(i.scripting).toFixed(0)} ms`);
  const tasks = ((lhr.audits['long-tasks']?.details as Items | undefined)?.items ?? [])
    .slice(0, 8)
    .map((i) => `${Number(i.duration).toFixed(0)} ms at ${Number(i.startTime).toFixed(0)}`);
  console.log(`\n${title}: main thread ${work.join(', ')}\n  scripts: ${scripts.join(', ')}\n  long tasks: ${tasks.join(', ')}`);
}
