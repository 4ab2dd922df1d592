import {
  firstPaintBudget,
  precompress,
  preloadRoute,
  prerenderVisitorPages,
} from '@pv/web-kit/build';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The clinician SPA. In one-machine mode the gateway serves dist/ at `/`; in development
// `vite` proxies the API to a running gateway (npm start) so cookies stay first-party.
const gateway = process.env.PV_GATEWAY_URL ?? 'http://localhost:8080';

/** The page `/` renders: its chunk is preloaded and counted in the first-paint budget. */
export const FIRST_ROUTE_MODULE = 'src/pages/workspace/workspace-page.tsx';
/**
 * The most JavaScript (gzip -9 bytes) `/` may load before the SPA draws its page (issue 25 item
 * 2): the build fails past it. Measured 289.1 KB (docs/performance.md; 286.4 KB before the
 * start-up in steps, whose seven more chunks cost their wrappers); the budget leaves under 3 KB
 * of room so a new dependency on the first paint is noticed. Raise it only with a reason in
 * docs/decisions.md.
 */
export const FIRST_PAINT_BUDGET_GZIP = 292 * 1024;

/** Phones and portrait tablets (below MUI's `md`): the visitor pages are drawn for them. */
const SHELL_MEDIA = '(max-width:899.95px)';

export default defineConfig({
  plugins: [
    react(),
    firstPaintBudget({ routeModule: FIRST_ROUTE_MODULE, maxGzipBytes: FIRST_PAINT_BUDGET_GZIP }),
    preloadRoute(FIRST_ROUTE_MODULE),
    prerenderVisitorPages({ entry: '/src/shell/prerender.tsx', media: SHELL_MEDIA }),
    precompress(),
  ],
  base: '/',
  server: {
    port: 5173,
    proxy: { '/api': gateway, '/auth/': gateway },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
