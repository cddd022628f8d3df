import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SandboxConfig } from '../../config.js';
import { runtimeScript } from '../runtime/python-scripts.js';
import { childEnv } from '../executors/child-env.js';
import type { TaskJob } from '../executors/executor.js';
import { bwrapArgs, INSIDE, type BwrapPlan, type HostLayout, type SandboxTools } from './bwrap-command.js';
import { openCgroups, withinCgroup, type TaskCgroup, type TaskCgroups } from './cgroups.js';
import { openDiskQuota, type ClaimedDisk, type DiskQuota } from './disk-quota.js';
import { hostLayout, resolvePython, sandboxTools } from './host-layout.js';
import { executionFiles, renameInputs } from './task-files-inputs.js';
import { BLOCK_FD, INFO_FD, RESOLV_CONF_FD, SETUP_FD, type SandboxLaunch } from './sandbox-launch.js';
import { SandboxPool } from './sandbox-pool.js';
import { egressSupport, findTool, type EgressSupport } from './task-network.js';

/** What the sandbox reads of a job: its inputs (files shown read-only), outputs folder, resources and network. */
type SandboxJob = Pick<TaskJob, 'inputs' | 'outDir' | 'cpus' | 'memoryMb' | 'diskMb' | 'network'>;

/** One attempt as the executor prepared it (or a model service's process): its folders exist. */
interface SandboxAttempt {
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
interface SandboxSpawn extends SandboxLaunch {
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

interface SandboxLog {
  info?(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

/** The attempt's folders that the task writes: its outputs, its work folder and its /tmp. */
export function writableFolders(job: Pick<TaskJob, 'outDir'>, scratchDir: string): string[] {
  return [job.outDir, scratchDir, path.join(scratchDir, 'work'), path.join(scratchDir, 'tmp')];
}

/** Which network this version's task gets (docs/security.md#network): none, its own egress-only one, or the host's. */
function taskNetwork(config: Pick<SandboxConfig, 'network'>, job: Pick<SandboxJob, 'network'>): 'none' | 'egress' | 'host' {
  if (config.network === 'all') return 'egress';
  if (!job.network || config.network === 'none') return 'none';
  return config.network === 'host' ? 'host' : 'egress';
}

/** bubblewrap's own options go through fd 3; the command line keeps only what runs inside (no host path). */
function hideSetup(args: string[], withNetwork: boolean): { args: string[]; setupArgs: string[] } {
  const end = args.indexOf('--');
  const handshake = withNetwork ? ['--info-fd', String(INFO_FD), '--block-fd', String(BLOCK_FD)] : [];
  return { args: ['--args', String(SETUP_FD), ...handshake, ...args.slice(end)], setupArgs: args.slice(0, end) };
}

class BubblewrapSandbox implements TaskSandbox {
  readonly kind = 'bubblewrap';
  /** as root, the task's real user (ASB_TASK_UID/GID); otherwise the server's own, in a user namespace */
  private readonly dropTo: { uid: number; gid: number } | undefined;
  /** whether (and how) a task can have its own egress-only network here */
  readonly egress: EgressSupport;
  /** sandboxes made ahead for tasks without the network (ASB_SANDBOX_POOL), set once the probe passed */
  pool?: SandboxPool;

  constructor(
    private readonly config: SandboxConfig,
    private readonly python: string,
    readonly tools: SandboxTools,
    private readonly host: HostLayout,
    /** memory, processes and CPU per task, when this machine has control groups */
    readonly cgroups?: TaskCgroups,
    /** a filesystem of its disk size per attempt, when this machine allows it */
    private readonly diskQuota?: DiskQuota,
  ) {
    this.dropTo = process.getuid?.() === 0 ? { uid: config.uid, gid: config.gid } : undefined;
    this.egress = egressSupport(this.dropTo !== undefined);
  }

  spawn(attempt: SandboxAttempt): SandboxSpawn {
    const { job, scratchDir } = attempt;
    for (const folder of writableFolders(job, scratchDir)) {
      fs.mkdirSync(folder, { recursive: true });
      if (this.dropTo) fs.chownSync(folder, this.dropTo.uid, this.dropTo.gid);
    }
    const network = taskNetwork(this.config, job);
    if (network === 'egress' && !this.egress.ok)
      throw new Error(
        `This process declares NETWORK = True, and tasks get the network only in a namespace of their own, which cannot be set up here: ${this.egress.reason}. (The operator may set ASB_TASK_NETWORK=host to share the host's network: unsafe.)`,
      );
    const files = executionFiles(job.inputs, path.dirname(job.outDir));
    const inputs = files.map((file, index): [string, string] => [file, `${INSIDE.inputs}/${index}/${path.basename(file)}`]);
    // a runtime's own command is not what a prepared sandbox becomes: those start fresh
    const prepared = network === 'none' && !attempt.command ? this.pool?.take(this.runnerArgs()) : undefined;
    // last: nothing after it throws (a prepared sandbox's limits are set below, and released with it on failure)
    const disk =
      this.diskQuota && this.dropTo && attempt.ownFilesystem !== false && job.diskMb > 0
        ? this.diskQuota.claim({ scratchDir, outDir: job.outDir, diskMb: job.diskMb })
        : undefined;
    const onDisk = disk ? { outDir: path.join(disk.root, 'out'), scratchDir: disk.root } : { outDir: job.outDir, scratchDir };
    const plan: BwrapPlan = {
      tools: this.tools,
      host: this.host,
      dropTo: this.dropTo,
      network: network !== 'none',
      keepsNetworkNamespace: prepared !== undefined,
      resolvConfFd: network === 'egress' ? RESOLV_CONF_FD : undefined,
      mounts: { runner: runtimeScript('asb_runner.py'), wrapperDir: attempt.wrapperDir, ...onDisk, inputs, readOnly: attempt.readOnly },
      env: {
        ...childEnv(job, process.env, { passEnv: this.config.passEnv, base: { PATH: SANDBOX_PATH, HOME: INSIDE.work, TMPDIR: INSIDE.tmp, LANG: 'C.UTF-8' } }),
        // with a control group, processes are counted per task (pids.max), not for every task of the uid
        ...runnerLimits(attempt, this.cgroups ? undefined : this.config.maxProcesses),
      },
      command: attempt.command
        ? [this.python, INSIDE.runner, '--exec', ...attempt.command({ out: INSIDE.out, scratch: INSIDE.scratch, tmp: INSIDE.tmp, wrapper: INSIDE.wrapper })]
        : this.runnerCommand(),
    };
    const egress = network === 'egress' && this.egress.ok ? { tools: this.egress.tools, allow: this.config.outboundAllow } : undefined;
    const limits = { memoryMb: job.memoryMb, maxProcesses: this.config.maxProcesses, cpus: job.cpus };
    if (prepared) {
      try {
        // its group holds only the waiting shell: the task's limits are in place before it is released
        prepared.cgroup?.limit(limits);
      } catch (error) {
        void prepared.cgroup?.remove();
        disk?.release();
        throw error;
      }
      const { args, setupArgs } = hideSetup(bwrapArgs(plan), false);
      return {
        command: this.tools.bwrap,
        args,
        setupArgs,
        prepared,
        cgroup: prepared.cgroup,
        disk,
        env: {},
        cwd: scratchDir,
        inputs: renameInputs(job.inputs, new Map(inputs)),
      };
    }
    let cgroup: TaskCgroup | undefined;
    try {
      cgroup = this.cgroups?.create(limits);
    } catch (error) {
      disk?.release();
      throw error;
    }
    return {
      ...withinCgroup(cgroup, { command: this.tools.bwrap, ...hideSetup(bwrapArgs(plan), egress !== undefined) }),
      cgroup,
      disk,
      egress,
      env: {},
      cwd: scratchDir,
      inputs: renameInputs(job.inputs, new Map(inputs)),
    };
  }

  /** What runs inside for a process version: the runner with the version's wrapper. */
  private runnerCommand(): string[] {
    return [this.python, INSIDE.runner, '--wrapper-dir', INSIDE.wrapper, '--out-dir', INSIDE.out, '--inputs', '-', '--outputs', INSIDE.outputs];
  }

  /** bubblewrap's command line for the runner (its setup goes through fd 3): the same for every task, what a prepared sandbox becomes. */
  runnerArgs(): string[] {
    const mounts = { runner: INSIDE.runner, wrapperDir: INSIDE.wrapper, outDir: INSIDE.out, scratchDir: INSIDE.scratch, inputs: [] };
    const plan: BwrapPlan = { tools: this.tools, host: this.host, dropTo: this.dropTo, network: false, mounts, env: {}, command: this.runnerCommand() };
    return hideSetup(bwrapArgs(plan), false).args;
  }

  whenPrepared(): Promise<boolean> {
    return this.pool?.ready() ?? Promise.resolve(false);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.diskQuota?.close()]);
  }
}

/** The hard limits the runner sets before any user code runs (asb_runner.py), as its environment. */
function runnerLimits(attempt: SandboxAttempt, maxProcesses?: number): Record<string, string> {
  return {
    ASB_DISK_MB: String(Math.max(0, Math.floor(attempt.job.diskMb))),
    ASB_CPU_LIST: attempt.cpuList.join(','),
    ...(maxProcesses === undefined ? {} : { ASB_MAX_PROCESSES: String(maxProcesses) }),
  };
}

/** ASB_UNSAFE_NO_SANDBOX=true: the runner as a child of the server, as its user, seeing what the server sees. */
class UnsandboxedRunner implements TaskSandbox {
  readonly kind = 'none';

