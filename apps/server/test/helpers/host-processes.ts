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
