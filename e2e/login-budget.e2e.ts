import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BUDGET_KB } from '../apps/web/route-bytes.ts';
import { repoRoot } from '../apps/server/test/process.ts';
import { closeProduct, openProduct, type Product } from './harness';

/** Issue 33: what /login downloads before anyone types, counted as bench/first-screen.bench.ts counts it. */
describe('the login page’s JavaScript', () => {
  let product: Product;
  beforeAll(async () => (product = await openProduct({ width: 1366, height: 800 })));
  afterAll(() => closeProduct(product));

  it(`stays under ${LOGIN_BUDGET_KB} KB gzipped`, async () => {
    const { page, server } = product;
    const scripts = new Set<string>();
    page.on('response', (r) => r.url().endsWith('.js') && scripts.add(new URL(r.url()).pathname));
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByPlaceholder('密码').waitFor();
    const bytes = [...scripts].reduce((sum, path) => sum + gzipSync(readFileSync(join(repoRoot, 'apps/web/dist', path)), { level: 9 }).length, 0);
    console.log(`/login JavaScript: ${(bytes / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
    expect(bytes / 1024).toBeLessThan(LOGIN_BUDGET_KB);
  });

  it('loads the app, its frame and 首页 after it as one file, not dozens queued six at a time', async () => {
    const { page, server } = product;
    const scripts: string[] = [];
    page.on('response', (r) => r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const loginScripts = scripts.length;
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('admin123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('快捷入口').waitFor();
    expect(scripts.slice(loginScripts)).toEqual([expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/)]);
  });
});
