import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
