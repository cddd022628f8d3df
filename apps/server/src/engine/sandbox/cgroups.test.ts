import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withinCgroup, type TaskCgroup } from './cgroups.js';

const group = (procsFiles: string[]): TaskCgroup => ({ procsFiles, limitReached: () => undefined, limit: () => undefined, remove: async () => undefined });

describe('withinCgroup', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-cgroup-enter-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes its own pid into every cgroup.procs, then becomes the command (the same process)', () => {
    const files = [path.join(dir, 'memory.procs'), path.join(dir, 'pids.procs')];
    const launch = withinCgroup(group(files), { command: '/bin/sh', args: ['-c', 'echo $$'], env: {} });
    const result = spawnSync(launch.command, launch.args, { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const pid = result.stdout.trim();
    expect(files.map((file) => fs.readFileSync(file, 'utf8').trim())).toEqual([pid, pid]);
  });

  it('never runs the command when it cannot enter the group', () => {
    const marker = path.join(dir, 'ran');
    const launch = withinCgroup(group([path.join(dir, 'missing', 'cgroup.procs')]), { command: '/bin/sh', args: ['-c', `touch ${marker}`] });
    expect(spawnSync(launch.command, launch.args).status).toBe(125);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('leaves the command as it is without a group', () => {
    const launch = { command: '/usr/bin/bwrap', args: ['--', 'python3'] };
    expect(withinCgroup(undefined, launch)).toBe(launch);
  });
});
