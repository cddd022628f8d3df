import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostPidsOf, untilNoHostPids } from '../../../test/helpers/host-processes.js';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import { SCALE_WRAPPER } from '../../../test/helpers/wrappers.js';
import { snapshotFolder } from '../../modules/procimp/build/snapshot.js';
import { DatastorePaths } from '../store/datastore-paths.js';
import type { ExecutorCallbacks, TaskJob, TaskOutcome } from './executor.js';
import { PythonRuntime, type PythonRuntimeOptions } from '../runtime/python-runtime.js';
import { LocalExecutor, SHUT_DOWN, SHUT_DOWN_QUEUED, type LocalExecutorOptions } from './local-executor.js';

const FAILING_WRAPPER =
  'INPUTS = []\nOUTPUTS = [{"name": "x", "data_type": "int"}]\ndef execute(out_dir):\n    print("about to fail")\n    raise ValueError("no good")\n';
/**
 * sleeps, with a child process of its own: `sleep {marker}`, a number of seconds unique to
 * the test, so that the host's /proc tells whether it still runs (pids inside the sandbox
 * are not the host's)
 */
const SLEEPING_WRAPPER = `import subprocess, time
INPUTS = [{"name": "seconds", "data_type": "float", "default": 30}, {"name": "marker", "data_type": "string", "default": "30"}]
OUTPUTS = [{"name": "slept", "data_type": "float"}]
def execute(out_dir, seconds, marker):
    subprocess.Popen(["sleep", marker])
    print("child started", flush=True)
    time.sleep(seconds)
    return {"slept": seconds}
`;
const ENV_WRAPPER = `import os
INPUTS = []
OUTPUTS = [{"name": "env", "data_type": "object"}]
def execute(out_dir):
    names = ["ASB_MEMORY_MB", "ASB_CPUS", "OMP_NUM_THREADS", "PYTHONUNBUFFERED", "ASB_SECRET_KEY", "DATABASE_URL", "HOME_OF_TEST", "HOME"]
    return {"env": {name: os.environ.get(name) for name in names}}
`;

/**
 * Waits until `pid` no longer runs: a zombie nobody reaps (PID 1 of a container may not)
 * counts as gone. A signalled process takes a moment to die; one that never does fails
 * the test at its time-out.
 */
async function untilGone(pid: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') throw new Error(`process ${pid} still runs`);
    },
    { timeout: 60_000, interval: 10 },
  );
}

/** Records the callbacks and lets a test wait for one task's start or end. */
function recorder() {
  const events: string[] = [];
  const waiters = new Map<string, { promise: Promise<unknown>; resolve: (value: unknown) => void }>();
  const waiter = (key: string) => {
    if (!waiters.has(key)) {
      let resolve!: (value: unknown) => void;
      const promise = new Promise((done) => (resolve = done));
      waiters.set(key, { promise, resolve });
    }
    return waiters.get(key)!;
  };
  const callbacks: ExecutorCallbacks = {
    onStarted: async (job, started) => {
      events.push(`started:${job.taskRowId}`);
      waiter(`started:${job.taskRowId}`).resolve(started);
    },
    onFinished: async (job, outcome) => {
      events.push(`finished:${job.taskRowId}`);
      waiter(`finished:${job.taskRowId}`).resolve(outcome);
    },
  };
  return {
    events,
    callbacks,
    started: (id: number) => waiter(`started:${id}`).promise as Promise<{ workerLabel: string; handle: number }>,
    finished: (id: number) => waiter(`finished:${id}`).promise as Promise<TaskOutcome>,
  };
}

