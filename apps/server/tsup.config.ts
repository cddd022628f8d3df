import fs from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig((options) => {
  // `tsup --out-dir X` builds a second copy (parallel e2e runs); the runtime files follow it
  const outDir = options.outDir ?? 'dist';
  return {
    // the document worker is a file of its own: piscina starts it in a worker thread (platform/documents/document-pool.ts)
    // the raster worker too (modules/tiles/raster-pool.ts finds it beside the bundle)
    entry: {
      main: 'src/main.ts',
      'document-worker': 'src/platform/documents/document-worker.ts',
      'raster-worker': 'src/modules/tiles/raster-worker.ts',
    },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    // Only the default dist is cleaned: tsup's clean deletes `**/*` under outDir following
    // symbolic links, so a link to node_modules in another output folder (workspace links
    // lead back into apps/) would delete the sources themselves.
    clean: outDir === 'dist',
    sourcemap: true,
    // the shared contracts are TypeScript sources: bundle them; npm packages stay external
    noExternal: ['@asb/contracts'],
    // ...and the npm packages the contracts import (yaml, a CommonJS build: bundled into ESM its require() calls fail)
    external: ['yaml'],
    env: { ASB_BUILD_TIMESTAMP: new Date().toISOString() },
    // The python runtime helpers are run as files, not bundled: ship them beside main.js
    // (engine/runtime/python-scripts.ts finds them in dist/runtime/).
    onSuccess: async () => {
      fs.mkdirSync(`${outDir}/runtime`, { recursive: true });
      for (const file of fs.readdirSync('src/engine/runtime').filter((name) => name.endsWith('.py'))) {
        fs.copyFileSync(`src/engine/runtime/${file}`, `${outDir}/runtime/${file}`);
      }
      // the demo's example processes (modules/demo/demo-files.ts finds them in dist/demo/{slug}/)
      for (const slug of fs.readdirSync('src/modules/demo/processes')) {
        fs.mkdirSync(`${outDir}/demo/${slug}`, { recursive: true });
        for (const file of fs.readdirSync(`src/modules/demo/processes/${slug}`).filter((name) => name.endsWith('.py'))) {
          fs.copyFileSync(`src/modules/demo/processes/${slug}/${file}`, `${outDir}/demo/${slug}/${file}`);
        }
      }
      // the scripts drawing the demo's catalogue scenes and training its model (demo-files.ts finds them in dist/demo-scenes/)
      fs.mkdirSync(`${outDir}/demo-scenes`, { recursive: true });
      fs.copyFileSync('src/modules/demo/scenes/make_demo_scenes.py', `${outDir}/demo-scenes/make_demo_scenes.py`);
      fs.copyFileSync('src/modules/demo/scenes/train_land_cover.py', `${outDir}/demo-scenes/train_land_cover.py`);
      // the ONNX runtime scripts, each run as a Node process of its own (models/onnx-inference.ts finds them in dist/models-runtime/)
      fs.mkdirSync(`${outDir}/models-runtime`, { recursive: true });
      for (const file of fs.readdirSync('src/modules/models/runtime').filter((name) => name.endsWith('.mjs'))) {
        fs.copyFileSync(`src/modules/models/runtime/${file}`, `${outDir}/models-runtime/${file}`);
      }
      // the demo's runnable application (demo-files.ts finds it in dist/demo-applications/)
      fs.mkdirSync(`${outDir}/demo-applications`, { recursive: true });
      fs.copyFileSync('src/modules/demo/applications/water-bodies-demo.cwl', `${outDir}/demo-applications/water-bodies-demo.cwl`);
    },
  };
});
