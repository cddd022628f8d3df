import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreparedTask, RunOptions, TaskExit, TaskRuntime } from '../runtime/task-runtime.js';
import type { TaskJob, TaskOutcome } from './executor.js';
import { LocalExecutor, STOPPED } from './local-executor.js';

/** A runtime with nothing local to run (as a remote OGC process would be): it ends when told. */
class FakeRuntime implements TaskRuntime {
  readonly name = 'fake';
  readonly steps: string[] = [];
  private finish?: (exit: TaskExit) => void;

  prepare(job: TaskJob): PreparedTask {
    const { steps } = this;
    steps.push(`prepare ${job.taskId}`);
    return {
      run: (options: RunOptions) =>
        new Promise<TaskExit>((resolve) => {
          this.finish = resolve;
          steps.push('run');
          options.onRunning(null);
        }),
      cancel: () => {
        steps.push('cancel');
        this.finish?.({ code: null, signal: 'SIGTERM' });
      },
      tidyOutputs: async () => void steps.push('tidy'),
      collectOutputs: async () => ({ answer: 42 }),
      failureReason: async () => 'the remote process failed',
      release: () => void steps.push('release'),
    };
  }

  end(exit: TaskExit): void {
    this.finish?.(exit);
  }
}

describe('LocalExecutor with any runtime', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-fake-runtime-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const job = (taskId: string): TaskJob => ({
    taskRowId: 1,
    executionId: 1,
    executionIdentifier: 'exec-1',
    taskId,
    tryNumber: 1,
    processVersion: { identifier: 'p:1', manifest: [] },
    inputs: {},
    outDir: path.join(root, taskId),
    logPath: path.join(root, 'logs', `${taskId}.1.log`),
    cpus: 1,
    memoryMb: 512,
    diskMb: 1024,
    network: false,
    timeoutMs: 60_000,
  });

  /** the executor with callbacks that resolve on the first report of each kind */
  const setup = (runtime: TaskRuntime) => {
    let onStarted!: (handle: number | null) => void;
    let onFinished!: (outcome: TaskOutcome) => void;
    const started = new Promise<number | null>((resolve) => (onStarted = resolve));
    const finished = new Promise<TaskOutcome>((resolve) => (onFinished = resolve));
    const executor = new LocalExecutor(
      { runtime, totalCpus: 1, workerLabel: 'test:fake' },
      { onStarted: async (_job, report) => onStarted(report.handle), onFinished: async (_job, outcome) => onFinished(outcome) },
    );
    return { executor, started, finished };
  };

  it('drives the runtime through its steps and reports its outputs, the log naming the executor', async () => {
    const runtime = new FakeRuntime();
    const { executor, started, finished } = setup(runtime);
    executor.submit(job('a'));
    expect(await started).toBeNull();
    runtime.end({ code: 0, signal: null });
    expect(await finished).toEqual({ ok: true, outputs: { answer: 42 } });
    expect(runtime.steps).toEqual(['prepare a', 'run', 'tidy', 'release']);
    expect(await fs.readFile(job('a').logPath, 'utf8')).toMatch(/attempt 1 of task a \(p:1\) on test:fake\n.*attempt 1 ended: succeeded\n$/);
    await executor.shutdown();
  });

  it('cancels through the runtime: the attempt ends as stopped', async () => {
    const runtime = new FakeRuntime();
    const { executor, started, finished } = setup(runtime);
    executor.submit(job('b'));
    await started;
    await executor.cancel(1);
    expect(await finished).toEqual({ ok: false, error: STOPPED, interrupted: true });
    expect(runtime.steps).toContain('cancel');
  });

  it("takes a failure's reason from the runtime", async () => {
    const runtime = new FakeRuntime();
    const { executor, started, finished } = setup(runtime);
    executor.submit(job('c'));
    await started;
    runtime.end({ code: 1, signal: null });
    expect(await finished).toEqual({ ok: false, error: 'the remote process failed' });
    await executor.shutdown();
  });
});
