import { e2eConfig } from '@pv/e2e-kit/vitest';

// The browser suite (npm test's e2e step, or `pnpm --filter @pv/admin-web run test:e2e`): headless
// Chromium against the real stack, which the kit's global setup starts once for the whole run.
export default e2eConfig({ app: 'admin-web' });
