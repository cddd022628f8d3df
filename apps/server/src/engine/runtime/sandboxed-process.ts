import fs from 'node:fs';
import type { TaskJob } from '../executors/executor.js';
import { KILL_GRACE_MS, signalGroup, terminateGroup } from '../executors/process-group.js';
import type { TaskCgroup } from '../sandbox/cgroups.js';
import type { AttemptDisk, ClaimedDisk } from '../sandbox/disk-quota.js';
import { finishAttemptDisk, openAttemptDisk } from './attempt-disk.js';
import { launchSandbox, type SandboxLaunch } from '../sandbox/sandbox-launch.js';
import { closeCgroup, watchCgroup } from './cgroup-watch.js';
import { watchDiskUse } from './disk-watch.js';
import type { RunOptions, TaskExit } from './task-runtime.js';

/**
 * One sandboxed process of an attempt, as every local runtime runs it: in its own process group
 * (a cancel ends what it started too), its disk use watched, whatever it left in its group killed
 * when it exits. `stdout` is where its standard output goes (the log, or a file of its own);
 * `stdin`, when given, is written to it and closed.
 */
export class SandboxedProcess {
  private pid?: number;
  /** it exited: its pid may belong to another process by now */
  private hasExited = false;
  private cancelKill?: () => void;
  /** stopped before it started (its filesystem was being made ready) */
  private isCancelled = false;

  constructor(
    /** logPath: where a failure on its own filesystem says it was full */
    private readonly job: Pick<TaskJob, 'outDir' | 'diskMb'> & Partial<Pick<TaskJob, 'logPath'>>,
    private readonly scratchDir: string,
    private readonly timing: { killGraceMs?: number; diskCheckMs?: number } = {},
  ) {}

  /** Starts it (on its own filesystem when the sandbox planned one); resolves when it exited and its filesystem is gone, rejects when it could not start. */
  async run(
    spawned: SandboxLaunch & { cgroup?: TaskCgroup; disk?: ClaimedDisk },
    options: RunOptions,
    stdio: { stdout: number; stdin?: string },
  ): Promise<TaskExit> {
    const log = (line: string) => fs.writeSync(options.logFd, `asb_runner: ${line}\n`);
    const logOffset = fs.fstatSync(options.logFd).size;
    let disk: AttemptDisk | undefined;
    try {
      disk = await openAttemptDisk(spawned.disk);
    } catch (error) {
      await closeCgroup(spawned.cgroup, () => undefined);
      throw error;
    }
    let exit: TaskExit;
    try {
      exit = this.isCancelled
        ? await closeCgroup(spawned.cgroup, () => undefined).then((): TaskExit => ({ code: null, signal: 'SIGTERM' }))
        : await this.launch(spawned, options, stdio, disk === undefined);
    } catch (error) {
      // it never started: its filesystem goes back all the same (it stayed mounted, out of the pool, until the process ended)
      await disk?.finish().catch(() => undefined);
      throw error;
    }
    return finishAttemptDisk(disk, exit, { diskMb: this.job.diskMb, logPath: this.job.logPath, logOffset }, log);
  }

  private launch(
    spawned: SandboxLaunch & { cgroup?: TaskCgroup },
    options: RunOptions,
    stdio: { stdout: number; stdin?: string },
    isDiskWatched: boolean,
  ): Promise<TaskExit> {
    return new Promise<TaskExit>((resolve, reject) => {
      const child = launchSandbox(spawned, {
        stdio: [stdio.stdin === undefined ? 'ignore' : 'pipe', stdio.stdout, options.logFd],
        // the runner's prefix: the reason becomes the task's error
        onSetupFailed: (reason) => fs.writeSync(options.logFd, `asb_runner: ${reason}\n`),
      });
      const pid = child.pid;
      // not the runner's prefix: a group that lingers is no reason for the task's failure
      const closeGroup = () =>
        closeCgroup(spawned.cgroup, (error) =>
          fs.writeSync(options.logFd, `[${new Date().toISOString()}] the task's control group could not be removed: ${String(error)}\n`),
        );
      child.once('error', (error) => {
        if (pid === undefined) void closeGroup().finally(() => reject(error));
      });
      if (pid === undefined) return;
      this.pid = pid;
      // on its own filesystem no write goes past the disk: nothing to measure
      const stopWatching = watchDiskUse(isDiskWatched ? this.job : { ...this.job, diskMb: 0 }, this.scratchDir, {
        intervalMs: this.timing.diskCheckMs,
        ended: () => this.hasExited,
        onExceeded: () => options.onLimitExceeded('disk'),
      });
      const stopWatchingGroup = watchCgroup(spawned.cgroup, {
        intervalMs: this.timing.diskCheckMs,
        ended: () => this.hasExited,
        onReached: (reached) => options.onLimitExceeded(reached.limit),
      });
      child.once('exit', (code, signal) => {
        stopWatching();
        stopWatchingGroup();
        this.cancelKill?.();
        this.hasExited = true;
        signalGroup(pid, 'SIGKILL');
        // the limit the kernel counted: an OOM kill is the reason, not the signal it sent
        void closeGroup().then((limit) => resolve({ code, signal, ...(limit ? { limit } : {}) }));
      });
      if (stdio.stdin !== undefined) {
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(stdio.stdin);
      }
      options.onRunning(pid);
    });
  }

  /** Ends it: politely, then by force after the grace; nothing before it started or after it exited. */
  cancel(): void {
    this.isCancelled = true;
    if (this.pid !== undefined && !this.hasExited && !this.cancelKill) this.cancelKill = terminateGroup(this.pid, this.timing.killGraceMs ?? KILL_GRACE_MS);
  }
}
