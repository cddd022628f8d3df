import fs from 'node:fs';
import path from 'node:path';

/** A limit a control group holds for the whole task, which the kernel counts when it is reached. */
export type CgroupLimit = 'memory' | 'processes';

/** A limit reached, and its value (MB of memory, processes). */
export interface ReachedLimit {
  limit: CgroupLimit;
  of: number;
}

interface CgroupLimits {
  /** memory of all its processes together, shared memory and tmpfs included (0: none) */
  memoryMb: number;
  /** processes and threads at once (0: none) */
  maxProcesses: number;
  /** CPU time per period, as many CPUs' worth (0: none) */
  cpus: number;
}

/** One attempt's control group: made, with its limits, before the attempt's first process starts. */
export interface TaskCgroup {
  /** the cgroup.procs files the start wrapper writes its own pid into before it becomes bubblewrap */
  readonly procsFiles: string[];
  /** the limit the kernel says the task reached (an OOM kill in it, a refused fork), if any */
  limitReached(): ReachedLimit | undefined;
  /** sets its limits: a prepared sandbox's group (sandbox-pool.ts) is made before its task is known, and limited before the task is released into it */
  limit(limits: CgroupLimits): void;
  /** ends whatever still runs in it, then removes it */
  remove(): Promise<void>;
}

export interface TaskCgroups {
  readonly version: 1 | 2;
  /** where the attempts' groups are made (one folder per controller on v1) */
  readonly roots: string[];
  create(limits: CgroupLimits): TaskCgroup;
}

interface CgroupLog {
  info?(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

const MOUNT = '/sys/fs/cgroup';
/** the folder of the attempts' groups, inside the group the server runs in */
const TASKS = 'asb-tasks';
const V1_CONTROLLERS = ['memory', 'pids', 'cpu'] as const;
const V2_CONTROLLERS = ['memory', 'pids', 'cpu'];
const CPU_PERIOD_US = 100_000;
const REMOVE_TRIES = 500;

const read = (file: string) => fs.readFileSync(file, 'utf8');
const write = (file: string, value: string) => fs.writeFileSync(file, value);
/** a counter of a flat-keyed cgroup file ('oom_kill 3', 'max 12') */
const counter = (file: string, key: string): number => {
  const line = read(file)
    .split('\n')
    .find((entry) => entry.startsWith(`${key} `));
  return line ? Number(line.slice(key.length + 1)) : 0;
};
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** This process's group in each hierarchy (/proc/self/cgroup: 'id:controllers:path'). */
function ownGroups(): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of read('/proc/self/cgroup').split('\n')) {
    const [, controllers, group] = line.split(':');
    if (group === undefined) continue;
    for (const controller of controllers!.split(',')) groups.set(controller, group);
  }
  return groups;
}

let sequence = 0;
/** Attempts' groups carry the server's pid: a server cleans only the leftovers of servers that are gone. */
const groupName = () => `${process.pid}-${++sequence}`;

