import fs from 'node:fs/promises';
import path from 'node:path';
import { ARCHIVE_PATTERN } from '../../../engine/runtime/extract-archive.js';
import { inspectArchivedWrapper, inspectWrapper, type WrapperInspection } from '../../../engine/runtime/inspect-wrapper.js';
import type { PythonOptions } from '../../../engine/runtime/python-scripts.js';

/**
 * The wrapper of a bucket as the build will see it: process_wrapper.py at the
 * bucket root, or else at the root of one of the archives at the bucket root
 * (extracted there by the build), read without extracting anything.
 */
export async function findBucketWrapper(bucketDir: string, options: PythonOptions = {}): Promise<WrapperInspection> {
  const direct = await inspectWrapper(bucketDir, options);
  if (direct.status !== 'missing') return direct;
  const entries = await fs.readdir(bucketDir, { withFileTypes: true }).catch(() => []);
  const archives = entries.filter((entry) => entry.isFile() && ARCHIVE_PATTERN.test(entry.name));
  for (const archive of archives.sort((a, b) => a.name.localeCompare(b.name))) {
    const inspection = await inspectArchivedWrapper(path.join(bucketDir, archive.name), options);
    if (inspection.status !== 'missing') return inspection;
  }
  return { status: 'missing' };
}
