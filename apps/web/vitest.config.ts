import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const SRC = fileURLToPath(new URL('./src', import.meta.url));
const alias = { '@': SRC };

/**
 * Tests that replace a module with vi.mock: each needs a module graph of its own. Found by reading the
 * files, so a new mocking test cannot slip into a shared graph (where its mock is hoisted too late).
 */
const MOCKING = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(join(SRC, f), 'utf8').includes('vi.mock('))
  .map((f) => join('src', f).split(sep).join('/'));

/**
 * Web unit tests: `*.test.ts` run in node (add `// @vitest-environment jsdom` for DOM or hooks),
 * `*.test.tsx` run in jsdom. Files share one module graph per worker (isolate: false: importing antd
 * again for every file was most of the suite's time); those that mock a module run isolated.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // antd forms under jsdom take seconds on a busy 2-core CI machine; 5 s failed them for load, not for behaviour.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: MOCKING, environment: 'node', isolate: false } },
      { extends: true, test: { name: 'dom', include: ['src/**/*.test.tsx'], exclude: MOCKING, environment: 'jsdom', isolate: false } },
      { extends: true, test: { name: 'mocked', include: MOCKING.filter((f) => f.endsWith('.ts')), environment: 'node' } },
      { extends: true, test: { name: 'mocked-dom', include: MOCKING.filter((f) => f.endsWith('.tsx')), environment: 'jsdom' } },
    ],
  },
});
