import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_NAME, taskRoot, useRecord, type DiskTools, type TaskDisk } from './task-disk.js';

interface LeftoverLog {
  warn(details: object, message?: string): void;
}

/** What an attempt wrote to its outputs put in its outputs folder, as the attempt's end does it. */
function keepOutputs(tools: Pick<DiskTools, 'cp'>, disk: TaskDisk, outDir: string): void {
  const copy = `${outDir}.${process.pid}.kept`;
  fs.rmSync(copy, { recursive: true, force: true });
  if (spawnSync(tools.cp, ['-a', '--no-dereference', '--', path.join(taskRoot(disk), 'out'), copy]).status !== 0) return;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(copy, outDir);
}

const isMounted = (disk: TaskDisk, dir: string) => {
  const stat = fs.statSync(disk.mountPoint, { throwIfNoEntry: false });
  return stat !== undefined && stat.dev !== fs.statSync(dir).dev;
};

/**
 * Task filesystems of processes that are gone (a crash, a kill -9), in this server's disks
 * folder only: another server's on the same machine, in its own data directory, are never
 * looked at. One an attempt was using has what that attempt wrote to its outputs put in its
 * outputs folder (its next attempt finds it there, as it would without the filesystem); then
 * each is unmounted and removed. `isLeft(pid)`: whether that process is gone.
 */
export function releaseLeftoverDisks(dir: string, tools: Pick<DiskTools, 'umount' | 'cp'>, isLeft: (pid: number) => boolean, log?: LeftoverLog): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = IMAGE_NAME.exec(name);
    const pid = Number(match?.[3]);
    if (!match || pid === process.pid || !isLeft(pid)) continue;
    const disk: TaskDisk = { diskMb: Number(match[1]), image: path.join(dir, name), mountPoint: path.join(dir, name.slice(0, -'.img'.length)) };
    const record = useRecord(disk);
    // two processes sweeping at once: the one that took the record releases it, the other leaves it
    const sweepers = names.filter((other) => other.startsWith(`${path.basename(record)}.`)).map((other) => Number(path.extname(other).slice(1)));
    if (sweepers.some((sweeper) => !isLeft(sweeper))) continue;
    const taken = `${record}.${process.pid}`;
    let outDir: string | undefined;
    try {
      fs.renameSync(record, taken);
      outDir = (JSON.parse(fs.readFileSync(taken, 'utf8')) as { outDir: string }).outDir;
    } catch {
      if (fs.existsSync(record)) continue;
    }
    try {
      if (outDir && isMounted(disk, dir)) keepOutputs(tools, disk, outDir);
    } finally {
      spawnSync(tools.umount, ['-l', disk.mountPoint]);
      fs.rmSync(disk.image, { force: true });
      fs.rmSync(taken, { force: true });
      for (const sweeper of names.filter((other) => other.startsWith(`${path.basename(record)}.`))) fs.rmSync(path.join(dir, sweeper), { force: true });
      try {
        fs.rmdirSync(disk.mountPoint);
      } catch {
        // not there, or another mount still on it: the next sweep sees the folder without its image and leaves it
      }
    }
    if (outDir) log?.warn({ outDir }, 'task disk: the filesystem of an attempt whose process was killed was removed, its outputs kept');
  }
}
