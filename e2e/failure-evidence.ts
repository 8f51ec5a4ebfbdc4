import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openPages, shotsDir } from './harness';

/**
 * A failed browser test leaves its evidence: a screenshot of every open page in test-results/e2e/failed-*.png,
 * and the page's URL, API answers and console lines on stderr, so a failure seen only in CI can be read afterwards.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  mkdirSync(shotsDir, { recursive: true });
  const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let index = 0;
  for (const [page, log] of openPages) {
    index += 1;
    const path = join(shotsDir, `failed-${name}-${index}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`\n--- evidence of "${task.name}", page ${index}: ${page.url()} (screenshot ${path})\n${log.slice(-40).join('\n')}\n---`);
  }
});
