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

describe('the model runtime installed under the system temp folder', () => {
  let root: string;
  let umask: number;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-portal-'));
    await fs.chmod(root, 0o755);
    await fs.mkdir(path.join(root, 'portal', 'runtime'), { recursive: true });
    await fs.writeFile(path.join(root, 'portal', 'runtime', 'model-task.mjs'), SCRIPT);
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

  it('runs a model task whose script and node_modules lie under /tmp', async () => {
    const executionDir = path.join(root, 'data', 'executions', 'e1');
    await fs.mkdir(modelPackageDir(executionDir), { recursive: true });
    const job: TaskJob = {
      taskRowId: 1,
      executionId: 1,
      executionIdentifier: 'e1',
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
    const runtime = new ModelRuntime({ sandbox: testSandbox(), script: path.join(root, 'portal', 'runtime', 'model-task.mjs') });
    const task = await runtime.prepare(job);
    const log = await fs.open(job.logPath, 'a');
    try {
      const exit = await task.run({ cpuList: [0], logFd: log.fd, onRunning: () => undefined, onLimitExceeded: () => undefined });
      expect(exit.code, await fs.readFile(job.logPath, 'utf8')).toBe(0);
    } finally {
      await log.close();
    }
    expect(await task.collectOutputs()).toEqual({ answer: 42 });
    task.release();
  });
});
