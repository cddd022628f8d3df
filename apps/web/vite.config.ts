import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-plugins/precompress.ts';

const api = process.env.ASB_DEV_API ?? 'http://localhost:8080';
const proxied = [
  '/usermgr',
  '/knowledge',
  '/builder',
  '/backend',
  '/taskmgr',
  '/resmgr',
  '/procimp',
  '/keystore',
  '/resource-catalogue',
  '/cog',
  '/api',
  '/docs',
];

export default defineConfig({
  base: '/asb/',
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, ws: true, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // 'hidden': the maps are written (the bundle checks in build-checks/ read them) but the bundles do not
    // name them, and the server never serves them
    sourcemap: 'hidden',
    // the largest chunk, Swagger UI (1.5 MB, 430 KB gzip), loads only on the API reference page
    chunkSizeWarningLimit: 1600,
    // manifest: the bundle budget test (build-checks/initial-javascript.test.ts) reads the entry's static imports from it
    manifest: true,
  },
});
