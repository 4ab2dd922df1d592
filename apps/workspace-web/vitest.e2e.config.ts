import { fileURLToPath } from 'node:url';
import { e2eConfig } from '@pv/e2e-kit/vitest';

// The browser suite (npm test's e2e step, or `pnpm --filter @pv/workspace-web run test:e2e`): headless
// Chromium against the real stack, which the suite's global setup starts once for the whole run
// (with local fakes of Soniox: e2e/global-setup.ts).
export default e2eConfig({
  app: 'workspace-web',
  globalSetup: fileURLToPath(new URL('./e2e/global-setup.ts', import.meta.url)),
});
