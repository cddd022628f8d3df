import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import type { TaskJob } from '../executors/executor.js';
import { ModelRuntime, modelPackageDir } from './model-runtime.js';

/**
 * A portal installed under the system temp folder (a clone in /tmp, as a new user tries it):
 * the model script and the node_modules it imports from lie under the host's /tmp, which the
 * sandbox replaces by the task's own /tmp. The script must still be found and load its module.
 */
const SCRIPT = `import fs from 'node:fs';
import { answer } from 'tiny-dependency';
const request = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
fs.writeFileSync(request.outputsFile, JSON.stringify({ answer: answer() }));
`;
/** A script that crashes as onnxruntime or a file read does: an uncaught error deep in a call, its stack printed by Node. */
const CRASH = `import fs from 'node:fs';
const load = (file) => fs.readFileSync(file);
const session = () => load('/no/such/model.onnx');
session();
`;

describe('the model runtime installed under the system temp folder', () => {
  let root: string;
  let umask: number;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-portal-'));
    await fs.chmod(root, 0o755);
    await fs.mkdir(path.join(root, 'portal', 'runtime'), { recursive: true });
    await fs.writeFile(path.join(root, 'portal', 'runtime', 'model-task.mjs'), SCRIPT);
    await fs.writeFile(path.join(root, 'portal', 'runtime', 'model-crash.mjs'), CRASH);
    const dependency = path.join(root, 'portal', 'node_modules', 'tiny-dependency');
    await fs.mkdir(dependency, { recursive: true });
    await fs.writeFile(path.join(dependency, 'package.json'), JSON.stringify({ name: 'tiny-dependency', type: 'module', exports: './index.js' }));
    await fs.writeFile(path.join(dependency, 'index.js'), 'export const answer = () => 42;\n');
    // the installed portal is readable; what the server writes from now on is its own unless opened on purpose (umask 077, main.ts)
    umask = process.umask(0o077);
  });
  afterAll(async () => {
    process.umask(umask);
    await fs.rm(root, { recursive: true, force: true });
  });

  /** Runs `script` of the installed portal as a model task of execution `name`: its exit, task and log. */
  async function runTask(script: string, name: string) {
    const executionDir = path.join(root, 'data', 'executions', name);
    await fs.mkdir(modelPackageDir(executionDir), { recursive: true });
    const job: TaskJob = {
      taskRowId: 1,
      executionId: 1,
      executionIdentifier: name,
      taskId: 'model',
      tryNumber: 1,
      processVersion: { identifier: 'model', manifest: [] },
      inputs: {},
      outDir: path.join(executionDir, 'model'),
      logPath: path.join(executionDir, 'logs', 'model.log'),
      cpus: 1,
      memoryMb: 512,
      diskMb: 10,
      network: false,
      timeoutMs: 0,
      model: { collection: 'c', identifier: 'm', inputs: [], outputs: [] } as unknown as TaskJob['model'],
    };
    await fs.mkdir(path.dirname(job.logPath), { recursive: true });
    const runtime = new ModelRuntime({ sandbox: testSandbox(), script: path.join(root, 'portal', 'runtime', script) });
    const task = await runtime.prepare(job);
    const log = await fs.open(job.logPath, 'a');
    try {
      const exit = await task.run({ cpuList: [0], logFd: log.fd, onRunning: () => undefined, onLimitExceeded: () => undefined });
      return { exit, task, log: await fs.readFile(job.logPath, 'utf8') };
    } finally {
      await log.close();
    }
  }

  it('runs a model task whose script and node_modules lie under /tmp', async () => {
    const { exit, task, log } = await runTask('model-task.mjs', 'e1');
    expect(exit.code, log).toBe(0);
    expect(await task.collectOutputs()).toEqual({ answer: 42 });
    task.release();
  });

  it("gives a crashed task's cause, its first error line, not the stack's last frames", async () => {
    const { exit, task, log } = await runTask('model-crash.mjs', 'e2');
    expect(exit.code, log).not.toBe(0);
    expect(await task.failureReason(exit, 0)).toBe("The model task failed (exit 1):\nError: ENOENT: no such file or directory, open '/no/such/model.onnx'");
    task.release();
  });
});
