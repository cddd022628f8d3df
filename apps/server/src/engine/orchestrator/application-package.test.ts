import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionStore } from '../ports.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import { placePinnedCwl } from './application-package.js';
import type { ExecutionContext } from './execution-context.js';

const CWL = 'cwlVersion: v1.2\nclass: CommandLineTool\n';

describe('placePinnedCwl', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-package-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  // the soak found it: two replicas' orchestrators placing the same execution's CWL at once
  it('places the pinned CWL once when several orchestrators race for the same execution', async () => {
    const executions = { pinnedCwl: async () => CWL } as unknown as ExecutionStore;
    const context = { execution: { id: 7, ownerId: 'alice', identifier: 'water-bodies-20261128-1a2b' } } as unknown as ExecutionContext;
    const paths = new DatastorePaths(root);

    const placed = await Promise.all(Array.from({ length: 12 }, () => placePinnedCwl(executions, paths, context)));

    expect(new Set(placed).size).toBe(1);
    const file = placed[0]!;
    expect(await fs.readFile(file, 'utf8')).toBe(CWL);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o644);
    expect(await fs.readdir(path.dirname(file))).toEqual(['application.cwl']);
  });

  // the second soak: the queue uploads `.package/` whole (savePackage); a temporary file of another
  // replica listed there and renamed away before its upload failed the task
  it('never shows a half-placed file in the package folder while others place it', async () => {
    const executions = { pinnedCwl: async () => CWL } as unknown as ExecutionStore;
    const context = { execution: { id: 8, ownerId: 'alice', identifier: 'water-bodies-20261128-3c4d' } } as unknown as ExecutionContext;
    const paths = new DatastorePaths(root);
    const packageDir = path.join(paths.executionDir('alice', 'water-bodies-20261128-3c4d'), '.package');
    await fs.mkdir(packageDir, { recursive: true });

    const seen = new Set<string>();
    let placing = true;
    const listing = (async () => {
      while (placing) for (const name of await fs.readdir(packageDir)) seen.add(name);
    })();
    const placements = Array.from({ length: 40 }, async () => {
      // each as a fresh replica would: the first look finds no file yet
      await fs.rm(path.join(packageDir, 'application.cwl'), { force: true });
      return placePinnedCwl(executions, paths, context);
    });
    await Promise.all(placements).finally(() => (placing = false));
    await listing;

    expect([...seen].filter((name) => name !== 'application.cwl')).toEqual([]);
  });
});
