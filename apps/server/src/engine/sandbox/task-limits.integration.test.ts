import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { snapshotFolder } from '../../modules/procimp/build/snapshot.js';
import type { ExecutorCallbacks, TaskJob, TaskOutcome } from '../executors/executor.js';
import { LocalExecutor } from '../executors/local-executor.js';
import { PythonRuntime } from '../runtime/python-runtime.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import { openCgroups } from './cgroups.js';
import { probeDiskQuota } from './disk-quota.js';
import { openSandbox } from './open-sandbox.js';
import type { TaskSandbox } from './task-sandbox.js';

/**
 * Issue 30 §3: limits that hold for the whole task, not per process. Each attack runs in the
 * real sandbox, and ends with the task stopped at its limit and the reason on its report.
 */
const ATTACKS = `
import mmap, os, subprocess, time
INPUTS = [{"name": "what", "data_type": "string"}]
OUTPUTS = [{"name": "done", "data_type": "integer"}]
MB = 1024 * 1024

def hold():
    while True:
        time.sleep(0.1)

def execute(out_dir, what):
    if what == "children":
        # each under the per-process RLIMIT_DATA, together over the task's memory
        for _ in range(3):
            if os.fork() == 0:
                hoard = b"x" * (200 * MB)
                hold()
        hold()
    if what == "shared":
        # shared mappings are no process's data segment: only the control group counts them
        shared = mmap.mmap(-1, 600 * MB)
        for offset in range(0, 600 * MB, 16 * MB):
            shared.write(b"x" * (16 * MB))
        hold()
    if what == "fallocate":
        # each file within RLIMIT_FSIZE, together 5 times the disk
        for index in range(10):
            with open(os.path.join(out_dir, f"part{index}.bin"), "wb") as handle:
                os.posix_fallocate(handle.fileno(), 0, 2 * MB)
        hold()
    if what == "fork-bomb":
        while True:
            try:
                os.fork()
            except OSError:
                pass
    if what == "forks":
        return {"done": sum(subprocess.run(["true"]).returncode == 0 for _ in range(20))}
    return {"done": 0}
`;

/** Resolves each task's outcome by its row id. */
function outcomes() {
  const waiting = new Map<number, (outcome: TaskOutcome) => void>();
  const results = new Map<number, Promise<TaskOutcome>>();
  const finished = (id: number) => {
    if (!results.has(id)) results.set(id, new Promise((resolve) => waiting.set(id, resolve)));
    return results.get(id)!;
  };
  const callbacks: ExecutorCallbacks = {
    onStarted: async () => undefined,
    onFinished: async (job, outcome) => {
      void finished(job.taskRowId);
      waiting.get(job.taskRowId)!(outcome);
    },
  };
  return { callbacks, finished };
}

const cgroups = openCgroups();
const disk = typeof probeDiskQuota() !== 'string';

