import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductStagingError, type ProductStager } from '../runtime/product-stager.js';
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
          steps.push(`run ${JSON.stringify(job.inputs)}`.replace(' {}', ''));
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
  const setup = (runtime: TaskRuntime, stager?: ProductStager) => {
    let onStarted!: (handle: number | null) => void;
    let onFinished!: (outcome: TaskOutcome) => void;
    const started = new Promise<number | null>((resolve) => (onStarted = resolve));
    const finished = new Promise<TaskOutcome>((resolve) => (onFinished = resolve));
    const executor = new LocalExecutor(
      { runtime, totalCpus: 1, workerLabel: 'test:fake', stager },
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

  describe('EO-product inputs (docs/engine.md "Staging products")', () => {
    const productJob = (taskId: string): TaskJob => ({
      ...job(taskId),
      inputs: { product: '/resource-catalogue/csw?recordids=x', n: 1 },
      productInputs: ['product'],
    });

    it('stages them before the run, with its lines in the log; the task runs on the staged values', async () => {
      const runtime = new FakeRuntime();
      const stager: ProductStager = {
        stage: async (attempt, dir, log) => {
          log('Staging input product: product c/x of the catalogue');
          await fs.mkdir(path.join(dir, 'product'), { recursive: true });
          await fs.writeFile(path.join(dir, 'product', 'item.json'), '{}');
          return { ...attempt.inputs, product: { id: 'x', item: path.join(dir, 'product', 'item.json') } };
        },
      };
      const { executor, started, finished } = setup(runtime, stager);
      executor.submit(productJob('d'));
      await started;
      runtime.end({ code: 0, signal: null });
      expect(await finished).toMatchObject({ ok: true });
      const staged = path.join(root, '.inputs', 'd.1', 'product', 'item.json');
      expect(runtime.steps).toEqual(['prepare d', `run ${JSON.stringify({ product: { id: 'x', item: staged }, n: 1 })}`, 'tidy', 'release']);
      expect(await fs.readFile(job('d').logPath, 'utf8')).toMatch(
        /on test:fake\n.*\] Staging input product: product c\/x of the catalogue\n.*attempt 1 ended: succeeded\n$/,
      );
    });

    it('fails the attempt with the reason, in the log too, when they cannot be staged, and never runs the task', async () => {
      const runtime = new FakeRuntime();
      const reason = 'Input product: the product c/x is not in the catalogue, or alice may not read it.';
      const { executor, finished } = setup(runtime, {
        stage: async () => {
          throw new ProductStagingError(reason);
        },
      });
      executor.submit(productJob('e'));
      expect(await finished).toEqual({ ok: false, error: reason });
      expect(runtime.steps).toEqual(['prepare e', 'tidy', 'release']);
      expect(await fs.readFile(job('e').logPath, 'utf8')).toContain(`] ${reason}\n`);
      await executor.shutdown();
    });

    it('fails them without a stager (a queue worker), naming the inputs', async () => {
      const { executor, finished } = setup(new FakeRuntime());
      executor.submit(productJob('f'));
      expect(await finished).toEqual({ ok: false, error: 'The product inputs (product) cannot be staged by test:fake: it has no catalogue.' });
      await executor.shutdown();
    });

    it('runs a plain product identifier as it is, with or without a stager', async () => {
      const runtime = new FakeRuntime();
      const { executor, started, finished } = setup(runtime);
      executor.submit({ ...productJob('h'), inputs: { product: 'S2B_MSIL2A_20240101T103309' } });
      await started;
      runtime.end({ code: 0, signal: null });
      expect(await finished).toMatchObject({ ok: true });
      expect(runtime.steps).toContain(`run ${JSON.stringify({ product: 'S2B_MSIL2A_20240101T103309' })}`);
      await executor.shutdown();
    });

    it('ends the staging on a stop: the attempt is stopped, not failed', async () => {
      let began!: () => void;
      const staging = new Promise<void>((resolve) => (began = resolve));
      const stager: ProductStager = {
        stage: (_attempt, _dir, _log, signal) =>
          new Promise((_resolve, reject) => {
            began();
            signal.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      };
      const runtime = new FakeRuntime();
      const { executor, finished } = setup(runtime, stager);
      executor.submit(productJob('g'));
      await staging;
      await executor.cancel(1);
      expect(await finished).toEqual({ ok: false, error: STOPPED, interrupted: true });
      expect(runtime.steps).not.toContain(expect.stringMatching(/^run/));
      await executor.shutdown();
    });
  });
});
