import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * Web unit tests: `*.test.ts` run in node (add `// @vitest-environment jsdom` for DOM or hooks),
 * `*.test.tsx` run in jsdom.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // antd forms under jsdom take seconds on a busy 2-core CI machine; 5 s failed them for load, not for behaviour.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'dom', include: ['src/**/*.test.tsx'], environment: 'jsdom' } },
    ],
  },
});
