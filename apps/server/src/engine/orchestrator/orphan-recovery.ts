import os from 'node:os';
import type { TasksRepository } from '../store/tasks.repository.js';

const INTERRUPTED = 'Interrupted: the server stopped while the task ran; it runs again.';

/**
 * Attempts a dead server process of this machine had in flight (their worker label names
 * this host and a process that is gone): killed if their runner still lives, then run
 * again. Attempts of live processes and of queue workers are left alone.
 */
export async function recoverOrphanedAttempts(tasks: TasksRepository, killOrphan: (pid: number) => Promise<boolean>): Promise<void> {
  for (const task of await tasks.inFlight()) {
    if (!isOrphanedLocalAttempt(task.workerLabel)) continue;
    if (task.pid) await killOrphan(task.pid);
    // the interruption is the server's, not the task's: it does not use up an attempt
    await tasks.transition(task.id, ['queued', 'running'], {
      state: 'retry',
      maxTries: task.maxTries + 1,
      nextAttemptAt: new Date(),
      error: INTERRUPTED,
      pid: null,
    });
  }
}

/** `local:{host}:{pid}` of this host whose server process no longer runs. */
function isOrphanedLocalAttempt(workerLabel: string | null): boolean {
  const match = /^local:(.+):(\d+)$/.exec(workerLabel ?? '');
  if (!match || match[1] !== os.hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
