import fs from 'node:fs';
import path from 'node:path';
import type { SandboxConfig } from '../../config.js';
import { runtimeScript } from '../runtime/python-scripts.js';
import { childEnv } from '../executors/child-env.js';
import { bwrapArgs, INSIDE, type BwrapPlan, type HostLayout, type SandboxTools } from './bwrap-command.js';
import { withinCgroup, type TaskCgroup, type TaskCgroups } from './cgroups.js';
import type { DiskQuota } from './disk-quota.js';
import { executionFiles, renameInputs } from './task-files-inputs.js';
import { BLOCK_FD, INFO_FD, RESOLV_CONF_FD, SETUP_FD } from './sandbox-launch.js';
import type { SandboxPool } from './sandbox-pool.js';
import { egressSupport, type EgressSupport } from './task-network.js';
import { runnerLimits, writableFolders, type SandboxAttempt, type SandboxJob, type SandboxSpawn, type TaskSandbox } from './task-sandbox.js';

const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

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

/** A task in bubblewrap: its own namespaces, only its folders writable, limits by control group and its own filesystem where the machine allows. */
export class BubblewrapSandbox implements TaskSandbox {
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
