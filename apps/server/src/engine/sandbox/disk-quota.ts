import { execFile, spawnSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the attempt's own filesystem needs to know: where, how large, whose. */
export interface AttemptDiskPlan {
  /** the attempt's scratch folder: the filesystem is mounted here (work/, tmp/, out/ inside) */
  scratchDir: string;
  /** where the outputs go once the task ended (the sandbox shows scratchDir/out as /task/out meanwhile) */
  outDir: string;
  diskMb: number;
  /** the task's user (the filesystem's folders are theirs) */
  owner: { uid: number; gid: number };
}

/** The attempt's own filesystem, mounted: `finish` copies the outputs out and removes it. */
export interface AttemptDisk {
  /** whether it is (nearly) full: the task failed at its disk limit */
  isFull(): Promise<boolean>;
  /** after the task's end: the outputs into outDir, outputs.json kept in scratchDir, the filesystem gone */
  finish(): Promise<void>;
}

export interface DiskQuota {
  /** makes and mounts the attempt's filesystem before its task starts */
  mount(plan: AttemptDiskPlan): Promise<AttemptDisk>;
}

interface DiskLog {
  info?(details: object, message?: string): void;
  warn(details: object, message?: string): void;
}

/** What the runtimes read of the scratch folder after the end (task-files.ts), at most its 16 MB and one byte. */
const KEPT_FILE = 'outputs.json';
const KEPT_BYTES = 16 * 1024 * 1024 + 1;
/** the folders the task writes, inside the filesystem */
const FOLDERS = ['out', 'work', 'tmp'];
/** full: less than this is left (ext4 keeps a few blocks of its own) */
const FULL_BYTES = 64 * 1024;
const IMAGE = /\.(\d+)\.img$/;

const imageOf = (scratchDir: string) => `${scratchDir}.${process.pid}.img`;

function tool(name: string): string | undefined {
  return ['/usr/sbin', '/sbin', '/usr/bin', '/bin'].map((folder) => path.join(folder, name)).find((file) => fsSync.existsSync(file));
}

interface TopFile {
  name: string;
  content: Buffer;
  /** its permissions: the runtime opened job.json to the task user on purpose, which the server's umask 077 would undo */
  mode: number;
}

/** The regular files at the top of a folder (the runtime's job.json), to put back over the mount as they were. */
async function topFiles(folder: string): Promise<TopFile[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry): Promise<TopFile> => {
        const file = path.join(folder, entry.name);
        return { name: entry.name, content: await fs.readFile(file), mode: (await fs.stat(file)).mode & 0o777 };
      }),
  );
}

