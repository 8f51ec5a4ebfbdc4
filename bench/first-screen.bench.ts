// The first screen after login in headless Chromium, and the JavaScript the login route loads.
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser, startServer } from '../e2e/harness.ts';

const RUNS = 10;
const root = resolve(import.meta.dirname, '..');
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

const server = await startServer();
const browser = await launchBrowser();
try {
  // The login route's JavaScript, gzipped as a server would send it.
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (r) => r.url().endsWith('.js') && scripts.add(new URL(r.url()).pathname));
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  const loginJs = [...scripts].reduce((sum, path) => sum + gzipSync(readFileSync(join(root, 'apps/web/dist', path)), { level: 9 }).length, 0);
  const allJs = readdirSync(join(root, 'apps/web/dist/assets'))
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(root, 'apps/web/dist/assets', f)), { level: 9 }).length, 0);
  await context.close();

  const loginToHome: number[] = [];
  const reloadHome: number[] = [];
  const firstSale: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${server.url}/login`);
    await p.getByPlaceholder('用户名').fill('admin');
    await p.getByPlaceholder('密码').fill('admin123');
    let t = performance.now();
    await p.getByRole('button', { name: /登\s*录/ }).click();
    await p.getByText('快捷入口').waitFor();
    loginToHome.push(performance.now() - t);
    // The first 商品销售 after login, once the home page has been up a moment (the till loads then).
    await p.waitForTimeout(3000);
    t = performance.now();
    await p.getByRole('button', { name: '收银台' }).click();
    await p.getByRole('button', { name: /商品销售/ }).click();
    await p.getByRole('group', { name: '商品' }).getByRole('button').first().waitFor();
    firstSale.push(performance.now() - t);
    console.log(`run ${i + 1}: login ${loginToHome.at(-1)!.toFixed(0)} ms, first sale ${firstSale.at(-1)!.toFixed(0)} ms`);
    t = performance.now();
    await p.reload();
    await p.getByText('快捷入口').waitFor();
    reloadHome.push(performance.now() - t);
    await ctx.close();
  }
  const row = (name: string, v: number[]) =>
    console.log(
      name.padEnd(40),
      `p50 ${percentile(v, 50).toFixed(0)} ms`.padEnd(14),
      `p90 ${percentile(v, 90).toFixed(0)} ms`.padEnd(14),
      `max ${Math.max(...v).toFixed(0)} ms`,
    );
  console.log(`\nFirst screen, ${RUNS} runs each (cold browser context, localhost):`);
  row('click 登录 -> 首页 rendered', loginToHome);
  row('reload /dashboard with a token', reloadHome);
  row('first 商品销售: click 收银台 -> goods shown', firstSale);
  const under = (v: number[]) => (percentile(v, 50) < 500 ? 'yes' : 'NO');
  console.log(`p50 under 500 ms: login ${under(loginToHome)}, reload ${under(reloadHome)}, first sale ${under(firstSale)}`);
  console.log(
    `\nLogin route JavaScript: ${(loginJs / 1024).toFixed(0)} KB gzipped (${scripts.size} files) — under 150 KB: ${loginJs < 150 * 1024 ? 'yes' : 'NO'}`,
  );
  console.log(`All JavaScript of the build: ${(allJs / 1024).toFixed(0)} KB gzipped`);
} finally {
  await browser.close();
  await server.stop();
}
