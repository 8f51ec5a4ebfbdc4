import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
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

/**
 * A page that fails fast (10 s per action instead of Playwright's 30 s), with the system's reduced-motion
 * setting on: the product then turns antd's zooms and slides off (issue 32), so a click never lands on a
 * dialog still growing under the pointer. A test that looks at motion itself passes `reducedMotion`.
 */
export async function openPage(
  browser: Browser,
  viewport: BrowserContextOptions['viewport'] = { width: 1366, height: 860 },
  options: BrowserContextOptions = {},
): Promise<Page> {
  // A context of its own (as browser.newPage makes), opened explicitly: axe-core's AxeBuilder asks for one.
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...options });
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
  /** Runs the server's clock `ms` ahead of the real one (a server started with `movableClock` only). */
  moveClock(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The product as a user gets it: the built web app and the API on one port, demo data (or, with
 * `demoSeed: false`, the empty install: one admin whose password it prints once), fresh SQLite (or the
 * PostgreSQL database at `databaseUrl`).
 * A product that does not start throws with its output, failing the suite.
 */
export async function startServer({
  demoSeed = true,
  movableClock = false,
  databaseUrl,
}: { demoSeed?: boolean; movableClock?: boolean; databaseUrl?: string } = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-e2e-'));
  const clockFile = join(dataDir, 'clock-ahead-ms');
  try {
    const product = await spawnProduct(
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO_SEED: demoSeed ? '1' : '0', E2E_CLOCK_FILE: movableClock ? clockFile : undefined },
      movableClock ? { entry: 'e2e/fixtures/movable-clock-server.ts' } : {},
    );
    return {
      url: product.url,
      dataDir,
      output: product.output,
      async moveClock(ms) {
        if (!movableClock) throw new Error('moveClock: start the server with { movableClock: true }');
        writeFileSync(clockFile, String(ms));
        product.signal('SIGUSR2');
        await expect.poll(() => product.output().includes(`clock moved ${ms}`)).toBe(true);
      },
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
export async function openProduct(viewport: BrowserContextOptions['viewport'], serverOptions: Parameters<typeof startServer>[0] = {}): Promise<Product> {
  const [server, browser] = await Promise.all([startServer(serverOptions), launchBrowser()]);
  return { server, browser, page: await openPage(browser, viewport) };
}

/** Opens 商品销售 from the navbar's 收银台 popover and waits for its dialog. */
export async function openSaleDialog(page: Page): Promise<Locator> {
  const sale = page.getByRole('button', { name: /商品销售/ });
  if (!(await sale.isVisible())) await page.getByRole('button', { name: '收银台' }).click();
  await sale.click();
  const dialog = page.locator('.ant-modal-wrap:visible', { hasText: '商品销售' });
  await dialog.waitFor();
  return dialog;
}

/** Clicks 确定 in an antd confirmation (Modal.confirm or Popconfirm). */
export async function confirmIn(confirm: Locator): Promise<void> {
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
}

export async function closeProduct({ server, browser }: Partial<Product>): Promise<void> {
  await browser?.close();
  await server?.stop();
}

/**
 * `page.goto`, made again once when the page's own navigation interrupted it: a page just logged in or out
 * may still be on its way to /dashboard or /login?redirect=… (Chromium says interrupted, or net::ERR_ABORTED; both seen in CI).
 */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  await page.goto(url).catch(async (error: Error) => {
    if (!/interrupted by another navigation|net::ERR_ABORTED/.test(error.message)) throw error;
    await page.waitForLoadState();
    await page.goto(url);
  });
}

export async function login(page: Page, url: string, username: string, password: string): Promise<void> {
  await gotoSettled(page, `${url}/login`);
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(`${url}/dashboard`);
}

/** Logs out by the user menu, confirming 确定注销并退出系统吗？ */
export async function logOut(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/dashboard`);
  await page.getByLabel('用户菜单').click();
  await page.locator('.ant-dropdown:visible').getByText('退出登录').click();
  await confirmIn(page.locator('.ant-modal-confirm', { hasText: '确定注销并退出系统吗？' }));
  await page.waitForURL(/\/login/);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

/** A barcode gun or card reader: the code's keys 10 ms apart by their own timestamps, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await typeStamped(page, code, 10);
}

/**
 * Types `text` and Enter as a person does, keys `gapMs` apart by their own timestamps: Playwright's
 * delay spaces the keys when they leave the test, and a stalled browser took several at once (once in
 * CI, 8 keys typed 120 ms apart read as a scan).
 */
export async function typeSlowly(page: Page, text: string, gapMs = 120): Promise<void> {
  await typeStamped(page, text, gapMs);
}

/**
 * Keys through CDP with the device's own timestamps, `gapMs` apart, then Enter: a real reader's or
 * keyboard's keys carry the time the OS took them, so a stalled browser does not bunch or spread them.
 */
async function typeStamped(page: Page, text: string, gapMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...text].map((ch) => ({ key: ch, text: ch, code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}` }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter' });
  // Sent all at once (CDP keeps their order): awaited one by one, a loaded machine's round trips between
  // keys outlasted the page's 50 ms settle timer, which then ended a scan early.
  try {
    await Promise.all(
      keys.flatMap((k, i) => {
        const common = { key: k.key, code: k.code, timestamp: start + (i * gapMs) / 1000, ...(k.key === 'Enter' && { windowsVirtualKeyCode: 13 }) };
        return [
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.text, unmodifiedText: k.text, ...common }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: common.timestamp + 0.002 }),
        ];
      }),
    );
  } finally {
    await cdp.detach();
  }
  // Returns once the last key's time has come, as typing ends: a key sent next must not predate these.
  const typedUntil = start * 1000 + keys.length * gapMs - Date.now();
  if (typedUntil > 0) await new Promise((done) => setTimeout(done, typedUntil));
}