/** Kills what runs in the groups (they outlived the task's bubblewrap by a moment, or a crash), then removes them. */
async function removeGroups(folders: string[], kill?: (folder: string) => boolean): Promise<void> {
  for (const folder of folders) {
    for (let tries = 0; fs.existsSync(folder); tries++) {
      if (!kill?.(folder)) {
        for (const pid of read(path.join(folder, 'cgroup.procs')).split('\n').filter(Boolean)) {
          try {
            process.kill(Number(pid), 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
      }
      try {
        fs.rmdirSync(folder);
      } catch (error) {
        // EBUSY while killed processes are still exiting
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
        if (tries >= REMOVE_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }
}

/** Removes the groups of servers that are gone (a crash, a kill -9): in the background, a stale group holds nothing the server needs. */
function removeStale(roots: string[], log?: CgroupLog): void {
  for (const root of roots) {
    for (const name of fs.readdirSync(root)) {
      const owner = Number(name.split('-')[0]);
      if (!Number.isInteger(owner) || owner === process.pid || isAlive(owner)) continue;
      removeGroups([path.join(root, name)]).catch((error: unknown) =>
        log?.warn({ err: error, group: name }, 'task limits: a stale control group could not be removed'),
      );
    }
  }
}

/** cgroup v1 (these machines): one hierarchy per controller, each writable by root. */
class CgroupsV1 implements TaskCgroups {
  readonly version = 1;

  constructor(readonly roots: string[]) {}

  create(limits: CgroupLimits): TaskCgroup {
    const name = groupName();
    const [memory, pids, cpu] = this.roots.map((root) => path.join(root, name)) as [string, string, string];
    const folders = [memory, pids, cpu];
    let current = limits;
    const apply = (next: CgroupLimits) => {
      if (next.memoryMb > 0) {
        const bytes = String(next.memoryMb * 1024 * 1024);
        write(path.join(memory, 'memory.limit_in_bytes'), bytes);
        // with swap accounting, memory + swap: a task cannot trade its limit for swap
        if (fs.existsSync(path.join(memory, 'memory.memsw.limit_in_bytes'))) write(path.join(memory, 'memory.memsw.limit_in_bytes'), bytes);
      }
      if (next.maxProcesses > 0) write(path.join(pids, 'pids.max'), String(next.maxProcesses));
      if (next.cpus > 0) {
        const period = Number(read(path.join(cpu, 'cpu.cfs_period_us'))) || CPU_PERIOD_US;
        write(path.join(cpu, 'cpu.cfs_quota_us'), String(Math.max(1000, Math.round(next.cpus * period))));
      }
      current = next;
    };
    try {
      for (const folder of folders) fs.mkdirSync(folder);
      apply(limits);
    } catch (error) {
      void removeGroups(folders.filter((folder) => fs.existsSync(folder)));
      throw error;
    }
    return {
      procsFiles: folders.map((folder) => path.join(folder, 'cgroup.procs')),
      limitReached: () => {
        if (counter(path.join(memory, 'memory.oom_control'), 'oom_kill') > 0) return { limit: 'memory', of: current.memoryMb };
        if (counter(path.join(pids, 'pids.events'), 'max') > 0) return { limit: 'processes', of: current.maxProcesses };
        return undefined;
      },
      limit: apply,
      remove: () => removeGroups(folders),
    };
  }
}

/** cgroup v2: one hierarchy; the attempts' groups lie in asb-tasks/ of the server's own group. */
class CgroupsV2 implements TaskCgroups {
  readonly version = 2;

  constructor(readonly roots: string[]) {}

  create(limits: CgroupLimits): TaskCgroup {
    const folder = path.join(this.roots[0]!, groupName());
    fs.mkdirSync(folder);
    let current = limits;
    const apply = (next: CgroupLimits) => {
      if (next.memoryMb > 0) {
        write(path.join(folder, 'memory.max'), String(next.memoryMb * 1024 * 1024));
        if (fs.existsSync(path.join(folder, 'memory.swap.max'))) write(path.join(folder, 'memory.swap.max'), '0');
        // an OOM kill ends the whole task, not one of its processes
        write(path.join(folder, 'memory.oom.group'), '1');
      }
      if (next.maxProcesses > 0) write(path.join(folder, 'pids.max'), String(next.maxProcesses));
      if (next.cpus > 0) write(path.join(folder, 'cpu.max'), `${Math.max(1000, Math.round(next.cpus * CPU_PERIOD_US))} ${CPU_PERIOD_US}`);
      current = next;
    };
    try {
      apply(limits);
    } catch (error) {
      void removeGroups([folder]);
      throw error;
    }
    const killAll = (group: string) => {
      if (!fs.existsSync(path.join(group, 'cgroup.kill'))) return false;
      write(path.join(group, 'cgroup.kill'), '1');
      return true;
    };
    return {
      procsFiles: [path.join(folder, 'cgroup.procs')],
      limitReached: () => {
        if (counter(path.join(folder, 'memory.events'), 'oom_kill') > 0) return { limit: 'memory', of: current.memoryMb };
        if (counter(path.join(folder, 'pids.events'), 'max') > 0) return { limit: 'processes', of: current.maxProcesses };
        return undefined;
      },
      limit: apply,
      remove: () => removeGroups([folder], killAll),
    };
  }
}

/** v1: memory, pids and cpu each mounted at /sys/fs/cgroup/{name}; their asb-tasks/ folders, made. */
function openV1(): CgroupsV1 | undefined {
  const own = ownGroups();
  const roots: string[] = [];
  for (const controller of V1_CONTROLLERS) {
    const group = own.get(controller);
    const mount = path.join(MOUNT, controller);
    if (group === undefined || !fs.existsSync(path.join(mount, 'cgroup.procs'))) return undefined;
    roots.push(path.join(mount, group, TASKS));
  }
  for (const root of roots) fs.mkdirSync(root, { recursive: true });
  return new CgroupsV1(roots);
}

/**
 * v2: the server's own group must hand memory, pids and cpu to its children; a group with
 * processes cannot ("no internal processes"), so the server's processes move to a leaf of
 * their own first (what a systemd unit with Delegate=yes expects).
 */
function openV2(): CgroupsV2 | undefined {
  if (!fs.existsSync(path.join(MOUNT, 'cgroup.controllers'))) return undefined;
  const own = path.resolve(MOUNT, `.${ownGroups().get('') ?? '/'}`);
  const available = read(path.join(own, 'cgroup.controllers')).split(/\s+/);
  if (!V2_CONTROLLERS.every((controller) => available.includes(controller))) return undefined;
  const enable = V2_CONTROLLERS.map((controller) => `+${controller}`).join(' ');
  const enabled = read(path.join(own, 'cgroup.subtree_control')).split(/\s+/);
  if (!V2_CONTROLLERS.every((controller) => enabled.includes(controller))) {
    try {
      write(path.join(own, 'cgroup.subtree_control'), enable);
    } catch (error) {
      // EBUSY: the group has processes ("no internal processes"): they move to a leaf of their own first (the real root never refuses)
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY') throw error;
      const leaf = path.join(own, 'asb-server');
      fs.mkdirSync(leaf, { recursive: true });
      for (const pid of read(path.join(own, 'cgroup.procs')).split('\n').filter(Boolean)) write(path.join(leaf, 'cgroup.procs'), pid);
      write(path.join(own, 'cgroup.subtree_control'), enable);
    }
  }
  const root = path.join(own, TASKS);
  fs.mkdirSync(root, { recursive: true });
  write(path.join(root, 'cgroup.subtree_control'), enable);
  return new CgroupsV2([root]);
}

const CGROUPS_MISSING =
  'Task limits: no control groups (cgroup v2 with memory, pids and cpu, or the v1 hierarchies writable by this user): memory is limited per process (RLIMIT_DATA), processes for all tasks together (RLIMIT_NPROC, one fork bomb stalls every task), CPUs by affinity only. Run the server as root, or give it a delegated cgroup.';

/**
 * The control groups of the attempts (docs/security.md "Limits"), v2 or v1, whichever this
 * machine offers and lets this user write; checked by making and removing one group. Leftovers
 * of servers that are gone are removed. Undefined, with a loud warning, when there are none.
 */
export function openCgroups(log?: CgroupLog): TaskCgroups | undefined {
  let cgroups: TaskCgroups | undefined;
  try {
    cgroups = openV2() ?? openV1();
    // an empty group goes at once: remove() only waits when processes are still exiting
    if (cgroups) void cgroups.create({ memoryMb: 64, maxProcesses: 8, cpus: 1 }).remove();
  } catch (error) {
    log?.warn({ err: error }, CGROUPS_MISSING);
    return undefined;
  }
  if (!cgroups) {
    log?.warn({}, CGROUPS_MISSING);
    return undefined;
  }
  removeStale(cgroups.roots, log);
  log?.info?.({ cgroup: cgroups.version, roots: cgroups.roots }, `task limits: cgroup v${cgroups.version} (memory, pids, cpu) for every task`);
  return cgroups;
}

/**
 * Enters the group before anything of the task runs: a shell writes its own pid into the
 * group's cgroup.procs files, then becomes the command (same pid, so every process the
 * sandbox starts is born inside). A write that fails ends it before the command runs.
 */
export function withinCgroup<Launch extends { command: string; args: string[] }>(group: TaskCgroup | undefined, launch: Launch): Launch {
  if (!group) return launch;
  const script = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n - 1)); done; exec "$@"';
  return {
    ...launch,
    command: '/bin/sh',
    args: ['-c', script, 'asb-cgroup', String(group.procsFiles.length), ...group.procsFiles, launch.command, ...launch.args],
  };
}