  constructor(
    private readonly config: SandboxConfig,
    private readonly python: string,
  ) {}

  spawn(attempt: SandboxAttempt): SandboxSpawn {
    const { job, scratchDir } = attempt;
    for (const folder of writableFolders(job, scratchDir)) fs.mkdirSync(folder, { recursive: true });
    const work = path.join(scratchDir, 'work');
    const folders = { out: path.resolve(job.outDir), scratch: path.resolve(scratchDir), tmp: path.resolve(scratchDir, 'tmp'), wrapper: attempt.wrapperDir };
    const args = attempt.command
      ? [runtimeScript('asb_runner.py'), '--exec', ...attempt.command(folders)]
      : [
          runtimeScript('asb_runner.py'),
          '--wrapper-dir',
          attempt.wrapperDir,
          '--out-dir',
          path.resolve(job.outDir),
          '--inputs',
          '-',
          '--outputs',
          path.join(scratchDir, 'outputs.json'),
        ];
    const env = {
      ...childEnv(job, process.env, { passEnv: this.config.passEnv, base: { PATH: process.env.PATH, HOME: work, TMPDIR: path.join(scratchDir, 'tmp') } }),
      // no process limit: RLIMIT_NPROC counts every process of the uid, here the server's own
      ...runnerLimits(attempt),
    };
    return { command: this.python, args, setupArgs: [], env, cwd: work, inputs: job.inputs };
  }

