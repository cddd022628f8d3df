import path from 'node:path';

/** Where things are inside the sandbox (docs/security.md, "What a task sees"). */
export const INSIDE = {
  runner: '/task/runner/asb_runner.py',
  wrapper: '/task/wrapper',
  out: '/task/out',
  scratch: '/task/scratch',
  work: '/task/scratch/work',
  tmp: '/tmp',
  outputs: '/task/scratch/outputs.json',
  inputs: '/task/inputs',
} as const;

/** The host's system, as the sandbox shows it: read-only. */
export interface HostLayout {
  /** /bin, /lib, ... that are symlinks into /usr (merged /usr): [name, target] */
  symlinks: [string, string][];
  /** top-level system folders that are real folders: bound read-only */
  folders: string[];
  /** files of /etc every runtime needs (loader cache, alternatives, time zone, python's own) */
  etc: string[];
  /** files of /etc only a task with the network needs (certificates, name resolution) */
  networkEtc: string[];
  /** the interpreter's installation when it lies outside those folders (pyenv, a venv), read-only */
  extra: string[];
}

/** Tools the command chain uses, absolute paths inside /usr. */
export interface SandboxTools {
  bwrap: string;
  setpriv: string;
}

export interface BwrapPlan {
  tools: SandboxTools;
  host: HostLayout;
  /** server runs as root: bubblewrap builds the sandbox as root, the task runs as this real uid/gid */
  dropTo?: { uid: number; gid: number };
  /** true: the sandbox keeps the network namespace it starts in (its own egress-only one, or the host's) */
  network: boolean;
  /** true: no network, and the sandbox keeps the empty network namespace it starts in, made ahead (a prepared sandbox, sandbox-pool.ts) */
  keepsNetworkNamespace?: boolean;
  /** the fd bubblewrap reads the egress-only network's /etc/resolv.conf from, shown in place of the host's (task-network.ts) */
  resolvConfFd?: number;
  mounts: {
    runner: string;
    wrapperDir: string;
    outDir: string;
    scratchDir: string;
    inputs: [string, string][];
    /** host folders a runtime needs besides the system's (the model runtime's script and its node_modules): read-only, at the same path */
    readOnly?: string[];
  };
  /** the task's environment; the runner reads its limits from it (ASB_MEMORY_MB, ASB_DISK_MB, ...) */
  env: NodeJS.ProcessEnv;
  /** what runs inside: [python, runner, ...args] */
  command: string[];
}

/** The uid and gid the task sees: nobody's, whoever it really is. */
const INNER_ID = '65534';

function namespaces(keepsNetwork: boolean): string[] {
  return ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try', ...(keepsNetwork ? [] : ['--unshare-net']), '--hostname', 'asb-task'];
}

/** Every folder above a mount point, outermost first (not '/'). */
function parentsOf(targets: string[]): string[] {
  const parents = new Set<string>();
  for (const target of targets) {
    for (let folder = path.dirname(target); folder !== '/' && folder !== '.'; folder = path.dirname(folder)) parents.add(folder);
  }
  return [...parents].sort((a, b) => a.split('/').length - b.split('/').length);
}

function mounts(plan: BwrapPlan): string[] {
  const { host, mounts: m } = plan;
  const args: string[] = [];
  const etc = plan.network ? [...host.etc, ...host.networkEtc] : host.etc;
  // bubblewrap makes missing folders with the server's umask (077: 0700), which the task's
  // user could not enter: the folders above the mount points are made 0755 first
  const readOnly = (m.readOnly ?? []).filter((folder) => !host.folders.some((system) => folder === system || folder.startsWith(`${system}/`)));
  // the task's /tmp first: a runtime's folders under the host's /tmp (a portal installed
  // there) are then mounted inside it, where a later /tmp would hide them
  args.push('--bind', path.join(m.scratchDir, 'tmp'), INSIDE.tmp);
  for (const folder of parentsOf([...etc, ...host.extra, ...readOnly]).filter((parent) => parent !== INSIDE.tmp)) args.push('--perms', '0755', '--dir', folder);
  for (const folder of host.folders) args.push('--ro-bind', folder, folder);
  for (const [name, target] of host.symlinks) args.push('--symlink', target, name);
  // each mount costs a few hundred microseconds of every task's start: only what is needed
  for (const file of etc) {
    if (file === '/etc/resolv.conf' && plan.resolvConfFd !== undefined) args.push('--perms', '0644', '--ro-bind-data', String(plan.resolvConfFd), file);
    else args.push('--ro-bind-try', file, file);
  }
  for (const folder of [...host.extra, ...readOnly]) args.push('--ro-bind', folder, folder);
  args.push('--proc', '/proc', '--dev', '/dev');
  for (const folder of ['/task', '/task/runner', INSIDE.inputs]) args.push('--perms', '0755', '--dir', folder);
  args.push('--ro-bind', m.runner, INSIDE.runner, '--ro-bind', m.wrapperDir, INSIDE.wrapper);
  args.push('--bind', m.outDir, INSIDE.out, '--bind', m.scratchDir, INSIDE.scratch);
  for (const [source, target] of m.inputs) args.push('--perms', '0755', '--dir', path.dirname(target), '--ro-bind-try', source, target);
  return args;
}

function environment(env: NodeJS.ProcessEnv): string[] {
  const args = ['--clearenv'];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) args.push('--setenv', name, value);
  return args;
}

/**
 * The bubblewrap command line of one attempt (docs/security.md, "The sandbox").
 *
 * As a normal user, one bubblewrap makes a user namespace (the task is uid 65534 inside,
 * the server's user outside) and the other namespaces. As root, bubblewrap inside a user
 * namespace would be root outside, and the unprivileged user could not reach the data
 * directory (0700) to bind the attempt's folders: so an outer bubblewrap, still root,
 * builds the mount namespace, setpriv drops to ASB_TASK_UID, and an inner bubblewrap adds
 * the user namespace. Both die with their parent, so nothing outlives a killed server.
 */
export function bwrapArgs(plan: BwrapPlan): string[] {
  const userNamespace = ['--unshare-user', '--uid', INNER_ID, '--gid', INNER_ID, '--disable-userns', '--die-with-parent'];
  const setup = [
    ...namespaces(plan.network || plan.keepsNetworkNamespace === true),
    '--die-with-parent',
    ...mounts(plan),
    '--chdir',
    INSIDE.work,
    ...environment(plan.env),
  ];
  if (!plan.dropTo) return [...userNamespace, ...setup, '--', ...plan.command];
  const { uid, gid } = plan.dropTo;
  return [
    ...setup,
    '--cap-add',
    'CAP_SETUID',
    '--cap-add',
    'CAP_SETGID',
    '--',
    plan.tools.setpriv,
    `--reuid=${uid}`,
    `--regid=${gid}`,
    '--clear-groups',
    '--',
    plan.tools.bwrap,
    ...userNamespace,
    '--bind',
    '/',
    '/',
    '--chdir',
    INSIDE.work,
    '--',
    ...plan.command,
  ];
}