/** outputs.json as the task left it: only a plain file, never followed through a link, at most what the reader accepts and one byte. */
async function keptFile(file: string): Promise<Buffer | undefined> {
  const handle = await fs.open(file, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW).catch(() => undefined);
  if (!handle) return undefined;
  try {
    if (!(await handle.stat()).isFile()) return undefined;
    const buffer = Buffer.alloc(KEPT_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, KEPT_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

class LoopDiskQuota implements DiskQuota {
  constructor(private readonly tools: { mkfs: string; mount: string; umount: string; cp: string }) {}

  async mount(plan: AttemptDiskPlan): Promise<AttemptDisk> {
    const { scratchDir, outDir, diskMb, owner } = plan;
    const image = imageOf(scratchDir);
    // not outputs.json: a runtime may have opened it already (cwltool's stdout), and writes there, under the mount
    const before = (await topFiles(scratchDir)).filter(({ name }) => name !== KEPT_FILE);
    await fs.mkdir(scratchDir, { recursive: true });
    await fs.rm(image, { force: true });
    // sparse: the image takes only what the task writes; no journal, nothing reserved (it lives for one attempt)
    await fs.writeFile(image, '', { mode: 0o600 });
    await fs.truncate(image, Math.max(1, Math.ceil(diskMb)) * 1024 * 1024);
    await run(this.tools.mkfs, ['-q', '-F', '-O', '^has_journal,^resize_inode', '-m', '0', '-E', `root_owner=${owner.uid}:${owner.gid},nodiscard`, image]);
    await run(this.tools.mount, ['-o', 'loop,nosuid,nodev', image, scratchDir]);
    const mounted = [scratchDir];
    try {
      await fs.rm(path.join(scratchDir, 'lost+found'), { recursive: true, force: true });
      for (const folder of FOLDERS) {
        await fs.mkdir(path.join(scratchDir, folder), { mode: 0o700 });
        await fs.chown(path.join(scratchDir, folder), owner.uid, owner.gid);
      }
      for (const { name, content, mode } of before) {
        await fs.writeFile(path.join(scratchDir, name), content);
        await fs.chmod(path.join(scratchDir, name), mode);
      }
      // what an earlier attempt of the task left in its outputs folder, as the task saw it there before
      await fs.mkdir(outDir, { recursive: true });
      if ((await fs.readdir(outDir)).length > 0) await run(this.tools.cp, ['-a', '--no-dereference', '--', `${outDir}/.`, path.join(scratchDir, 'out')]);
      // the outputs folder shows the filesystem's out/ while the task runs: the portal sees them grow where they always lie
      await run(this.tools.mount, ['--bind', path.join(scratchDir, 'out'), outDir]);
      mounted.unshift(outDir);
    } catch (error) {
      for (const folder of mounted) await run(this.tools.umount, ['-l', folder]).catch(() => undefined);
      await fs.rm(image, { force: true });
      throw error;
    }
    return {
      isFull: async () => {
        const stat = await fs.statfs(scratchDir);
        return stat.bavail * stat.bsize < FULL_BYTES;
      },
      finish: () => this.finish(plan, image, mounted),
    };
  }

  /** The outputs copied beside the outputs folder, both mounts gone, the copy put in the folder's place. */
  private async finish(plan: AttemptDiskPlan, image: string, mounted: string[]): Promise<void> {
    const { scratchDir, outDir } = plan;
    const copy = `${outDir}.${process.pid}.kept`;
    try {
      await fs.rm(copy, { recursive: true, force: true });
      // -a: the task user's ownership and sparse files kept, links copied as links (tidyOutputs removes them), nothing followed
      await run(this.tools.cp, ['-a', '--no-dereference', '--', path.join(scratchDir, 'out'), copy]);
      const kept = await keptFile(path.join(scratchDir, KEPT_FILE));
      while (mounted.length > 0) {
        await run(this.tools.umount, [mounted[0]!]);
        mounted.shift();
      }
      await fs.rm(outDir, { recursive: true, force: true });
      await fs.rename(copy, outDir);
      if (kept) await fs.writeFile(path.join(scratchDir, KEPT_FILE), kept, { mode: 0o600 });
    } finally {
      // still mounted after a failure: lazily, the image goes once the last user of it did
      for (const folder of mounted) await run(this.tools.umount, ['-l', folder]).catch(() => undefined);
      await fs.rm(copy, { recursive: true, force: true });
      await fs.rm(image, { force: true });
    }
  }
}

/**
 * Attempts' filesystems that no attempt uses any more (`isLeft(image, owner pid)`): what the
 * task left in its outputs folder is kept there (the task's next attempt sees it, as it would
 * have without the filesystem), both mounts go, and the image.
 */
function releaseFilesystems(tools: { umount: string; cp: string }, isLeft: (image: string, owner: number) => boolean, log?: DiskLog): void {
  let mounts: string[][];
  try {
    mounts = fsSync
      .readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .map((line) => line.split(' '));
  } catch {
    return;
  }
  const sourceOf = (fields: string[]) => fields[fields.indexOf('-') + 2];
  const checked = new Set<string>();
  for (const fields of mounts) {
    const source = sourceOf(fields);
    if (!source?.startsWith('/dev/loop') || checked.has(source)) continue;
    checked.add(source);
    let backing: string;
    try {
      backing = fsSync.readFileSync(`/sys/block/${path.basename(source)}/loop/backing_file`, 'utf8').trim();
    } catch {
      continue;
    }
    const owner = IMAGE.exec(backing)?.[1];
    // only an attempt's image (beside its scratch folder, in a .work folder)
    if (!owner || path.basename(path.dirname(backing)) !== '.work' || !isLeft(backing, Number(owner))) continue;
    const points = mounts.filter((other) => sourceOf(other) === source);
    const scratch = points.find((point) => point[3] === '/')?.[4];
    const outputs = points.find((point) => point[3] === '/out')?.[4];
    if (scratch && outputs) {
      const copy = `${outputs}.${process.pid}.kept`;
      fsSync.rmSync(copy, { recursive: true, force: true });
      if (spawnSync(tools.cp, ['-a', '--no-dereference', '--', path.join(scratch, 'out'), copy]).status === 0) {
        spawnSync(tools.umount, ['-l', outputs]);
        fsSync.rmSync(outputs, { recursive: true, force: true });
        fsSync.renameSync(copy, outputs);
      }
    }
    for (const point of points.reverse()) spawnSync(tools.umount, ['-l', point[4]!]);
    fsSync.rmSync(backing, { force: true });
    log?.warn(
      { mountPoints: points.map((point) => point[4]) },
      'task disk: the filesystem an attempt left (its process was killed) was removed, its outputs kept',
    );
  }
}

/**
 * Before an attempt's folders are made afresh: a filesystem still mounted on its scratch folder
 * was left by the same attempt on a worker that was killed (its task is delivered again, the
 * same try): released as at a start. Two `stat`s when there is none.
 */
export function releaseLeftoverDisk(scratchDir: string): void {
  const folder = path.resolve(scratchDir);
  const stat = fsSync.statSync(folder, { throwIfNoEntry: false });
  if (!stat || stat.dev === fsSync.statSync(path.dirname(folder)).dev) return;
  const umount = tool('umount');
  const cp = tool('cp');
  if (umount && cp) releaseFilesystems({ umount, cp }, (image) => image.startsWith(`${folder}.`));
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

/**
 * Every attempt's writable folders on a filesystem of its own, of its disk limit: a
 * loop-mounted, sparse ext4 image (docs/security.md "Limits"), so no write, fallocate
 * included, goes past it. Checked by making one; undefined, with a warning, where it cannot
 * be (not root, no mkfs.ext4, no loop devices): the 2-s measurement is all there is then.
 */
export function openDiskQuota(log?: DiskLog): DiskQuota | undefined {
  const tools = { mkfs: tool('mkfs.ext4'), mount: tool('mount'), umount: tool('umount'), cp: tool('cp') };
  const fail = (reason: string) => {
    log?.warn({ reason }, DISK_POLL_ONLY);
    return undefined;
  };
  if (process.getuid?.() !== 0) return fail('not root');
  if (!tools.mkfs || !tools.mount || !tools.umount || !tools.cp) return fail('mkfs.ext4, mount, umount or cp not found');
  if (!fsSync.existsSync('/dev/loop-control')) return fail('no loop devices');
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
      if (result.status !== 0) return fail(`${path.basename(command)}: ${(result.stderr || result.error?.message || `exit ${result.status}`).trim()}`);
    }
  } finally {
    spawnSync(tools.umount, ['-l', path.join(root, 'mnt')]);
    fsSync.rmSync(root, { recursive: true, force: true });
  }
  // of servers that are gone (a crash, a kill -9)
  releaseFilesystems({ umount: tools.umount, cp: tools.cp }, (_, owner) => !isAlive(owner), log);
  log?.info?.({}, 'task disk: every attempt on a filesystem of its own, of its disk limit (loop-mounted ext4)');
  return new LoopDiskQuota({ mkfs: tools.mkfs, mount: tools.mount, umount: tools.umount, cp: tools.cp });
}
