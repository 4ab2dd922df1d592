import { defineConfig } from 'vitest/config';
import { scaled } from './packages/service-kit/src/testing/time-scale.js';

// One vitest run for the whole repository, as projects:
// - backend: test files talk to real Postgres, Redis and NATS, each with its own databases and
//   subjects, so files may run in parallel; the machine has 2 cores.
// - each SPA's component tests (jsdom), configured in apps/<app>/vitest.config.ts.
// End-to-end browser suites are not here: each app runs them with its own `test:e2e` script.
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'backend',
          include: [
            'packages/*/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'tools/*/test/**/*.test.ts',
            'tests/*/test/**/*.test.ts',
          ],
          pool: 'forks',
          // On a slower machine PV_TEST_TIME_SCALE stretches these and every `eventually`.
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
