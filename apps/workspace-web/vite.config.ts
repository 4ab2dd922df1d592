import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// A relative path: vite's config loader bundles it (a workspace package would be loaded by Node as .ts).
import { SCHEMA_BUILDER_CALLS } from '../../packages/contracts/src/bundling';

// The clinician SPA. In one-machine mode the gateway serves dist/ at `/`; in development
// `vite` proxies the API to a running gateway (npm start) so cookies stay first-party.
const gateway = process.env.PV_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: {
    port: 5173,
    proxy: { '/api': gateway, '/auth/': gateway },
  },
  build: {
    // Only the contracts' constants and messages reach the bundle, not their schemas.
    rolldownOptions: { treeshake: { manualPureFunctions: [...SCHEMA_BUILDER_CALLS] } },
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
