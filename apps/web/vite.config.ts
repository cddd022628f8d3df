import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ASB_DEV_API ?? 'http://localhost:8080';
const proxied = ['/usermgr', '/knowledge', '/builder', '/backend', '/taskmgr', '/resmgr', '/procimp', '/keystore', '/resource-catalogue', '/cog', '/api'];

export default defineConfig({
  base: '/asb/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, ws: true, changeOrigin: false }])),
  },
  // manifest: the bundle budget test (build-checks/bundle-budget.test.ts) reads the entry's static imports from it
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500, manifest: true },
});
