import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DISK_NAME, type DiskPlaces, type DiskTools } from './task-disk.js';

/**
 * What an attempt wrote put in its outputs folder, as the attempt's end does it: copied from
 * the outputs folder, where its out/ is bound, never from out/ in the task's root (the task may
 * have put a link to a host folder there; disk-places.ts).
 */
function keepOutputs(tools: Pick<DiskTools, 'umount' | 'cp'>, outDir: string): void {
  const copy = `${outDir}.${process.pid}.kept`;
  fs.rmSync(copy, { recursive: true, force: true });
  const isCopied = spawnSync(tools.cp, ['-a', '--no-dereference', '--', `${outDir}/.`, copy]).status === 0;
  spawnSync(tools.umount, ['-l', outDir]);
  if (!isCopied) return;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(copy, outDir);
}

const namesIn = (folder: string) => {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
};

/**
 * Task filesystems of processes on this data directory that are gone and whose reaper could
 * not remove them (disk-places.ts: both killed at once, a control group's kill): what a
 * running attempt wrote put in its outputs folder, then unmounted and removed. Only this data
 * directory's places are looked at: another server on the machine, with its own data
 * directory, is never touched. `isLeft(pid)`: whether that process is gone.
 */
export function releaseLeftoverDisks(places: DiskPlaces, tools: Pick<DiskTools, 'umount' | 'cp'>, isLeft: (pid: number) => boolean): number {
  const isLeftover = (name: string) => {
    const pid = Number(DISK_NAME.exec(name)?.[3]);
    return Number.isInteger(pid) && pid !== process.pid && isLeft(pid);
  };
  let released = 0;
  for (const record of namesIn(places.mounts).filter((name) => name.endsWith('.use') && isLeftover(name.slice(0, -'.use'.length)))) {
    const file = path.join(places.mounts, record);
    keepOutputs(tools, fs.readFileSync(file, 'utf8'));
    fs.rmSync(file, { force: true });
  }
  for (const name of namesIn(places.mounts).filter(isLeftover)) {
    const point = path.join(places.mounts, name);
    spawnSync(tools.umount, ['-l', point]);
    try {
      fs.rmdirSync(point);
      released++;
    } catch {
      // still in use through another mount: the next sweep tries again
    }
  }
  for (const name of namesIn(places.images).filter((name) => name.endsWith('.img') && isLeftover(name)))
    fs.rmSync(path.join(places.images, name), { force: true });
  return released;
}
