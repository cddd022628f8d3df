import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import type { TaskCgroup, TaskCgroups } from './cgroups.js';

/**
 * A prepared sandbox's first process, run by `unshare --net` (so it is alone in a network
 * namespace of its own, made ahead): it enters its control group, brings its loopback up (as
 * bubblewrap does for a namespace it makes), says it is ready, and waits. Released, it reads
 * where its stdout and stderr go, then becomes bubblewrap (same pid), which reads the task's
 * setup from fd 3. At the end of its stdin (the server gone, the pool closed) it just ends.
 */
const SCRIPT = [
  'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n - 1)); done',
  '"$1" link set lo up || exit 126; shift',
  'echo ready',
  'read -r out err || exit 0',
  'exec >>"$out" 2>>"$err"',
  'exec "$@"',
].join('\n');

/** O_APPEND in /proc/self/fdinfo's octal flags. */
const O_APPEND = 0o2000;

/** How often in a row a prepared sandbox may fail before the pool gives up (a broken `ip`, a full cgroup). */
const MAX_FAILURES = 3;

type Output = number | 'ignore';

/** One prepared sandbox, for ONE task: never returned to the pool. */
export interface PreparedSandbox {
  /** its control group, without limits until the task's are set (TaskCgroup.limit) */
  readonly cgroup?: TaskCgroup;
  /**
   * Lets it become the task's bubblewrap: `setupArgs` through fd 3 as a fresh start would,
   * its stdout and stderr reopened from the server's fds (files opened for appending, as
   * the task log is: the task's lines land after the server's) or /dev/null. stdin stays a
   * pipe: the caller writes the task's input and ends it ('ignore': ended here).
   */
  release(setupArgs: string[], stdio: { stdin: 'pipe' | 'ignore'; stdout: Output; stderr: Output }): ChildProcess;
}

interface PoolLog {
  warn(details: object, message?: string): void;
}

export interface PoolPlan {
  /** prepared sandboxes kept ready */
  size: number;
  tools: { unshare: string; ip: string };
  /** what it becomes: bubblewrap and its command line (its setup comes through fd 3) */
  command: string;
  args: string[];
  cgroups?: TaskCgroups;
  log?: PoolLog;
}

/** Where the task's output goes, as the waiting shell can open it: the same open file, reopened through /proc. */
function outputPath(output: Output): string {
  if (output === 'ignore') return '/dev/null';
  const flags = /^flags:\s*([0-7]+)/m.exec(fs.readFileSync(`/proc/self/fdinfo/${output}`, 'utf8'))?.[1];
  if (flags === undefined || (parseInt(flags, 8) & O_APPEND) === 0)
    throw new Error(`a prepared sandbox writes only to files opened for appending (fd ${output} is not)`);
  return `/proc/${process.pid}/fd/${output}`;
}

class Slot implements PreparedSandbox {
  isReady = false;
  readonly child: ChildProcess;
  /** resolves when it waits for its task, rejects when it ended before */
  readonly whenReady: Promise<void>;

