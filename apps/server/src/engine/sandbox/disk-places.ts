import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DiskPlaces, DiskTools } from './task-disk.js';

/**
 * Where the task filesystems of the processes on one data directory lie: their images in
 * `{data dir}/task-disks/`, their mount points in a folder named after it under /run (or the
 * temporary folder), outside the data directory: removing a data directory (a test's, or an
 * operator's after a crash) never meets a mount. Both root's only.
 */
export function diskPlaces(imagesDir: string, base = fs.existsSync('/run') ? '/run' : os.tmpdir()): DiskPlaces {
  fs.mkdirSync(imagesDir, { recursive: true, mode: 0o700 });
  const images = fs.realpathSync(imagesDir);
  const mounts = path.join(base, 'asb-task-disks', createHash('sha256').update(images).digest('hex').slice(0, 16));
  for (const folder of [images, path.dirname(mounts), mounts]) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    // In a shared temporary folder (no /run) another user may have made it first, or put a
    // link there: the chmod below and every mount would follow it. (The images' folder is the
    // data directory's, the operator's.)
    const stat = fs.lstatSync(folder);
    if (folder !== images && (!stat.isDirectory() || stat.uid !== process.getuid?.())) {
      throw new Error(`${folder} is not a folder of this server's user: task filesystems are not mounted there (remove it, or give the server a /run)`);
    }
    // only root looks into the filesystems of tasks (each sees its own root, through the sandbox)
    fs.chmodSync(folder, 0o700);
  }
  return { images, mounts };
}

/** The reapers of this process, by mount folder, with how many disk quotas use each. */
const reapers = new Map<string, { users: number; end: () => void }>();

/**
 * A shell that outlives this process: when it ends, however it ends (a kill -9 included),
 * its stdin closes and the shell puts what each running attempt wrote in its outputs folder
 * (where it was bound: the next attempt of the task finds it there, as it would without the
 * filesystem), then unmounts and removes this process's filesystems; a normal close ends it
 * the same way (nothing is in use then). Detached, in a process group of its own. One per
 * process and data directory: two disk quotas of one process on the same data directory (a
 * replica beside its server) share it, and it ends when the last one closes — the first to
 * close once removed the other's filesystems under its running attempts.
 */
export function startReaper(places: DiskPlaces, tools: Pick<DiskTools, 'umount' | 'cp'>): () => void {
  const shared = reapers.get(places.mounts) ?? { users: 0, end: spawnReaper(places, tools) };
  reapers.set(places.mounts, shared);
  shared.users++;
  let isEnded = false;
  return () => {
    if (isEnded) return;
    isEnded = true;
    if (--shared.users > 0) return;
    reapers.delete(places.mounts);
    shared.end();
  };
}

function spawnReaper(places: DiskPlaces, tools: Pick<DiskTools, 'umount' | 'cp'>): () => void {
  const script = [
    'cat > /dev/null',
    'for record in "$1"/*."$3".use; do',
    '  [ -f "$record" ] || continue',
    '  out=$(cat "$record")',
    // From the outputs folder, where the attempt's own out/ is bound: not from out/ in the task's
    // root, where the task may have put a link to a host folder. A copy left by a kill during an
    // attempt's end is no base (cp would put the outputs inside it).
    '  rm -rf -- "$out.$3.kept"',
    '  if "$5" -a --no-dereference -- "$out/." "$out.$3.kept"; then "$4" -l "$out"; rm -rf -- "$out"; mv -- "$out.$3.kept" "$out"; else "$4" -l "$out"; fi',
    '  rm -f "$record"',
    'done',
    'for point in "$1"/*."$3"; do [ -d "$point" ] || continue; "$4" -l "$point" 2> /dev/null; rmdir "$point"; done',
    'rm -f "$2"/*."$3".img',
    // the folder of mount points too once no process of the data directory has one there (makeDisk makes it again)
    'rmdir "$1" 2> /dev/null',
  ].join('\n');
  const args = [places.mounts, places.images, String(process.pid), tools.umount, tools.cp];
  const reaper = spawn('/bin/sh', ['-c', script, 'asb-disk-reaper', ...args], {
    cwd: '/',
    env: {},
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  reaper.on('error', () => undefined);
  reaper.stdin?.on('error', () => undefined);
  // it must not keep this process alive
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return () => reaper.stdin?.end();
}
