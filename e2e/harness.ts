import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { repoRoot as root, spawnProduct } from '../apps/server/test/process.ts';

export const shotsDir = join(root, 'test-results', 'e2e');

/** Debian's Chromium, or CHROMIUM_PATH. A missing browser fails the suite; it never skips. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install it (apt-get install -y chromium fonts-noto-cjk) or set CHROMIUM_PATH`);
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Open pages and what their consoles said, for the evidence a failed test leaves (failure-evidence.ts). */
export const openPages = new Map<Page, string[]>();
const uncaught = new WeakMap<Page, string[]>();

/** The uncaught errors the page has thrown since it opened (a product defect whatever the screen shows). */
export const pageErrors = (page: Page): string[] => uncaught.get(page) ?? [];

/** A page that fails fast: 10 s per action instead of Playwright's 30 s. */
export async function openPage(
  browser: Browser,
  viewport: BrowserContextOptions['viewport'] = { width: 1366, height: 860 },
  options: BrowserContextOptions = {},
): Promise<Page> {
  // A context of its own (as browser.newPage makes), opened explicitly: axe-core's AxeBuilder asks for one.
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  page.setDefaultTimeout(10_000);
  const log: string[] = [];
  const remember = (line: string) => {
    log.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (log.length > 200) log.shift();
  };
  page.on('console', (m) => remember(`console.${m.type()}: ${m.text()}`));
  uncaught.set(page, []);
  page.on('pageerror', (e) => {
    uncaught.get(page)?.push(e.message);
    remember(`pageerror: ${e.message}`);
  });
  page.on('requestfailed', (r) => remember(`requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => r.url().includes('/api/') && remember(`${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('close', () => openPages.delete(page));
  openPages.set(page, log);
  return page;
}

export interface RunningServer {
  url: string;
  /** Where its SQLite file lives (venue.db). */
  dataDir: string;
  /** What it has printed so far (its console). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The product as a user gets it: the built web app and the API on one port, demo data (or, with
 * `demoSeed: false`, the empty install: one admin whose password it prints once), fresh SQLite.
 * A product that does not start throws with its output, failing the suite.
 */
export async function startServer({ demoSeed = true }: { demoSeed?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-e2e-'));
  try {
    const product = await spawnProduct({ DATA_DIR: dataDir, DATABASE_URL: undefined, DEMO_SEED: demoSeed ? '1' : '0' });
    return {
      url: product.url,
      dataDir,
      output: product.output,
      async stop() {
        await product.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface Product {
  server: RunningServer;
  browser: Browser;
  page: Page;
}

/** The product and a browser started together, and a page of `viewport` in it. */
export async function openProduct(viewport: BrowserContextOptions['viewport']): Promise<Product> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  return { server, browser, page: await openPage(browser, viewport) };
}

export async function closeProduct({ server, browser }: Partial<Product>): Promise<void> {
  await browser?.close();
  await server?.stop();
}

export async function login(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${url}/dashboard`);
}

/** Logs out by the user menu, confirming 确定注销并退出系统吗？ */
export async function logOut(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/dashboard`);
  // The home page keeps laying out (today's figures, quick entries) after it loads: a click into the
  // moving user menu or the confirmation's opening can miss, so each step is tried again, at most three times.
  const confirm = page.locator('.ant-modal-confirm', { hasText: '确定注销并退出系统吗？' });
  for (let attempt = 1; !page.url().includes('/login'); attempt += 1) {
    if (attempt > 3) throw new Error('logOut: still not on /login after three tries');
    if (!(await confirm.isVisible())) {
      await page.getByLabel('用户菜单').click();
      await page.locator('.ant-dropdown:visible').getByText('退出登录').click();
      await confirm.waitFor();
    }
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login/, { timeout: 5000 }).catch(() => undefined);
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * A barcode gun or card reader: the code's keys reach the page back to back, then Enter. Playwright's
 * keyboard.type waits for each key's round trip, which on a loaded CI machine can exceed the 50 ms that
 * tells a scan from typing; sending every key before waiting keeps them as close as a real scanner's.
 */
export async function scan(page: Page, code: string): Promise<void> {
  await Promise.all([...code, 'Enter'].map((key) => page.keyboard.press(key)));
}

/**
 * Chooses `option` in the antd Select whose input is `field`, and checks that the Select shows it: on a
 * loaded machine a click can land while the dropdown is still opening, so it tries again (three times).
 */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  const shown = () => field.evaluate((el, text) => !!el.closest('.ant-select')?.textContent?.includes(text), option);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await field.click();
    const picked = await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    // The list closed before the click (a re-render under load): try again. Escape only closes a list
    // still open; pressed without one it would close the dialog around the select.
    if (!picked) {
      if (await page.locator('.ant-select-dropdown:visible').count()) await page.keyboard.press('Escape');
      continue;
    }
    for (let waited = 0; waited < 2000; waited += 100) {
      if (await shown()) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`the select did not take 「${option}」`);
}

/** The server's view, through the API with the page's own token: the answer's data, failing the test unless code 200. */
export async function pageApi<T>(page: Page, url: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  const answer = await (await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** A goods item's stock over every warehouse, as 库存查询 answers it. */
export async function stockOfGoods(page: Page, url: string, goodsName: string): Promise<number> {
  const path = `goods/goodsArchive/queryStock?goodsName=${encodeURIComponent(goodsName)}&size=50`;
  const { records } = await pageApi<{ records: { goodsName: string; quantity: number }[] }>(page, url, path);
  return records.filter((r) => r.goodsName === goodsName).reduce((sum, r) => sum + r.quantity, 0);
}
