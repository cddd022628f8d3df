import { execFile, spawnSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { diskPlaces, startReaper } from './disk-places.js';
import { releaseLeftoverDisks } from './leftover-disks.js';
import { taskOut, taskRoot, useRecord, type DiskPlaces, type DiskTools, type TaskDisk } from './task-disk.js';
import { TaskDiskPool, type ClaimedTaskDisk } from './task-disk-pool.js';

const run = promisify(execFile);

/** What the attempt's own filesystem needs to know: where, how large, whose. */
export interface AttemptDiskPlan {
  /** the attempt's scratch folder: the runtime's files there (job.json) are copied onto the filesystem, outputs.json back after the end */
  scratchDir: string;
  /** where the outputs go once the task ended (the sandbox shows the filesystem's out/ as /task/out meanwhile) */
  outDir: string;
  diskMb: number;
}

/** The attempt's own filesystem, ready: `finish` copies the outputs out and gives it back. */
export interface AttemptDisk {
  /** whether it is (nearly) full: the task failed at its disk limit */
  isFull(): Promise<boolean>;
  /** after the task's end: the outputs into outDir, outputs.json into scratchDir; the filesystem is wiped or removed after that, in the background */
  finish(): Promise<void>;
}

/** A filesystem taken for one attempt (TaskSandbox.spawn): the sandbox shows `root` as the scratch folder, its out/ as the outputs. */
export interface ClaimedDisk {
  readonly root: string;
  /** before the task starts: once it is mounted, what the runtime put in the scratch folder and what an earlier attempt left in the outputs folder copied on */
  open(): Promise<AttemptDisk>;
  /** not used after all (the start failed before `open`): given back */
  release(): void;
}

export interface DiskQuota {
  /** a filesystem of the plan's size, made ahead or (none ready) made for it now: synchronous, the sandbox's mounts need its place */
  claim(plan: AttemptDiskPlan): ClaimedDisk;
  /** resolves once the filesystems being made or wiped are ready (or gone) */
  settled(): Promise<void>;
  /** the filesystems made ahead removed */
  close(): Promise<void>;
}

interface DiskLog {
  info?(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

/** What the runtimes read of the scratch folder after the end (task-files.ts), at most its 16 MB and one byte. */
const KEPT_FILE = 'outputs.json';
const KEPT_BYTES = 16 * 1024 * 1024 + 1;
/** full: less than this is left (ext4 keeps a few blocks of its own) */
const FULL_BYTES = 64 * 1024;

function tool(name: string): string | undefined {
  return ['/usr/sbin', '/sbin', '/usr/bin', '/bin'].map((folder) => path.join(folder, name)).find((file) => fsSync.existsSync(file));
}

/**
 * The regular files at the top of a folder (the runtime's job.json), copied onto the
 * filesystem as they were, with their permissions (the runtime opened job.json to the task
 * user on purpose, which the server's umask 077 would undo). Not outputs.json: a runtime may
 * have opened it already (cwltool's stdout), and writes there, on the host.
 */
function copyTopFiles(from: string, to: string): void {
  const entries = fsSync.readdirSync(from, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name === KEPT_FILE) continue;
    const file = path.join(from, entry.name);
    fsSync.copyFileSync(file, path.join(to, entry.name));
    fsSync.chmodSync(path.join(to, entry.name), fsSync.statSync(file).mode & 0o777);
  }
}

/** outputs.json as the task left it: only a plain file, never followed through a link, at most what the reader accepts and one byte. */
function keptFile(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = fsSync.openSync(file, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stat = fsSync.fstatSync(fd);
    if (!stat.isFile()) return undefined;
    // its size and one byte (a file grown past the limit is read to the limit and refused by the reader), not 16 MB zeroed for every task
    const buffer = Buffer.alloc(Math.min(stat.size + 1, KEPT_BYTES));
    return buffer.subarray(0, fsSync.readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    fsSync.closeSync(fd);
  }
}

/**
 * Synchronous where it can be on purpose: these metadata calls take microseconds, while each
 * await lets the orchestrator's database work (PGlite shares the thread) go first and delays
 * the task (bench/engine/README.md). Only copies of outputs, when there are any, are awaited.
 */
class LoopDiskQuota implements DiskQuota {
  constructor(
    private readonly tools: DiskTools,
    private readonly pool: TaskDiskPool,
    /** ends the reaper (disk-places.ts) once the filesystems are gone */
    private readonly endReaper: () => void,
    /** a killed process's filesystems released here (its reaper could not) */
    private readonly sweep: () => void,
  ) {}

  claim(plan: AttemptDiskPlan): ClaimedDisk {
    const claimed = this.pool.claim(plan.diskMb);
    return { root: taskRoot(claimed.disk), open: () => this.open(plan, claimed), release: () => this.pool.release(claimed.disk) };
  }

  settled(): Promise<void> {
    return this.pool.settled();
  }

  async close(): Promise<void> {
    await this.pool.close();
    this.endReaper();
  }

  private async open(plan: AttemptDiskPlan, claimed: ClaimedTaskDisk): Promise<AttemptDisk> {
    const { scratchDir, outDir } = plan;
    const { disk } = claimed;
    const root = taskRoot(disk);
    let outFd: number | undefined;
    try {
      if (!claimed.isReady) await claimed.ready;
      copyTopFiles(scratchDir, root);
      fsSync.mkdirSync(outDir, { recursive: true });
      // the same attempt on a process that was killed (delivered again): its reaper puts back what it wrote first
      if (isMountPoint(outDir)) await this.released(outDir);
      // what an earlier attempt of the task left in its outputs folder, as the task saw it there before
      if (fsSync.readdirSync(outDir).length > 0) await run(this.tools.cp, ['-a', '--no-dereference', '--', `${outDir}/.`, taskOut(disk)]);
      // Before the task starts, while out/ is the folder made for it: the task owns its root and
      // may put a link to a host folder (/etc, /) at out/. Followed, the bind would show that
      // folder as the outputs, and the end would copy the link there and tidy the outputs by
      // deleting every link under the host folder (task-disks.integration.test.ts).
      outFd = fsSync.openSync(taskOut(disk), fsSync.constants.O_RDONLY | fsSync.constants.O_DIRECTORY | fsSync.constants.O_NOFOLLOW);
      fsSync.writeFileSync(useRecord(disk), outDir, { mode: 0o600 });
    } catch (error) {
      if (outFd !== undefined) fsSync.closeSync(outFd);
      this.pool.release(disk);
      throw error;
    }
    const out: OpenedOut = { fd: outFd, path: `/proc/${process.pid}/fd/${outFd}` };
    // The outputs folder shows the filesystem's out/ while the task runs: the portal sees them
    // grow where they always lie. From LIVE_AFTER_MS on: a task over before then was never
    // watched, and costs no mount and no unmount (each a process this thread forks).
    let binding: Promise<void> | undefined;
    let isFinished = false;
    const bind = setTimeout(() => {
      if (!isFinished)
        // the descriptor's folder itself: not canonicalized, the kernel follows the descriptor, not a path the task may have changed
        binding = run(this.tools.mount, ['--bind', '--no-canonicalize', out.path, outDir]).then(
          () => undefined,
          () => undefined,
        );
    }, LIVE_AFTER_MS);
    return {
      isFull: async () => {
        const stat = await fs.statfs(root);
        return stat.bavail * stat.bsize < FULL_BYTES;
      },
      finish: async () => {
        isFinished = true;
        clearTimeout(bind);
        await binding;
        return this.finish(plan, disk, out, binding !== undefined);
      },
    };
  }

  /**
   * The outputs copied beside the outputs folder and put in its place; the filesystem given
   * back once that is done. The attempt's use record goes with it: a kill after this point
   * leaves the outputs folder alone (the task's next attempt may be writing there already).
   */
  private async finish(plan: AttemptDiskPlan, disk: TaskDisk, out: OpenedOut, isBound: boolean): Promise<void> {
    const { scratchDir, outDir } = plan;
    const copy = `${outDir}.${process.pid}.kept`;
    try {
      fsSync.rmSync(copy, { recursive: true, force: true });
      if (fsSync.readdirSync(`/proc/self/fd/${out.fd}`).length > 0) {
        // -a: the task user's ownership and sparse files kept, links copied as links (tidyOutputs removes them), nothing followed
        await run(this.tools.cp, ['-a', '--no-dereference', '--', `${out.path}/.`, copy]);
      } else {
        // nothing in it: the folder alone, as cp -a would have made it
        const stat = fsSync.fstatSync(out.fd);
        fsSync.mkdirSync(copy);
        fsSync.chmodSync(copy, stat.mode & 0o7777);
        fsSync.chownSync(copy, stat.uid, stat.gid);
      }
      const kept = keptFile(path.join(taskRoot(disk), KEPT_FILE));
      // lazily: a download of an output still open goes on from the filesystem
      if (isBound) await run(this.tools.umount, ['-l', outDir]);
      fsSync.rmSync(outDir, { recursive: true, force: true });
      fsSync.renameSync(copy, outDir);
      if (kept) fsSync.writeFileSync(path.join(scratchDir, KEPT_FILE), kept, { mode: 0o600 });
    } finally {
      fsSync.rmSync(copy, { recursive: true, force: true });
      // still bound after a failure: lazily, it goes once nothing uses it
      if (isMountPoint(outDir)) await run(this.tools.umount, ['-l', outDir]).catch(() => undefined);
      fsSync.closeSync(out.fd);
      fsSync.rmSync(useRecord(disk), { force: true });
      // wiped (or removed) in the background while the outcome is reported: off the next task's path
      this.pool.release(disk);
    }
  }

  /** Once a killed process's reaper unbound the outputs folder (waited for a while), else released here. */
  private async released(outDir: string): Promise<void> {
    for (let waited = 0; waited < REAPER_WAIT_MS && isMountPoint(outDir); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    if (isMountPoint(outDir)) this.sweep();
  }
}

/** The attempt's out/ as opened before the task started: its descriptor, and the path child processes reach it by. */
interface OpenedOut {
  fd: number;
  path: string;
}

/** When a running task's outputs folder starts to show its outputs. */
const LIVE_AFTER_MS = 250;

/** How long an attempt waits for a killed process's reaper to give its outputs folder back. */
const REAPER_WAIT_MS = 10_000;

function isMountPoint(folder: string): boolean {
  const stat = fsSync.statSync(folder, { throwIfNoEntry: false });
  return stat !== undefined && stat.dev !== fsSync.statSync(path.dirname(folder)).dev;
}

/** The filesystems of processes on this data directory that are gone (a crash, a kill -9) and whose reaper did not remove them. */
function sweep(places: DiskPlaces, tools: DiskTools, log?: DiskLog): void {
  const released = releaseLeftoverDisks(places, tools, (pid) => !isAlive(pid));
  if (released > 0) log?.warn({ released }, 'task disk: filesystems left by a process that was killed were removed, their outputs kept');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const DISK_POLL_ONLY =
  "Task disk: no filesystem of its own per attempt (it needs root, mkfs.ext4 and loop devices): a task's folders are measured every 2 s, and a task can write far past its disk limit in between (fallocate).";

interface DiskQuotaPlan {
  /** where this server keeps its task filesystems' images: in its own data directory (disk-places.ts) */
  dir: string;
  /** the task user */
  owner: { uid: number; gid: number };
  /** filesystems kept ready per disk size (ASB_SANDBOX_POOL) */
  poolSize: number;
  log?: DiskLog;
}

/** The tools, once one filesystem was made and mounted here; or why none can be (not root, no mkfs.ext4, no loop devices). */
export function probeDiskQuota(): DiskTools | string {
  const tools = { mkfs: tool('mkfs.ext4'), mount: tool('mount'), umount: tool('umount'), cp: tool('cp') };
  if (process.getuid?.() !== 0) return 'not root';
  if (!tools.mkfs || !tools.mount || !tools.umount || !tools.cp) return 'mkfs.ext4, mount, umount or cp not found';
  if (!fsSync.existsSync('/dev/loop-control')) return 'no loop devices';
  const root = fsSync.mkdtempSync(path.join(os.tmpdir(), 'asb-disk-probe-'));
  try {
    const image = path.join(root, 'probe.img');
    const mountPoint = path.join(root, 'mnt');
    fsSync.mkdirSync(mountPoint);
    fsSync.writeFileSync(image, '');
    fsSync.truncateSync(image, 1024 * 1024);
    for (const [command, args] of [
      [tools.mkfs, ['-q', '-F', '-O', '^has_journal,^resize_inode', '-m', '0', image]],
      [tools.mount, ['-o', 'loop,nosuid,nodev', image, mountPoint]],
      [tools.umount, [mountPoint]],
    ] as const) {
      const result = spawnSync(command, args, { encoding: 'utf8' });
      if (result.status !== 0) return `${path.basename(command)}: ${(result.stderr || result.error?.message || `exit ${result.status}`).trim()}`;
    }
  } finally {
    spawnSync(tools.umount, ['-l', path.join(root, 'mnt')]);
    fsSync.rmSync(root, { recursive: true, force: true });
  }
  return { mkfs: tools.mkfs, mount: tools.mount, umount: tools.umount, cp: tools.cp };
}

/**
 * Every attempt's writable folders on a filesystem of its own, of its disk limit: a
 * loop-mounted, sparse ext4 image (docs/security.md "Limits"), so no write, fallocate
 * included, goes past it; made ahead and reused once wiped (task-disk-pool.ts). Checked by
 * making one; undefined, with a warning, where it cannot be (not root, no mkfs.ext4, no loop
 * devices): the 2-s measurement is all there is then.
 */
export function openDiskQuota(plan: DiskQuotaPlan): DiskQuota | undefined {
  const { log } = plan;
  const probed = probeDiskQuota();
  if (typeof probed === 'string') {
    log?.warn({ reason: probed }, DISK_POLL_ONLY);
    return undefined;
  }
  const found = probed;
  const places = diskPlaces(plan.dir);
  sweep(places, found, log);
  log?.info?.({}, 'task disk: every attempt on a filesystem of its own, of its disk limit (loop-mounted ext4, made ahead)');
  const pool = new TaskDiskPool({ places, tools: found, owner: plan.owner, size: plan.poolSize, log });
  return new LoopDiskQuota(found, pool, startReaper(places, found), () => sweep(places, found));
}
