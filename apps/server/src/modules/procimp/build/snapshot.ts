import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { SnapshotEntry } from '@asb/contracts';
import { objectPath } from '../../../engine/store/object-store.js';
import { listFiles } from '../storage/file-tree.js';

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Stores every file of dir content-addressed under objects/{sha[0:2]}/{sha} and
 * returns the manifest. Identical files across versions are stored once; an
 * object is written to a temporary name and renamed, so readers never see half of one.
 */
export async function snapshotFolder(dir: string, objectsDir: string): Promise<SnapshotEntry[]> {
  const manifest: SnapshotEntry[] = [];
  for (const relative of await listFiles(dir)) {
    const file = path.join(dir, relative);
    const sha256 = await sha256Of(file);
    const target = objectPath(objectsDir, sha256);
    const exists = await fs.access(target).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${crypto.randomBytes(4).toString('hex')}.partial`;
      await fs.copyFile(file, partial);
      await fs.rename(partial, target);
    }
    manifest.push({ path: relative, sha256, size: (await fs.stat(file)).size });
  }
  return manifest;
}
