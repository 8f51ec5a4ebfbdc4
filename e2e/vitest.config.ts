import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    setupFiles: ['./failure-evidence.ts'],
    // expect.poll waits as long as a Playwright action (harness openPage), not vitest's default 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