describe.skipIf(!cgroups)('limits of the whole task (control groups)', () => {
  let root: string;
  let paths: DatastorePaths;
  let sandbox: TaskSandbox;
  let disksDir: string;
  let executors: LocalExecutor[];
  let processVersion: TaskJob['processVersion'];

  const job = (taskRowId: number, what: string, overrides: Partial<TaskJob> = {}): TaskJob => {
    const owner = overrides.executionIdentifier === 'bob-1' ? 'bob' : 'alice';
    const executionIdentifier = overrides.executionIdentifier ?? 'alice-1';
    const taskId = `task${taskRowId}`;
    return {
      taskRowId,
      executionId: 1,
      executionIdentifier,
      taskId,
      tryNumber: 1,
      processVersion,
      inputs: { what },
      outDir: paths.taskOutDir(owner, executionIdentifier, taskId),
      logPath: paths.taskLog(owner, executionIdentifier, taskId, 1),
      cpus: 1,
      memoryMb: 256,
      diskMb: 4,
      network: false,
      timeoutMs: 0,
      ...overrides,
    };
  };
  const executor = (callbacks: ExecutorCallbacks, checkMs: number) => {
    const runtime = new PythonRuntime({ paths, sandbox, killGraceMs: 200, diskCheckMs: checkMs });
    const created = new LocalExecutor({ runtime, totalCpus: 2 }, callbacks);
    executors.push(created);
    return created;
  };

  beforeAll(() => {
    // a small process limit: the fork bomb reaches it at once
    disksDir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'asb-task-disks-'));
    sandbox = openSandbox({ ...loadConfig({}).sandbox, maxProcesses: 64 }, loadConfig({}).pythonCommand, undefined, disksDir);
  });
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-task-limits-'));
    paths = new DatastorePaths(root);
    executors = [];
    const dir = await fs.mkdtemp(path.join(root, 'version-'));
    await fs.writeFile(path.join(dir, 'process_wrapper.py'), ATTACKS);
    processVersion = { identifier: 'attacks:1', manifest: await snapshotFolder(dir, paths.objectsDir) };
  });
  afterEach(async () => {
    await Promise.all(executors.map((created) => created.shutdown()));
    await fs.rm(root, { recursive: true, force: true });
  });
  afterAll(async () => {
    // the prepared sandboxes still waiting (ASB_SANDBOX_POOL) and filesystems made ahead end with it
    await sandbox.close();
    await fs.rm(disksDir, { recursive: true, force: true });
    // every attempt's group went with it
    const mine = async (folder: string) => (await fs.readdir(folder)).filter((name) => name.startsWith(`${process.pid}-`));
    for (const folder of cgroups!.roots) expect(await mine(folder)).toEqual([]);
  });

  it('stops three children that together take more memory than the task has', async () => {
    const { callbacks, finished } = outcomes();
    executor(callbacks, 100).submit(job(1, 'children'));
    expect(await finished(1)).toEqual({ ok: false, error: 'Memory limit of 256 MB reached.' });
  });

  it('stops a task that fills shared memory past its memory', async () => {
    const { callbacks, finished } = outcomes();
    executor(callbacks, 100).submit(job(1, 'shared'));
    expect(await finished(1)).toEqual({ ok: false, error: 'Memory limit of 256 MB reached.' });
  });

  it.skipIf(!disk)('refuses fallocate past the disk (its own filesystem), and keeps what fit as its outputs', async () => {
    const { callbacks, finished } = outcomes();
    const attack = job(1, 'fallocate');
    executor(callbacks, 3_600_000).submit(attack);
    expect(await finished(1)).toEqual({ ok: false, error: 'Disk limit of 4 MB reached.' });
    const kept = await fs.readdir(attack.outDir);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(3);
  });

  it('stops a fork bomb at its process limit', async () => {
    const { callbacks, finished } = outcomes();
    executor(callbacks, 100).submit(job(1, 'fork-bomb'));
    expect(await finished(1)).toEqual({ ok: false, error: 'Process limit of 64 reached.' });
  });

  it("runs another user's task beside a fork bomb that holds all the processes it may have", async () => {
    const { callbacks, finished } = outcomes();
    // the bomb is not stopped here: it must hold its processes while the other task runs
    const local = executor(callbacks, 3_600_000);
    local.submit(job(1, 'fork-bomb'));
    const pidsRoot = cgroups!.version === 1 ? cgroups!.roots[1]! : cgroups!.roots[0]!;
    const atLimit = async () => {
      for (const name of await fs.readdir(pidsRoot)) {
        if (!name.startsWith(`${process.pid}-`)) continue;
        const events = await fs.readFile(path.join(pidsRoot, name, 'pids.events'), 'utf8').catch(() => '');
        if (/^max [1-9]/m.test(events)) return true;
      }
      return false;
    };
    await vi.waitFor(async () => expect(await atLimit()).toBe(true), { timeout: 60_000, interval: 20 });
    local.submit(job(2, 'forks', { executionIdentifier: 'bob-1' }));
    expect(await finished(2)).toEqual({ ok: true, outputs: { done: 20 } });
    await local.cancel(1);
  });
});
