import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeScript } from '../runtime/python-scripts.js';
import { killOrphan } from './process-group.js';

const SLEEPING_WRAPPER = 'import subprocess, time\nINPUTS = []\nOUTPUTS = []\ndef execute(out_dir):\n    subprocess.Popen(["sleep", "30"])\n    time.sleep(30)\n    return {}\n';

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
  const runner = (detached: boolean) => start('python3', [runtimeScript('asb_runner.py'), '--wrapper-dir', dir, '--out-dir', path.join(dir, 'out')], detached);
  /** until python replaced the fork: the cmdline is the runner's */
  const untilRunning = async (pid: number) => {
    for (let i = 0; i < 100 && !(await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes('asb_runner.py'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
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
    const child = runner(true);
    await untilRunning(child.pid!);
    const exited = once(child, 'exit');
    expect(await killOrphan(child.pid!)).toBe(true);
    expect(await exited).toEqual([null, 'SIGKILL']);
  });

  it('leaves alone what is not a runner leading its own group', async () => {
    const sleeper = start('sleep', ['5'], true);
    expect(await killOrphan(sleeper.pid!)).toBe(false);
    // a runner inside our own process group: killing its group would kill the test
    const inGroup = runner(false);
    await untilRunning(inGroup.pid!);
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
