import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { openTreeForTasks } from '../../platform/data-dir.js';
import type { SnapshotEntry } from '@asb/contracts';
import { restoreSnapshot } from '../store/object-store.js';
import type { DatastorePaths } from '../store/datastore-paths.js';

/** The name of a version's runtime folder: the sha256 of its manifest's JSON. */
export function manifestHash(manifest: SnapshotEntry[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
}

/** Manifests come from our own builds; still, a path that could leave the folder is refused. */
function checkManifest(manifest: SnapshotEntry[]): void {
  for (const entry of manifest) {
    const parts = entry.path.split(/[\\/]/);
    if (path.isAbsolute(entry.path) || parts.includes('..') || entry.path.includes('\0')) {
      throw new Error(`Refused manifest entry '${entry.path}'.`);
    }
  }
}

const isDirectory = (dir: string) =>
  fs.stat(dir).then(
    (stat) => stat.isDirectory(),
    () => false,
  );

/**
 * Restores released versions into runtime/{manifest hash}/, once per version. A folder
 * only ever appears there by an atomic rename of a complete restore, so an existing one
 * is reused as is. Concurrent first runs in this process share one restore; across
 * processes (replicas on a shared data dir) each restores into its own temporary folder
 * and the loser of the rename drops its copy.
 */
export class RuntimeCache {
  private readonly pending = new Map<string, Promise<string>>();
  /** hashes restored (or found) by this process: their folders are complete and stay */
  private readonly ready = new Set<string>();

  constructor(private readonly paths: DatastorePaths) {}

  /** The version's folder when this process already has it ready, without touching the disk. */
  restored(manifest: SnapshotEntry[]): string | undefined {
    const hash = manifestHash(manifest);
    return this.ready.has(hash) ? this.paths.runtimeDir(hash) : undefined;
  }

  /** The folder holding the version's files (process_wrapper.py at its root). */
  materialize(manifest: SnapshotEntry[]): Promise<string> {
    const hash = manifestHash(manifest);
    let restoring = this.pending.get(hash);
    if (!restoring) {
      restoring = this.restore(manifest, this.paths.runtimeDir(hash))
        .then((dir) => {
          this.ready.add(hash);
          return dir;
        })
        .finally(() => this.pending.delete(hash));
      this.pending.set(hash, restoring);
    }
    return restoring;
  }

  private async restore(manifest: SnapshotEntry[], dir: string): Promise<string> {
    if (await isDirectory(dir)) return dir;
    checkManifest(manifest);
    await fs.mkdir(path.dirname(dir), { recursive: true });
    const partial = `${dir}.${crypto.randomBytes(6).toString('hex')}.partial`;
    try {
      await fs.mkdir(partial);
      await restoreSnapshot(manifest, this.paths.objectsDir, partial);
      // the sandboxed task user reads these (the data directory around them stays closed)
      await openTreeForTasks(partial);
      await fs.rename(partial, dir);
    } catch (error) {
      await fs.rm(partial, { recursive: true, force: true });
      // another process won the rename: its folder is complete
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await isDirectory(dir))) return dir;
      throw error;
    }
    return dir;
  }
}
