import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaled } from '@pv/service-kit/time-scale';

export { scaled };

import type {} from 'vitest';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import type { StaffCredentials } from './stack-env.js';

/** What the global setup hands to every test file through `inject('e2e')`. */
export interface E2eContext {
  baseUrl: string;
  admin: StaffCredentials;
  vaultAdminKey?: string;
  /** The stack's mail catcher (MailDev), for `registerThroughApi` and `mailTo`. */
  mailUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

const globalSetupFile = fileURLToPath(new URL('./global-setup.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The vitest config of an app's browser suite: `e2e/**\/*.e2e.ts`, one file at a time in one
 * fork, one real stack for the whole run (started by the kit's global setup and handed to the
 * tests as `inject('e2e')`), and a JSON report in .data/e2e/<app>-report.json, which `npm test`
 * adds to its totals.
 *
 * @example
 *   // apps/workspace-web/vitest.e2e.config.ts, run with
 *   // `vitest run --config vitest.e2e.config.ts --configLoader runner` (the runner loads this
 *   // TypeScript package; vite's default config bundler would leave it to Node, which cannot)
 *   export default e2eConfig({ app: 'workspace-web' });
 *   // a spec
 *   const { baseUrl, admin } = inject('e2e');
 */
export function e2eConfig(options: {
  app: string;
  /**
   * The app's own global setup module (absolute path), used instead of the kit's: it starts what
   * the whole suite shares (fake providers), then calls `setup`/`teardown` of
   * `@pv/e2e-kit/global-setup` with their settings in `env`.
   */
  globalSetup?: string;
}): ViteUserConfig {
  return defineConfig({
    test: {
      name: `${options.app}-e2e`,
      environment: 'node',
      include: ['e2e/**/*.e2e.ts'],
      globalSetup: [options.globalSetup ?? globalSetupFile],
      fileParallelism: false,
      pool: 'forks',
      maxWorkers: 1,
      // PV_TEST_TIME_SCALE stretches them on a slower machine, as it does every `eventually`.
      testTimeout: scaled(120_000),
      hookTimeout: scaled(300_000),
      reporters: ['default', 'json'],
      outputFile: { json: path.join(repoRoot, '.data', 'e2e', `${options.app}-report.json`) },
    },
  });
}
