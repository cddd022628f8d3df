import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * Host pids of the processes whose command line has `marker` as one of its arguments (a
 * `sleep {marker}` a wrapper started): pids inside a task's sandbox are not the host's, so
 * the host's /proc is where a test sees whether such a process still runs.
 */
export async function hostPidsOf(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(marker)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Waits until no host process has `marker` as an argument. A killed sandbox takes its
 * processes with it, but the kernel needs a moment to end each of them on a busy machine;
 * one that never ends fails the test (`timeoutMs` only ends a stuck test). Answers the pids seen first (what
 * was running when the wait began).
 */
export async function untilNoHostPids(marker: string, timeoutMs = 60_000): Promise<number[]> {
  // imported here, not above: bench/soak imports this file (unmountUnder) outside vitest
  const { expect, vi } = await import('vitest');
  const first = await hostPidsOf(marker);
  await vi.waitFor(async () => expect(await hostPidsOf(marker)).toEqual([]), { timeout: timeoutMs, interval: 20 });
  return first;
}

/**
 * Unmounts the attempts' filesystems still mounted under `folder` (docs/security.md "Limits"):
 * a server or worker the test killed leaves them to its next start, and a test that starts no
 * other must release them before it removes its folder.
 */
export async function unmountUnder(folder: string): Promise<void> {
  const mounts = await fs.readFile('/proc/self/mounts', 'utf8');
  // mount points escape spaces and such as octal: the test folders have none
  const points = mounts
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === folder || point.startsWith(`${folder}/`));
  for (const point of points.reverse()) spawnSync('umount', ['-l', point]);
}

/**
 * Whether a process with this pid still runs (signal 0 checks without signalling). A zombie
 * (ended, not yet reaped: an orphan whose new parent has not collected it) counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // no /proc (not Linux), or it ended in between
    return process.platform !== 'linux';
  }
}