  whenPrepared(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const UNSAFE_WARNING =
  "ASB_UNSAFE_NO_SANDBOX=true: tasks run WITHOUT a sandbox, as the server's own user: any process a user releases can read the database, the keys and every user's data. Never use this where strangers can sign in.";

/**
 * The sandbox of every task (docs/security.md). Checks once that bubblewrap really starts a
 * sandbox here, and throws with the reason when it cannot: the server and `asb worker`
 * refuse to start rather than run user code unconfined, unless ASB_UNSAFE_NO_SANDBOX=true.
 */
export function openSandbox(config: SandboxConfig, pythonCommand: string, log?: SandboxLog, disksDir?: string): TaskSandbox {
  const python = resolvePython(pythonCommand);
  if (!config.enabled) {
    log?.warn({}, UNSAFE_WARNING);
    return new UnsandboxedRunner(config, python);
  }
  let sandbox: BubblewrapSandbox;
  try {
    sandbox = new BubblewrapSandbox(config, python, sandboxTools(config.bwrap), hostLayout(python), openCgroups(log), disks(config, disksDir, log));
  } catch (error) {
    throw new Error(
      `Tasks must run in the bubblewrap sandbox, and it cannot be set up: ${(error as Error).message}. (ASB_UNSAFE_NO_SANDBOX=true runs tasks unsandboxed: never where strangers can sign in.)`,
      { cause: error },
    );
  }
  probe(sandbox);
  sandbox.pool = preparedSandboxes(sandbox, config, log);
  if (config.network === 'host') log?.warn({}, HOST_NETWORK_WARNING);
  else if (config.network !== 'none' && !sandbox.egress.ok)
    log?.warn(
      {},
      `Tasks that declare NETWORK = True will fail to start: ${sandbox.egress.reason}. (ASB_TASK_NETWORK=none says so at once; =host shares the host's network: unsafe.)`,
    );
  return sandbox;
}

/**
 * Each attempt's filesystem (disk-quota.ts), kept in `disksDir`: the data directory's
 * `task-disks` folder (DatastorePaths.disksDir). Without one (a test of the sandbox alone)
 * attempts have none: the 2-s measurement holds, as where the machine cannot make them.
 */
function disks(config: SandboxConfig, disksDir: string | undefined, log?: SandboxLog): DiskQuota | undefined {
  if (disksDir === undefined) return undefined;
  return openDiskQuota({ dir: disksDir, owner: { uid: config.uid, gid: config.gid }, poolSize: config.poolSize, log });
}

const HOST_NETWORK_WARNING =
  "ASB_TASK_NETWORK=host: tasks that declare NETWORK = True share the HOST's network: they reach the portal, every service on loopback (Redis and PostgreSQL without a password), the private network and the cloud metadata address. Use the default (declared: a network of their own, egress only) wherever strangers can sign in.";

/**
 * The pool of prepared sandboxes (ASB_SANDBOX_POOL, docs/security.md "Prepared sandboxes"):
 * as root only, where the server makes the network namespace itself (as for the egress-only network).
 */
function preparedSandboxes(sandbox: BubblewrapSandbox, config: SandboxConfig, log?: SandboxLog): SandboxPool | undefined {
  if (config.poolSize === 0 || process.getuid?.() !== 0) return undefined;
  const tools = { unshare: findTool('unshare'), ip: findTool('ip') };
  if (!tools.unshare || !tools.ip) {
    log?.warn({}, 'ASB_SANDBOX_POOL: no prepared sandboxes, unshare (util-linux) or ip (iproute2) is not installed: each task starts a fresh sandbox (slower)');
    return undefined;
  }
  return new SandboxPool({
    size: config.poolSize,
    tools: { unshare: tools.unshare, ip: tools.ip },
    command: sandbox.tools.bwrap,
    args: sandbox.runnerArgs(),
    cgroups: sandbox.cgroups,
    log,
  });
}

/** Runs `python -c pass` in a sandbox the way a task runs, in a throw-away folder. */
function probe(sandbox: BubblewrapSandbox): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'asb-sandbox-probe-'));
  try {
    const wrapperDir = path.join(root, 'wrapper');
    fs.mkdirSync(wrapperDir);
    const job: SandboxJob = { inputs: {}, outDir: path.join(root, 'out'), cpus: 1, memoryMb: 0, diskMb: 1, network: false };
    const spawn = sandbox.spawn({ job, wrapperDir, scratchDir: path.join(root, 'scratch'), cpuList: [0], ownFilesystem: false });
    const pythonAt = spawn.args.lastIndexOf(INSIDE.runner);
    const args = [...spawn.args.slice(0, pythonAt), '-c', 'pass'];
    // bubblewrap's setup, as launchSandbox gives it: a file in place of the pipe
    const setupFile = path.join(root, 'setup');
    fs.writeFileSync(setupFile, spawn.setupArgs.map((arg) => `${arg}\0`).join(''));
    const setupFd = fs.openSync(setupFile, 'r');
    let result: SpawnSyncReturns<string>;
    try {
      result = spawnSync(spawn.command, args, {
        cwd: spawn.cwd,
        env: spawn.env,
        encoding: 'utf8',
        timeout: 30_000,
        stdio: ['ignore', 'pipe', 'pipe', setupFd],
      });
    } finally {
      fs.closeSync(setupFd);
      void spawn.cgroup?.remove();
    }
    if (result.status !== 0) {
      const reason = (result.stderr || result.error?.message || `exit ${result.status ?? result.signal}`).trim();
      throw new Error(
        `Tasks must run in the bubblewrap sandbox, and bubblewrap could not start one here: ${reason}. (ASB_UNSAFE_NO_SANDBOX=true runs tasks unsandboxed: never where strangers can sign in.)`,
      );
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
