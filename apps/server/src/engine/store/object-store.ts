import fs from 'node:fs/promises';
import path from 'node:path';
import type { SnapshotEntry } from '@asb/contracts';

/**
 * The datastore's content-addressed objects (`objects/{sha[0:2]}/{sha}`): a process version's
 * files, stored once by its build (procimp's snapshot.ts) and put back by the
 * engine for each run.
 */
export function objectPath(objectsDir: string, sha256: string): string {
  return path.join(objectsDir, sha256.slice(0, 2), sha256);
}

/** Materialises a version's files from its manifest (what an executor runs). */
export async function restoreSnapshot(manifest: SnapshotEntry[], objectsDir: string, dest: string): Promise<void> {
  for (const entry of manifest) {
    const target = path.join(dest, entry.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.copyFile(objectPath(objectsDir, entry.sha256), target);
  }
}
