import { scaled } from '@pv/e2e-kit/vitest';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests of the workspace-web SPA (jsdom). The browser suite is separate (test:e2e).
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'workspace-web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    pool: 'threads',
    testTimeout: scaled(20_000),
  },
});
