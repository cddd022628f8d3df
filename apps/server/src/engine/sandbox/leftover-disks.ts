import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DISK_NAME, type DiskPlaces, type DiskTools } from './task-disk.js';

const namesIn = (folder: string) => {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
};

/**
 * Task filesystems of processes on this data directory that are gone and whose reaper could
 * not remove them (disk-places.ts: both killed at once, a control group's kill): unmounted and
 * removed. Only this data directory's places are looked at: another server on the machine,
 * with its own data directory, is never touched. What an attempt of a killed process wrote
 * went with its filesystem: its task runs again from the outputs folder as it was before.
 * `isLeft(pid)`: whether that process is gone.
 */
export function releaseLeftoverDisks(places: DiskPlaces, tools: Pick<DiskTools, 'umount'>, isLeft: (pid: number) => boolean): number {
  const isLeftover = (name: string) => {
    const pid = Number(DISK_NAME.exec(name)?.[3]);
    return Number.isInteger(pid) && pid !== process.pid && isLeft(pid);
  };
  let released = 0;
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