/**
 * Holds the answers to `pattern` back `delayMs` (a busy server) until the returned function is called;
 * an answer still held then comes when its time is up. One the page no longer waits for (it aborted the
 * request) is let go quietly: Playwright otherwise reports it as an error outside any test (CI met it).
 */
export async function delayAnswers(page: Page, pattern: string, delayMs: number): Promise<() => Promise<void>> {
  await page.route(pattern, async (route) => {
    await new Promise((done) => setTimeout(done, delayMs));
    await route.continue().catch(() => undefined);
  });
  return () => page.unroute(pattern);
}

/** Chooses `option` in the antd Select whose input is `field`, and checks that the Select shows it. */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => field.evaluate((el, text) => !!el.closest('.ant-select')?.textContent?.includes(text), option)).toBe(true);
}

/** The server's view, through the API with the page's own token: the answer's data, failing the test unless code 200. */
export async function pageApi<T>(page: Page, url: string, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  const answer = await (await fetch(`${url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** A cash sale of one unit of the first goods in stock at venue 1, paid through `url`'s API from a tab of its own: the answer's code. */
export async function sellInTab(browser: Browser, url: string, token: string | null): Promise<number> {
  const till = await openPage(browser, { width: 1366, height: 768 });
  try {
    await till.goto(`${url}/notice`);
    return await till.evaluate(async (token) => {
      const call = async (method: string, path: string, body?: unknown) =>
        (
          await fetch(`/api/${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const stock = await call('GET', 'goods/goodsArchive/queryStock?warehouseId=1&size=50');
      const goods = stock.data.records.find((r: { quantity: number }) => r.quantity > 0);
      const order = await call('POST', 'goods/goodsSaleOrder/createOrder', {
        details: [{ goodsId: goods.goodsId, quantity: 1 }],
        warehouseId: 1,
        venueId: 1,
      });
      const paid = await call('POST', 'goods/goodsSaleOrder/payOrder', { orderId: order.data.orderId, payMode: 'cashpay', money: order.data.pricePay });
      return paid.code as number;
    }, token);
  } finally {
    await till.close();
  }
}

/** A goods item's stock over every warehouse, as 库存查询 answers it. */
export async function stockOfGoods(page: Page, url: string, goodsName: string): Promise<number> {
  const path = `goods/goodsArchive/queryStock?goodsName=${encodeURIComponent(goodsName)}&size=50`;
  const { records } = await pageApi<{ records: { goodsName: string; quantity: number }[] }>(page, url, path);
  return records.filter((r) => r.goodsName === goodsName).reduce((sum, r) => sum + r.quantity, 0);
}

/** A PostgreSQL database of its own beside `baseUrl`'s (DATABASE_URL), dropped with `drop()`. */
export async function throwAwayDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = createRequire(join(root, 'apps/server/package.json'))('pg') as typeof import('pg');
  const name = `venue_e2e_${Date.now()}_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
