import { spawn, type ChildProcess, type IOType } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { signalGroup } from '../executors/process-group.js';
import type { PreparedSandbox } from './sandbox-pool.js';
import { attachEgress, inOwnNetwork, RESOLV_CONF, type EgressPlan } from './task-network.js';

/** What the sandbox answered to spawn (TaskSandbox.spawn), as the launcher needs it. */
export interface SandboxLaunch {
  command: string;
  /** the command line: bubblewrap reads its setup from fd 3 (--args 3), so it holds no host path */
  args: string[];
  /** bubblewrap's setup options (mounts, environment), written to fd 3 */
  setupArgs: string[];
  /** a task with the egress-only network: its namespace is attached before the task runs */
  egress?: EgressPlan;
  /** a sandbox made ahead (sandbox-pool.ts): released instead of started; `command` and `args` are what it becomes */
  prepared?: PreparedSandbox;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The fds bubblewrap is told about (bubblewrap-sandbox.ts): 3 its setup, and with the network 4 its info, 5 its go-ahead and 6 the task's resolv.conf. */
export const SETUP_FD = 3;
export const INFO_FD = 4;
export const BLOCK_FD = 5;
export const RESOLV_CONF_FD = 6;

type Stdio = [IOType | number | 'ignore', IOType | number, IOType | number];

const isOutput = (output: IOType | number): output is number | 'ignore' => typeof output === 'number' || output === 'ignore';

/** bubblewrap's --info-fd answer: {"child-pid": n}, written once it made its namespaces. */
function readInfo(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('child-pid')) resolve();
    });
    stream.once('end', () => reject(new Error('the sandbox ended before its network was set up')));
    stream.once('error', reject);
  });
}

/**
 * Starts a sandbox as TaskSandbox.spawn planned it: its setup through a pipe (so neither
 * the host's `ps` nor the task's /proc/1/cmdline show the host paths of its mounts), and for
 * a task with the network, slirp4netns and the namespace's rules before the task runs
 * (docs/security.md "Network"). slirp4netns ends with the sandbox. When the network cannot be
 * set up, `onSetupFailed` hears why and the sandbox is killed before the task ran. It runs
 * detached, in a process group of its own.
 */
export function launchSandbox(launch: SandboxLaunch, options: { stdio: Stdio; onSetupFailed: (reason: string) => void }): ChildProcess {
  if (launch.prepared) {
    const [stdin, stdout, stderr] = options.stdio;
    if (!(stdin === 'pipe' || stdin === 'ignore') || !isOutput(stdout) || !isOutput(stderr))
      throw new Error('a prepared sandbox takes a pipe or nothing as stdin, fds or nothing as its outputs');
    return launch.prepared.release(launch.setupArgs, { stdin, stdout, stderr });
  }
  const { command, args } = launch.egress ? inOwnNetwork(launch.egress, launch.command, launch.args) : launch;
  const child = spawn(command, args, {
    cwd: launch.cwd,
    env: launch.env,
    // its own process group: a stop (and a failed setup) ends everything in it
    detached: true,
    stdio: [...options.stdio, 'pipe', ...(launch.egress ? (['pipe', 'pipe', 'pipe'] as const) : [])],
  });
  if (child.pid === undefined) return child;
  const setup = child.stdio[SETUP_FD] as Writable;
  setup.on('error', () => undefined);
  setup.end(launch.setupArgs.map((arg) => `${arg}\0`).join(''));
  if (launch.egress) {
    // read while bubblewrap builds the mounts, before it waits for the go-ahead
    const resolvConf = (child.stdio as unknown as Writable[])[RESOLV_CONF_FD]!;
    resolvConf.on('error', () => undefined);
    resolvConf.end(RESOLV_CONF);
    connect(child, launch.egress, options.onSetupFailed);
  }
  return child;
}

function connect(child: ChildProcess, egress: EgressPlan, onSetupFailed: (reason: string) => void): void {
  const pipes = child.stdio as unknown as (Readable & Writable)[];
  const info: Readable = pipes[INFO_FD]!;
  const go: Writable = pipes[BLOCK_FD]!;
  go.on('error', () => undefined);
  let stop: (() => void) | undefined;
  let hasExited = false;
  child.once('exit', () => {
    hasExited = true;
    stop?.();
    info.destroy();
    go.destroy();
  });
  readInfo(info)
    .then(() => attachEgress(egress, child.pid!))
    .then((stopStack) => {
      stop = stopStack;
      if (hasExited) return stopStack();
      go.end('1');
      info.destroy();
    })
    .catch((error: unknown) => {
      if (hasExited) return;
      // never the go-ahead: the whole group dies here (the sandbox waiting on it too), the task never ran
      signalGroup(child.pid!, 'SIGKILL');
      onSetupFailed(`the task's network could not be set up: ${(error as Error).message}`);
    });
}
