import path from 'node:path';
import { shippedFile } from '../../platform/shipped-file.js';

/**
 * The folder of a demo process's files (its process_wrapper.py). They live beside this
 * module in src/modules/demo/processes/{slug} (tests, tsx); the built server finds them in
 * dist/demo/{slug}, where tsup's onSuccess copies them (the bundle is one main.js in dist/),
 * or falls back to the sources next to dist/.
 */
export function demoProcessDir(slug: string): string {
  const folders = ['processes', 'demo', '../src/modules/demo/processes'].map((folder) => path.join(folder, slug));
  return path.dirname(shippedFile(import.meta.url, folders, 'process_wrapper.py'));
}

/**
 * A script of the demo's catalogue (scenes/): make_demo_scenes.py draws the scenes,
 * train_land_cover.py trains the demo model on them. Beside this module in src/, in
 * dist/demo-scenes/ for the built server (tsup's onSuccess copies them).
 */
export function demoSceneScript(name: 'make_demo_scenes.py' | 'train_land_cover.py'): string {
  return shippedFile(import.meta.url, ['scenes', 'demo-scenes', '../src/modules/demo/scenes'], name);
}

/** Files a demo folder may hold that are not part of the process (Python's byte-code caches). */
export function isDemoFile(name: string): boolean {
  return name !== '__pycache__' && !name.endsWith('.pyc');
}

/**
 * The demo's runnable application (applications/water-bodies-demo.cwl): beside this module in
 * src/, in dist/demo-applications/ for the built server (tsup's onSuccess copies it).
 */
export function demoApplicationFile(): string {
  return shippedFile(import.meta.url, ['applications', 'demo-applications', '../src/modules/demo/applications'], 'water-bodies-demo.cwl');
}
