import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SandboxConfig } from '../../config.js';
import { BubblewrapSandbox } from './bubblewrap-sandbox.js';
import { INSIDE } from './bwrap-command.js';
import { openCgroups } from './cgroups.js';
import { openDiskQuota, type DiskQuota } from './disk-quota.js';
import { hostLayout, resolvePython, sandboxTools } from './host-layout.js';
import { SandboxPool } from './sandbox-pool.js';
import { findTool } from './task-network.js';
import type { SandboxJob, SandboxLog, TaskSandbox } from './task-sandbox.js';
import { UnsandboxedRunner } from './unsandboxed-runner.js';

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
