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
export function diskPlaces(imagesDir: string): DiskPlaces {
  fs.mkdirSync(imagesDir, { recursive: true, mode: 0o700 });
  const images = fs.realpathSync(imagesDir);
  const base = fs.existsSync('/run') ? '/run' : os.tmpdir();
  const mounts = path.join(base, 'asb-task-disks', createHash('sha256').update(images).digest('hex').slice(0, 16));
  for (const folder of [images, path.dirname(mounts), mounts]) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    // only root looks into the filesystems of tasks (each sees its own root, through the sandbox)
    fs.chmodSync(folder, 0o700);
  }
  return { images, mounts };
}

/**
 * A shell that outlives this process: when it ends, however it ends (a kill -9 included),
 * its stdin closes and the shell puts what each running attempt wrote in its outputs folder
 * (where it was bound: the next attempt of the task finds it there, as it would without the
 * filesystem), then unmounts and removes this process's filesystems; a normal close ends it
 * the same way (nothing is in use then). Detached, in a process group of its own.
 */
export function startReaper(places: DiskPlaces, tools: Pick<DiskTools, 'umount' | 'cp'>): () => void {
  const script = [
    'cat > /dev/null',
    'for record in "$1"/*."$3".use; do',
    '  [ -f "$record" ] || continue',
    '  out=$(cat "$record"); point=${record%.use}',
    '  if "$5" -a --no-dereference -- "$point/task/out" "$out.$3.kept"; then "$4" -l "$out"; rm -rf -- "$out"; mv -- "$out.$3.kept" "$out"; else "$4" -l "$out"; fi',
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
