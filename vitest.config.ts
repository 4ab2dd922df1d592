import { defineConfig } from 'vitest/config';

// One vitest run for the whole backend. Test files talk to real Postgres, Redis and NATS, each
// with its own databases and subjects, so files may run in parallel; the machine has 2 cores.
export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'tools/*/test/**/*.test.ts',
      'tests/*/test/**/*.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
