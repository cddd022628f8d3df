import path from 'node:path';
import type { TaskJob } from '../executors/executor.js';
import type { TaskCgroup } from './cgroups.js';
import type { ClaimedDisk } from './disk-quota.js';
import type { SandboxLaunch } from './sandbox-launch.js';

/**
 * The sandbox every task runs in (docs/security.md), as the runtimes use it: bubblewrap
 * (bubblewrap-sandbox.ts) or, with ASB_UNSAFE_NO_SANDBOX=true, none (unsandboxed-runner.ts);
 * openSandbox (open-sandbox.ts) picks and checks it.
 */

/** What the sandbox reads of a job: its inputs (files shown read-only), outputs folder, resources and network. */
export type SandboxJob = Pick<TaskJob, 'inputs' | 'outDir' | 'cpus' | 'memoryMb' | 'diskMb' | 'network'>;

/** One attempt as the executor prepared it (or a model service's process): its folders exist. */
export interface SandboxAttempt {
  job: SandboxJob;
  /** the version's restored files (process_wrapper.py at its root) */
  wrapperDir: string;
  /** the attempt's own working folder: work/, tmp/ and outputs.json are inside */
  scratchDir: string;
  /** the CPUs (indices) the attempt may run on */
  cpuList: number[];
  /**
   * A runtime's own command instead of the python runner (the CWL runtime's cwltool), given
   * the folders as the task sees them: it runs through `asb_runner.py --exec`, under the same
   * limits, in the same sandbox. Without it, the runner runs the wrapper.
   */
  command?: (folders: TaskFolders) => string[];
  /** host folders the command needs besides the system's (the model runtime's script, its node_modules): read-only, at their own paths */
  readOnly?: string[];
  /**
   * false: its folders stay on the data directory's filesystem (a model service, whose socket
   * the portal finds in its output folder). Otherwise, where the machine allows, they lie on a
   * filesystem of their own of the job's disk size, which SandboxedProcess mounts (disk-quota.ts).
   */
  ownFilesystem?: boolean;
}

/** The attempt's folders as the task sees them: inside the sandbox, or the host's own without it. */
export interface TaskFolders {
  /** the outputs folder */
  out: string;
  /** the attempt's scratch folder (work/ and tmp/ inside) */
  scratch: string;
  tmp: string;
  /** the version's files (the python runtime), or the folder of the pinned CWL (the CWL runtime), read-only */
  wrapper: string;
}

/** What to start for it, with launchSandbox (sandbox-launch.ts). */
export interface SandboxSpawn extends SandboxLaunch {
  /** the inputs as the task sees them (file inputs renamed to their place in the sandbox) */
  inputs: Record<string, unknown>;
  /** the attempt's control group (cgroups.ts): whoever starts it removes it once it ended */
  cgroup?: TaskCgroup;
  /** the attempt's own filesystem, taken for it (the sandbox shows it as the scratch folder, its out/ as the outputs): opened before the start */
  disk?: ClaimedDisk;
}

export interface TaskSandbox {
  /** 'bubblewrap', or 'none' with ASB_UNSAFE_NO_SANDBOX=true */
  readonly kind: 'bubblewrap' | 'none';
  /** gives the attempt's writable folders to the task's user and answers the command */
  spawn(attempt: SandboxAttempt): SandboxSpawn;
  /** resolves once a prepared sandbox waits for a task (true), or at once when there are none here (false: ASB_SANDBOX_POOL=0, not root) */
  whenPrepared(): Promise<boolean>;
  /** ends the prepared sandboxes still waiting (ASB_SANDBOX_POOL) */
  close(): Promise<void>;
}

export interface SandboxLog {
  info?(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

/** The attempt's folders that the task writes: its outputs, its work folder and its /tmp. */
export function writableFolders(job: Pick<TaskJob, 'outDir'>, scratchDir: string): string[] {
  return [job.outDir, scratchDir, path.join(scratchDir, 'work'), path.join(scratchDir, 'tmp')];
}

/** The hard limits the runner sets before any user code runs (asb_runner.py), as its environment. */
export function runnerLimits(attempt: SandboxAttempt, maxProcesses?: number): Record<string, string> {
  return {
    ASB_DISK_MB: String(Math.max(0, Math.floor(attempt.job.diskMb))),
    ASB_CPU_LIST: attempt.cpuList.join(','),
    ...(maxProcesses === undefined ? {} : { ASB_MAX_PROCESSES: String(maxProcesses) }),
  };
}