  constructor(
    plan: PoolPlan,
    readonly cgroup: TaskCgroup | undefined,
  ) {
    const procs = cgroup?.procsFiles ?? [];
    this.child = spawn(
      plan.tools.unshare,
      ['--net', '--', '/bin/sh', '-c', SCRIPT, 'asb-sandbox', String(procs.length), ...procs, plan.tools.ip, plan.command, ...plan.args],
      {
        cwd: '/',
        env: {},
        // its own process group, as a fresh sandbox's: a stop ends everything in it
        detached: true,
        stdio: ['pipe', 'pipe', 'ignore', 'pipe'],
      },
    );
    this.child.stdin?.on('error', () => undefined);
    (this.child.stdio[3] as Writable | null)?.on('error', () => undefined);
    this.whenReady = new Promise((resolve, reject) => {
      this.child.stdout?.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('ready')) return;
        this.isReady = true;
        resolve();
      });
      this.child.once('exit', () => reject(new Error('a prepared sandbox ended before it was ready')));
      this.child.once('error', reject);
    });
    this.whenReady.catch(() => undefined);
  }

  release(setupArgs: string[], stdio: { stdin: 'pipe' | 'ignore'; stdout: Output; stderr: Output }): ChildProcess {
    let header: string;
    try {
      header = `${outputPath(stdio.stdout)} ${outputPath(stdio.stderr)}\n`;
    } catch (error) {
      // out of the pool already: it must not wait on for ever
      void this.discard();
      throw error;
    }
    (this.child.stdio[3] as Writable).end(setupArgs.map((arg) => `${arg}\0`).join(''));
    if (stdio.stdin === 'ignore') this.child.stdin!.end(header);
    else this.child.stdin!.write(header);
    return this.child;
  }

  /** Ends it unused: its stdin closed ends the waiting shell; its group's removal ends whatever is left. */
  async discard(): Promise<void> {
    this.child.stdin?.destroy();
    await this.cgroup?.remove();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/**
 * A few sandboxes made ahead of their tasks (docs/security.md "Prepared sandboxes"): each in a
 * network namespace and a control group of its own, waiting. Making a network namespace, and
 * the kernel's teardown of the previous task's that the new one waits behind, was most of a
 * task's start; here it happens while the previous task runs. Filled on first use.
 */
export class SandboxPool {
  private readonly slots: Slot[] = [];
  private failures = 0;
  private isClosed = false;

  constructor(private readonly plan: PoolPlan) {}

  /** A ready sandbox, out of the pool for good (another is made), or undefined: the task then starts a fresh one. */
  take(args: string[]): PreparedSandbox | undefined {
    this.fill();
    // the command line a prepared sandbox becomes is fixed when it is made: only a task that runs the same one fits
    if (args.length !== this.plan.args.length || args.some((arg, index) => arg !== this.plan.args[index])) return undefined;
    const index = this.slots.findIndex((slot) => slot.isReady && slot.child.exitCode === null && slot.child.signalCode === null);
    if (index < 0) return undefined;
    const [slot] = this.slots.splice(index, 1);
    setImmediate(() => this.fill());
    return slot;
  }

  /** Resolves once a prepared sandbox waits (the pool filled if it was not yet), false when none can be made here. */
  async ready(): Promise<boolean> {
    this.fill();
    for (;;) {
      if (this.slots.some((slot) => slot.isReady)) return true;
      if (this.slots.length === 0) return false;
      await Promise.any(this.slots.map((slot) => slot.whenReady)).catch(() => undefined);
    }
  }

  private fill(): void {
    while (!this.isClosed && this.failures < MAX_FAILURES && this.slots.length < this.plan.size) {
      let slot: Slot;
      try {
        slot = new Slot(this.plan, this.plan.cgroups?.create({ memoryMb: 0, maxProcesses: 0, cpus: 0 }));
      } catch (error) {
        this.failed(error);
        return;
      }
      this.slots.push(slot);
      slot.whenReady.then(() => (this.failures = 0)).catch(() => undefined);
      slot.child.once('exit', (code, signal) => {
        const index = this.slots.indexOf(slot);
        if (index < 0) return;
        // ended while waiting: not by a release, it failed to prepare (or was killed)
        this.slots.splice(index, 1);
        void slot.cgroup?.remove().catch(() => undefined);
        if (!this.isClosed) this.failed(new Error(`a prepared sandbox ended before its task (${code ?? signal})`));
      });
      slot.child.once('error', (error) => this.failed(error));
    }
  }

  private failed(error: unknown): void {
    this.failures++;
    if (this.failures === MAX_FAILURES)
      this.plan.log?.warn({ err: error }, 'prepared sandboxes failed three times: tasks start a fresh sandbox each (slower), as without ASB_SANDBOX_POOL');
    else if (this.failures < MAX_FAILURES) setImmediate(() => this.fill());
  }

  /** Ends the sandboxes still waiting. */
  async close(): Promise<void> {
    this.isClosed = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.discard().catch(() => undefined)));
  }
}
