import fs from 'node:fs/promises';

/** How long a process group has to end after SIGTERM before it gets SIGKILL. */
export const KILL_GRACE_MS = 5_000;

/**
 * Sends a signal to the process group led by `pid` (the runner is spawned detached, so
 * its pid is its group id and the wrapper's own subprocesses belong to the group).
 * Answers false when no such group exists any more (ESRCH) or it is not ours (EPERM).
 */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM now, SIGKILL after the grace period: a wrapper may clean up, but cannot
 * linger. The SIGKILL is sent even if the leader already exited, since children that
 * ignore SIGTERM keep the group (and so its id) alive. Returns a function that cancels
 * the pending SIGKILL.
 */
export function terminateGroup(pid: number, graceMs = KILL_GRACE_MS): () => void {
  if (!signalGroup(pid, 'SIGTERM')) return () => undefined;
  const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
  timer.unref();
  return () => clearTimeout(timer);
}

/** The process group id of `pid`, from /proc/{pid}/stat (field 5, after the command in parentheses). */
async function processGroupOf(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const group = Number(fields?.[2]);
  return Number.isInteger(group) ? group : undefined;
}

/**
 * After a server crash, the runners it started keep going (they are detached). The
 * orchestrator calls this for each attempt recorded as running on this machine: when
 * `pid` still is an asb_runner.py that leads its own group, the whole group gets SIGKILL
 * and the answer is true; otherwise (gone, or the pid now belongs to something else)
 * nothing is touched and the answer is false. Linux only (/proc); elsewhere always false.
 */
export async function killOrphan(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 1) return false;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.split('\0').some((arg) => arg.endsWith('asb_runner.py'))) return false;
  if ((await processGroupOf(pid)) !== pid) return false;
  return signalGroup(pid, 'SIGKILL');
}
