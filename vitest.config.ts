import { configDefaults, defineConfig } from 'vitest/config';
import { scaled } from './packages/service-kit/src/testing/time-scale.js';

const BACKEND_TESTS = [
  'packages/*/test/**/*.test.ts',
  'services/*/test/**/*.test.ts',
  'tools/*/test/**/*.test.ts',
  'tests/*/test/**/*.test.ts',
];

// Test files that need a process of their own: each turns tracing on for its process
// (service-kit's startTracing decides once per process and registers OpenTelemetry's global
// provider), which a file run before it in a shared process would already have decided.
const OWN_PROCESS_TESTS = [
  'packages/service-kit/test/tracing-on.test.ts',
  'tests/system/test/tracing.test.ts',
];

const backendTimeouts = {
  // On a slower machine PV_TEST_TIME_SCALE stretches these and every `eventually`.
  testTimeout: scaled(30_000),
  hookTimeout: scaled(60_000),
};

// One vitest run for the whole repository, as projects:
// - backend: test files talk to real Postgres, Redis and NATS, each with its own databases and
//   subjects, so files may run in parallel; the machine has 2 cores. The files of a worker share
//   its module cache (isolate: false): importing a service's code afresh for every file was
//   ~60% of the run (476 of ~790 s; 18 s shared). A file that changes process-wide state
//   restores it in its afterAll (process.env, TMPDIR) or is listed in OWN_PROCESS_TESTS.
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
          include: BACKEND_TESTS,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS_TESTS],
          pool: 'forks',
          isolate: false,
          ...backendTimeouts,
        },
      },
      {
        test: {
          name: 'backend-own-process',
          include: OWN_PROCESS_TESTS,
          pool: 'forks',
          isolate: true,
          ...backendTimeouts,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
