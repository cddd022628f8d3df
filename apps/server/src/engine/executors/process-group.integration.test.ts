import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runtimeScript } from '../runtime/python-scripts.js';
import { killOrphan } from './process-group.js';

/** says it started (a file in its output folder), then sleeps with a child */
const SLEEPING_WRAPPER =
  'import os, subprocess, time\nINPUTS = []\nOUTPUTS = []\ndef execute(out_dir):\n    subprocess.Popen(["sleep", "30"])\n    open(os.path.join(out_dir, "started"), "w").close()\n    time.sleep(30)\n    return {}\n';

describe('killOrphan', () => {
  let dir: string;
  const started: ChildProcess[] = [];
  const start = (command: string, args: string[], detached: boolean) => {
    const child = spawn(command, args, { cwd: dir, detached, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end('{}');
    started.push(child);
    return child;
  };
  let runners = 0;
  /** a runner, and a wait until its wrapper runs (python, possibly behind a pyenv shim that execs several times, is then the runner) */
  const runner = async (detached: boolean) => {
    const out = path.join(dir, `out-${++runners}`);
    await fs.mkdir(out);
    const child = start('python3', [runtimeScript('asb_runner.py'), '--wrapper-dir', dir, '--out-dir', out], detached);
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the runner exited with ${child.exitCode}`);
        await fs.access(path.join(out, 'started'));
      },
      { timeout: 60_000, interval: 10 },
    );
    return child;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-orphan-'));
    await fs.writeFile(path.join(dir, 'process_wrapper.py'), SLEEPING_WRAPPER);
  });
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('kills the process group of a detached runner', async () => {
    const child = await runner(true);
    const exited = once(child, 'exit');
    expect(await killOrphan(child.pid!)).toBe(true);
    expect(await exited).toEqual([null, 'SIGKILL']);
  });

  it('leaves alone what is not a runner leading its own group', async () => {
    const sleeper = start('sleep', ['5'], true);
    expect(await killOrphan(sleeper.pid!)).toBe(false);
    // a runner inside our own process group: killing its group would kill the test
    const inGroup = await runner(false);
    expect(await killOrphan(inGroup.pid!)).toBe(false);
    expect(sleeper.exitCode).toBeNull();
    expect(inGroup.exitCode).toBeNull();
    expect(await killOrphan(process.pid)).toBe(false);
    expect(await killOrphan(0)).toBe(false);
    const gone = start('true', [], false);
    await once(gone, 'exit');
    expect(await killOrphan(gone.pid!)).toBe(false);
  });
});
