import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of a demo process's files (its process_wrapper.py). They live beside this
 * module in src/modules/demo/processes/{slug} (tests, tsx); the built server finds them in
 * dist/demo/{slug}, where tsup's onSuccess copies them (the bundle is one main.js in dist/),
 * or falls back to the sources next to dist/.
 */
export function demoProcessDir(slug: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'processes', slug), path.join(here, 'demo', slug), path.join(here, '../src/modules/demo/processes', slug)];
  for (const candidate of candidates) {
    if (fs.existsSync(path.join(candidate, 'process_wrapper.py'))) return candidate;
  }
  throw new Error(`demo process ${slug} not found near ${here}`);
}

/**
 * A script of the demo's catalogue (scenes/): make_demo_scenes.py draws the scenes,
 * train_land_cover.py trains the demo model on them. Beside this module in src/, in
 * dist/demo-scenes/ for the built server (tsup's onSuccess copies them).
 */
export function demoSceneScript(name: 'make_demo_scenes.py' | 'train_land_cover.py'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'scenes', name), path.join(here, 'demo-scenes', name), path.join(here, '../src/modules/demo/scenes', name)];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${name} not found near ${here}`);
  return found;
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
  const here = path.dirname(fileURLToPath(import.meta.url));
  const name = 'water-bodies-demo.cwl';
  const candidates = [
    path.join(here, 'applications', name),
    path.join(here, 'demo-applications', name),
    path.join(here, '../src/modules/demo/applications', name),
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${name} not found near ${here}`);
  return found;
}
