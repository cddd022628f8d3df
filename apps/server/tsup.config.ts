import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // the shared contracts are TypeScript sources: bundle them; npm packages stay external
  noExternal: ['@asb/contracts'],
  env: { ASB_BUILD_TIMESTAMP: new Date().toISOString() },
});
