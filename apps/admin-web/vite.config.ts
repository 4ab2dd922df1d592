import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative path: vite's config loader bundles it (a workspace package would be loaded by Node as .ts).
import { SCHEMA_BUILDER_CALLS } from '../../packages/contracts/src/bundling';

// The operations console. In one-machine mode the gateway serves dist/ under `/admin` with an
// SPA fallback; in production it is its own origin (the admin subdomain) whose ingress also
// reaches the gateway, so API calls stay same-origin unless VITE_API_BASE_URL says otherwise.
// In development `vite` proxies the API to a running gateway (npm start).
const gateway = process.env.PV_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  server: {
    port: 5174,
    proxy: { '/api': gateway, '/auth/': gateway },
  },
  build: {
    // Only the contracts' constants and messages reach the bundle, not their schemas.
    rolldownOptions: { treeshake: { manualPureFunctions: [...SCHEMA_BUILDER_CALLS] } },
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
