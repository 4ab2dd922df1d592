import { precompress, preloadRoute, prerenderVisitorPages } from '@pv/web-kit/build';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operations console. In one-machine mode the gateway serves dist/ under `/admin` with an
// SPA fallback; in production it is its own origin (the admin subdomain) whose ingress also
// reaches the gateway, so API calls stay same-origin unless VITE_API_BASE_URL says otherwise.
// In development `vite` proxies the API to a running gateway (npm start).
const gateway = process.env.PV_GATEWAY_URL ?? 'http://localhost:8080';

/** The page `/admin` renders (its sign-in or its tabs): preloaded with the start-up steps. */
const FIRST_ROUTE_MODULE = 'src/pages/admin/admin-page.tsx';

export default defineConfig({
  // The entry starts the console in steps (src/main.tsx), each an `import()`: without the
  // preloads they would download one after the other.
  // Below 900 px an operator without a session gets the sign-in painted from the HTML
  // (visitor/index.html, src/shell/prerender.tsx), as the workspace's visitor pages.
  plugins: [
    react(),
    preloadRoute(FIRST_ROUTE_MODULE),
    prerenderVisitorPages({ entry: '/src/shell/prerender.tsx', media: '(max-width:899.95px)' }),
    precompress(),
  ],
  base: '/admin/',
  server: {
    port: 5174,
    proxy: { '/api': gateway, '/auth/': gateway },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
