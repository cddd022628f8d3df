import fs from 'node:fs';
import path from 'node:path';
import type { SandboxConfig } from '../../config.js';
import { runtimeScript } from '../runtime/python-scripts.js';
import { childEnv } from '../executors/child-env.js';
import { runnerLimits, writableFolders, type SandboxAttempt, type SandboxSpawn, type TaskSandbox } from './task-sandbox.js';

/** ASB_UNSAFE_NO_SANDBOX=true: the runner as a child of the server, as its user, seeing what the server sees. */
export class UnsandboxedRunner implements TaskSandbox {
  readonly kind = 'none';

  constructor(
    private readonly config: SandboxConfig,
    private readonly python: string,
  ) {}

  spawn(attempt: SandboxAttempt): SandboxSpawn {
    const { job, scratchDir } = attempt;
    for (const folder of writableFolders(job, scratchDir)) fs.mkdirSync(folder, { recursive: true });
    const work = path.join(scratchDir, 'work');
    const folders = { out: path.resolve(job.outDir), scratch: path.resolve(scratchDir), tmp: path.resolve(scratchDir, 'tmp'), wrapper: attempt.wrapperDir };
    const args = attempt.command
      ? [runtimeScript('asb_runner.py'), '--exec', ...attempt.command(folders)]
      : [
          runtimeScript('asb_runner.py'),
          '--wrapper-dir',
          attempt.wrapperDir,
          '--out-dir',
          path.resolve(job.outDir),
          '--inputs',
          '-',
          '--outputs',
          path.join(scratchDir, 'outputs.json'),
        ];
    const env = {
      ...childEnv(job, process.env, { passEnv: this.config.passEnv, base: { PATH: process.env.PATH, HOME: work, TMPDIR: path.join(scratchDir, 'tmp') } }),
      // no process limit: RLIMIT_NPROC counts every process of the uid, here the server's own
      ...runnerLimits(attempt),
    };
    return { command: this.python, args, setupArgs: [], env, cwd: work, inputs: job.inputs };
  }

  whenPrepared(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
