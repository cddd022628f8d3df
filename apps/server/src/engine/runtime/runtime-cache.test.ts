import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotFolder } from '../../modules/procimp/build/snapshot.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import { manifestHash, RuntimeCache } from './runtime-cache.js';

describe('RuntimeCache', () => {
  let root: string;
  let paths: DatastorePaths;
  const manifestOf = async (files: Record<string, string>) => {
    const dir = await fs.mkdtemp(path.join(root, 'version-'));
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs.writeFile(path.join(dir, name), content);
    }
    return snapshotFolder(dir, paths.objectsDir);
  };

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-runtime-cache-'));
    paths = new DatastorePaths(root);
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('restores a version once into runtime/{manifest hash}, even when asked concurrently', async () => {
    const manifest = await manifestOf({ 'process_wrapper.py': 'X = 1\n', 'lib/util.py': 'Y = 2\n' });
    const [cache, otherProcess] = [new RuntimeCache(paths), new RuntimeCache(paths)];
    const dirs = await Promise.all([cache.materialize(manifest), cache.materialize(manifest), otherProcess.materialize(manifest)]);
    expect(new Set(dirs)).toEqual(new Set([paths.runtimeDir(manifestHash(manifest))]));
    expect(await fs.readdir(path.join(root, 'runtime'))).toEqual([manifestHash(manifest)]);
    expect(await fs.readFile(path.join(dirs[0]!, 'lib', 'util.py'), 'utf8')).toBe('Y = 2\n');
  });

  it('reuses an existing folder as it is', async () => {
    const manifest = await manifestOf({ 'process_wrapper.py': 'X = 1\n' });
    const dir = await new RuntimeCache(paths).materialize(manifest);
    await fs.writeFile(path.join(dir, 'marker'), 'still here');
    expect(await new RuntimeCache(paths).materialize(manifest)).toBe(dir);
    expect(await fs.readFile(path.join(dir, 'marker'), 'utf8')).toBe('still here');
  });

  it('leaves nothing behind when a restore fails, and refuses paths leaving the folder', async () => {
    const cache = new RuntimeCache(paths);
    await expect(cache.materialize([{ path: 'process_wrapper.py', sha256: 'ab'.repeat(32), size: 1 }])).rejects.toThrow('ENOENT');
    expect(await fs.readdir(path.join(root, 'runtime'))).toEqual([]);
    await expect(cache.materialize([{ path: '../escape.py', sha256: 'ab'.repeat(32), size: 1 }])).rejects.toThrow("Refused manifest entry '../escape.py'");
  });
});
