import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The one test that replaces a module with vi.mock: it needs a module graph of its own. */
const MOCKING = ['src/modules/auth/auth.service.test.ts'];

/**
 * Server unit tests beside the code and API tests against the real server (test/). The files share one
 * module graph per worker (isolate: false): each used to import the whole app again, about half the
 * suite's time. Every suite builds its own app over its own database, so nothing of one file's server
 * outlives it; the one test that mocks a module runs in a project of its own, isolated.
 */
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two workers at least: with one, the API suites left half of this 2-core machine idle (they wait on
    // PostgreSQL, sockets and timers); two took the stage from 199 s to 121 s with every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'server', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'mocked', include: MOCKING } },
    ],
  },
});