describe('LocalExecutor', () => {
  let root: string;
  let paths: DatastorePaths;
  let executors: LocalExecutor[];
  let record: ReturnType<typeof recorder>;

  const version = async (source: string, extra: Record<string, string> = {}) => {
    const dir = await fs.mkdtemp(path.join(root, 'version-'));
    await fs.writeFile(path.join(dir, 'process_wrapper.py'), source);
    for (const [name, content] of Object.entries(extra)) await fs.writeFile(path.join(dir, name), content);
    return { identifier: 'proc:1.0.0', manifest: await snapshotFolder(dir, paths.objectsDir) };
  };
  const job = (taskRowId: number, processVersion: TaskJob['processVersion'], overrides: Partial<TaskJob> = {}): TaskJob => {
    const taskId = `task${taskRowId}`;
    return {
      taskRowId,
      executionId: 1,
      executionIdentifier: 'exec-1',
      taskId,
      tryNumber: 1,
      processVersion,
      inputs: {},
      outDir: paths.taskOutDir('alice', 'exec-1', taskId),
      logPath: paths.taskLog('alice', 'exec-1', taskId, 1),
      cpus: 1,
      memoryMb: 512,
      diskMb: 1024,
      network: false,
      timeoutMs: 60_000,
      ...overrides,
    };
  };
  /** the local executor with the python runtime: options of either */
  const executor = (options: Partial<LocalExecutorOptions & PythonRuntimeOptions> = {}, callbacks = record.callbacks) => {
    const { sandbox = testSandbox(), killGraceMs = 500, diskCheckMs, ...rest } = options;
    const runtime = new PythonRuntime({ paths, sandbox, killGraceMs, diskCheckMs });
    const created = new LocalExecutor({ runtime, totalCpus: 2, ...rest }, callbacks);
    executors.push(created);
    return created;
  };

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-local-executor-'));
    paths = new DatastorePaths(root);
    executors = [];
    record = recorder();
  });
  afterEach(async () => {
    await Promise.all(executors.map((created) => created.shutdown()));
    await fs.rm(root, { recursive: true, force: true });
  });

  it('runs a wrapper: outputs with files as absolute paths inside outDir, prints in the log', async () => {
    const local = executor();
    const scale = job(1, await version(SCALE_WRAPPER), { inputs: { value: 21 } });
    local.submit(scale);
    const started = await record.started(1);
    expect(started).toEqual({ workerLabel: `local:${os.hostname()}:${process.pid}`, handle: expect.any(Number), startedAt: expect.any(Date) as Date });
    expect(await record.finished(1)).toEqual({ ok: true, outputs: { result: 42, report: path.join(scale.outDir, 'report.txt') } });
    expect(await fs.readFile(path.join(scale.outDir, 'report.txt'), 'utf8')).toBe('scaled: 42\n');
    const log = (await fs.readFile(scale.logPath, 'utf8')).trim().split('\n');
    expect(log[0]).toMatch(new RegExp(`^\\[[0-9T:.Z-]+\\] attempt 1 of task task1 \\(proc:1.0.0\\) on local:`));
    expect(log).toContain('scaling 21');
    expect(log.at(-1)).toMatch(/\] attempt 1 ended: succeeded$/);
    // the scratch folder (outputs file included) goes right after the report; outDir holds only what the wrapper wrote
    const work = path.join(paths.executionDir('alice', 'exec-1'), '.work');
    await expect.poll(() => fs.readdir(work), { timeout: 20_000, interval: 20 }).toEqual([]);
    expect(await fs.readdir(scale.outDir)).toEqual(['report.txt']);
    expect(record.events).toEqual(['started:1', 'finished:1']);
  });

  it("fails with the runner's message and keeps the traceback in the log", async () => {
    const local = executor();
    const failing = job(1, await version(FAILING_WRAPPER));
    local.submit(failing);
    expect(await record.finished(1)).toEqual({ ok: false, error: 'asb_runner: execute() failed: ValueError: no good' });
    const log = await fs.readFile(failing.logPath, 'utf8');
    expect(log).toContain('about to fail');
    expect(log).toContain('Traceback');
    expect(log.trim().split('\n').at(-1)).toMatch(/attempt 1 ended: asb_runner: execute\(\) failed: ValueError: no good$/);
  });

  it('passes the resources in the environment and none of the server environment', async () => {
    vi.stubEnv('ASB_SECRET_KEY', 'do-not-leak');
    vi.stubEnv('DATABASE_URL', 'postgres://user:pw@db/asb');
    vi.stubEnv('HOME_OF_TEST', 'kept');
    try {
      const local = executor();
      local.submit(job(1, await version(ENV_WRAPPER), { cpus: 2, memoryMb: 300 }));
      expect(await record.finished(1)).toEqual({
        ok: true,
        outputs: {
          env: {
            ASB_MEMORY_MB: '300',
            ASB_CPUS: '2',
            OMP_NUM_THREADS: '2',
            PYTHONUNBUFFERED: '1',
            ASB_SECRET_KEY: null,
            DATABASE_URL: null,
            HOME_OF_TEST: null,
            HOME: '/task/scratch/work',
          },
        },
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('kills the whole process group on time-out and fails the task', async () => {
    const local = executor();
    const marker = '3001.5';
    // long enough for python to start its child on a busy machine; the wait below fails with its log if it did not
    const sleeping = job(1, await version(SLEEPING_WRAPPER), { timeoutMs: 3000, inputs: { marker } });
    local.submit(sleeping);
    const { handle } = await record.started(1);
    // an attempt that timed out before its child started fails here, its log in the message
    await expect.poll(() => fs.readFile(sleeping.logPath, 'utf8'), { timeout: 60_000, interval: 20 }).toContain('child started');
    expect(await hostPidsOf(marker)).toHaveLength(1);
    expect(await record.finished(1)).toEqual({ ok: false, error: 'Timed out after 3 s.' });
    await untilGone(handle);
    await untilNoHostPids(marker);
    expect(await fs.readFile(sleeping.logPath, 'utf8')).toMatch(/attempt 1 ended: Timed out after 3 s\.\n$/);
  });

  it('cancels a running attempt and a queued one: interrupted, reported once each', async () => {
    const local = executor({ totalCpus: 1 });
    const sleeper = await version(SLEEPING_WRAPPER);
    local.submit(job(1, sleeper));
    local.submit(job(2, sleeper));
    const { handle } = await record.started(1);
    await local.cancel(2);
    expect(await record.finished(2)).toEqual({ ok: false, error: 'Stopped.', interrupted: true });
    await local.cancel(1);
    await untilGone(handle);
    expect(await record.finished(1)).toEqual({ ok: false, error: 'Stopped.', interrupted: true });
    await local.cancel(3); // unknown: nothing happens
    expect(record.events).toEqual(['started:1', 'finished:2', 'finished:1']);
  });

  it('ends a wrapper that ignores SIGTERM, and what it started, with its sandbox', async () => {
    const stubborn = `import signal, subprocess, time
INPUTS = []
OUTPUTS = []
def execute(out_dir):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    subprocess.Popen(["setsid", "sleep", "3002.5"], start_new_session=True)
    print("ignoring SIGTERM", flush=True)
    time.sleep(30)
    return {}
`;
    const local = executor({ killGraceMs: 60_000 });
    const attempt = job(1, await version(stubborn));
    local.submit(attempt);
    const { handle } = await record.started(1);
    // SIGTERM must come after the handler is installed to prove anything
    await expect.poll(() => fs.readFile(attempt.logPath, 'utf8'), { timeout: 60_000, interval: 20 }).toContain('ignoring SIGTERM');
    // the daemon runs (for a moment `setsid`, which forks as it leads a group, and its child both carry the marker)
    await expect.poll(() => hostPidsOf('3002.5'), { timeout: 60_000, interval: 20 }).toHaveLength(1);
    // the sandbox ends at the SIGTERM, and everything in it: no wait for the (long) grace period
    await local.cancel(1);
    await untilGone(handle);
    await untilNoHostPids('3002.5');
    expect(await record.finished(1)).toEqual({ ok: false, error: 'Stopped.', interrupted: true });
  });

  it('runs attempts within the CPU slots, in order', async () => {
    const local = executor({ totalCpus: 1 });
    const sleeper = await version(SLEEPING_WRAPPER);
    // a job asking for more CPUs than there are still runs, alone
    local.submit(job(1, sleeper, { inputs: { seconds: 0.2 }, cpus: 4 }));
    local.submit(job(2, sleeper, { inputs: { seconds: 0.2 } }));
    expect(await record.finished(2)).toEqual({ ok: true, outputs: { slept: 0.2 } });
    expect(record.events.filter((event) => event.startsWith('started'))).toEqual(['started:1', 'started:2']);
    // the second began only once the first had ended (its slot is freed before the first's report is sent)
    const stamp = (line: string | undefined) => Date.parse(/^\[([^\]]+)\]/.exec(line ?? '')?.[1] ?? '');
    const firstLog = (await fs.readFile(paths.taskLog('alice', 'exec-1', 'task1', 1), 'utf8')).split('\n');
    const secondLog = (await fs.readFile(paths.taskLog('alice', 'exec-1', 'task2', 1), 'utf8')).split('\n');
    const firstEnded = stamp(firstLog.find((line) => line.includes('attempt 1 ended: succeeded')));
    const secondBegan = stamp(secondLog[0]);
    expect(Number.isFinite(firstEnded) && Number.isFinite(secondBegan)).toBe(true);
    expect(secondBegan).toBeGreaterThanOrEqual(firstEnded);
  });

  it('restores a version once for concurrent first attempts', async () => {
    const local = executor();
    const scale = await version(SCALE_WRAPPER, { 'helper.py': 'X = 1\n' });
    local.submit(job(1, scale, { inputs: { value: 1 } }));
    local.submit(job(2, scale, { inputs: { value: 2 } }));
    expect(await record.finished(1)).toMatchObject({ ok: true, outputs: { result: 2 } });
    expect(await record.finished(2)).toMatchObject({ ok: true, outputs: { result: 4 } });
    const runtime = await fs.readdir(path.join(root, 'runtime'));
    expect(runtime).toHaveLength(1);
    expect((await fs.readdir(path.join(root, 'runtime', runtime[0]!))).sort()).toEqual(['helper.py', 'process_wrapper.py']);
  });

  it('reports a failure when the sandbox cannot be started', async () => {
    const broken = {
      kind: 'bubblewrap' as const,
      spawn: () => ({ command: path.join(root, 'no-bwrap'), args: [], setupArgs: [], env: {}, cwd: root, inputs: {} }),
      whenPrepared: () => Promise.resolve(false),
      close: () => Promise.resolve(),
    };
    const local = executor({ sandbox: broken });
    local.submit(job(1, await version(SCALE_WRAPPER)));
    expect(await record.finished(1)).toEqual({ ok: false, error: expect.stringMatching(/^The task could not be started: spawn .*no-bwrap ENOENT$/) });
  });

  it('ends everything on shutdown, survives failing callbacks, and refuses later jobs', async () => {
    const warn = vi.fn();
    const failing: ExecutorCallbacks = {
      onStarted: record.callbacks.onStarted,
      onFinished: async (finished, outcome) => {
        await record.callbacks.onFinished(finished, outcome);
        throw new Error('the database is closed');
      },
    };
    const local = executor({ totalCpus: 1, log: { warn, info: vi.fn() } }, failing);
    const sleeper = await version(SLEEPING_WRAPPER);
    local.submit(job(1, sleeper));
    local.submit(job(2, sleeper));
    await record.started(1);
    await local.shutdown();
    expect(await record.finished(1)).toEqual({ ok: false, error: SHUT_DOWN, interrupted: true });
    expect(await record.finished(2)).toEqual({ ok: false, error: SHUT_DOWN_QUEUED, interrupted: true });
    expect(warn).toHaveBeenCalledTimes(2);
    local.submit(job(3, sleeper));
    expect(await record.finished(3)).toEqual({ ok: false, error: SHUT_DOWN_QUEUED, interrupted: true });
    expect(record.events).toEqual(['started:1', 'finished:2', 'finished:1', 'finished:3']);
  });
});
