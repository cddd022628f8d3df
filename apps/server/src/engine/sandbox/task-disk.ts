import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface DiskTools {
  mkfs: string;
  mount: string;
  umount: string;
  cp: string;
}

/**
 * One task filesystem: a sparse ext4 image `<mb>-<n>.<pid>.img` in the data directory's disks
 * folder, loop-mounted on `<mb>-<n>.<pid>/` in that folder's mounts folder, outside the data
 * directory (so removing a data directory never meets a mount; disk-places.ts). The pid says
 * which process may use it: a dead one's are removed (leftover-disks.ts). An attempt sees only
 * its `task/` folder.
 */
export interface TaskDisk {
  readonly diskMb: number;
  readonly image: string;
  readonly mountPoint: string;
}

/** `<mb>-<n>.<pid>`, `.img` for its image: its size, its number, the process that made it. */
export const DISK_NAME = /^(\d+)-(\d+)\.(\d+)(\.img)?$/;

/** Where a process keeps its filesystems: the images in the data directory, the mount points apart. */
export interface DiskPlaces {
  images: string;
  mounts: string;
}

/** What an attempt is shown: a folder made afresh for each (a new inode: nothing a task set on it survives it). */
export const taskRoot = (disk: TaskDisk) => path.join(disk.mountPoint, 'task');

/**
 * The attempt's outputs folder, inside its root. The task owns the root and may rename it or
 * put a link to a host folder in its place while it runs: after the start the server reaches it
 * only through a descriptor opened before (disk-quota.ts), never through this path.
 */
export const taskOut = (disk: TaskDisk) => path.join(taskRoot(disk), 'out');

/** Written while an attempt uses it (its outputs folder, where its out/ is bound): a killed process's are put back there (disk-places.ts). */
export const useRecord = (disk: TaskDisk) => `${disk.mountPoint}.use`;

/** the folders the task writes, inside its root */
const FOLDERS = ['out', 'work', 'tmp'];

/**
 * Numbered across the whole process, not per pool: two pools on one data directory in one
 * process (a replica beside its server in the tests, the engine's and the model services'
 * sandboxes) once both made `8-0.<pid>`, one mounted over the other, and an attempt's host-side
 * paths then led into another attempt's filesystem.
 */
let made = 0;

/** A new filesystem's place, never one this process gave out before. */
export function nextDisk(places: DiskPlaces, diskMb: number): TaskDisk {
  const name = `${diskMb}-${made++}.${process.pid}`;
  return { diskMb, image: path.join(places.images, `${name}.img`), mountPoint: path.join(places.mounts, name) };
}

/** Makes and mounts it: root's, only the attempt's root is the task user's. */
export async function makeDisk(tools: DiskTools, disk: TaskDisk): Promise<void> {
  await fs.rm(disk.image, { force: true });
  // sparse: the image takes only what tasks write; no journal, nothing reserved (it lives as long as the server)
  await fs.writeFile(disk.image, '', { mode: 0o600 });
  await fs.truncate(disk.image, Math.max(1, Math.ceil(disk.diskMb)) * 1024 * 1024);
  await run(tools.mkfs, ['-q', '-F', '-O', '^has_journal,^resize_inode', '-m', '0', '-E', 'nodiscard', disk.image]);
  await fs.mkdir(disk.mountPoint, { recursive: true, mode: 0o700 });
  await run(tools.mount, ['-o', 'loop,nosuid,nodev', disk.image, disk.mountPoint]);
  await fs.rm(path.join(disk.mountPoint, 'lost+found'), { recursive: true, force: true });
}

/** The attempt's root, empty, with its folders, all the task user's. */
export async function makeTaskRoot(disk: TaskDisk, owner: { uid: number; gid: number }): Promise<void> {
  const root = taskRoot(disk);
  await fs.mkdir(root);
  // not the server's umask: as mkfs would have made it
  await fs.chmod(root, 0o755);
  await fs.chown(root, owner.uid, owner.gid);
  for (const folder of FOLDERS) {
    await fs.mkdir(path.join(root, folder), { mode: 0o700 });
    await fs.chown(path.join(root, folder), owner.uid, owner.gid);
  }
}

/**
 * Ready for another attempt, or false: the previous attempt's root removed whole (files,
 * links never followed, and the folder itself with whatever attributes the task set on it),
 * nothing else left on the filesystem. False also when the image grew past `maxImageBytes`
 * on the host (freed blocks stay in a sparse image): the caller makes a fresh one instead.
 */
export async function wipeDisk(disk: TaskDisk, maxImageBytes: number): Promise<boolean> {
  await fs.rm(taskRoot(disk), { recursive: true, force: true });
  await fs.rm(useRecord(disk), { force: true });
  if ((await fs.readdir(disk.mountPoint)).length > 0) return false;
  return (await fs.stat(disk.image)).blocks * 512 <= maxImageBytes;
}

/** Unmounted (lazily when still busy) and gone. */
export async function discardDisk(tools: DiskTools, disk: TaskDisk): Promise<void> {
  await run(tools.umount, [disk.mountPoint]).catch(() => run(tools.umount, ['-l', disk.mountPoint]).catch(() => undefined));
  await fs.rm(disk.image, { force: true });
  await fs.rm(useRecord(disk), { force: true });
  await fs.rmdir(disk.mountPoint).catch(() => undefined);
}
