import { spawn, spawnSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diskPlaces } from './disk-places.js';
import { SandboxedProcess } from '../runtime/sandboxed-process.js';
import { openDiskQuota, probeDiskQuota, type AttemptDiskPlan, type DiskQuota } from './disk-quota.js';

const tools = probeDiskQuota();
/** the machine's own, as the server found them (probeDiskQuota) */
const found = () => tools as Exclude<typeof tools, string>;
const OWNER = { uid: 65534, gid: 65534 };

/** The loop mounts of this process's mount namespace, by mount point. */
const mountPoints = () =>
  fsSync
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4] ?? '');

/** A pid no process has any more. */
function deadPid(): number {
  return spawnSync('true').pid!;
}

describe.skipIf(typeof tools === 'string')('task filesystems made ahead (disk-quota.ts)', () => {
  let root: string;
  const opened: DiskQuota[] = [];

  const open = (dir: string, poolSize = 2) => {
    const quota = openDiskQuota({ dir, owner: OWNER, poolSize })!;
    opened.push(quota);
    return quota;
  };
  const plan = (name: string): AttemptDiskPlan => ({
    scratchDir: path.join(root, 'exec', '.work', name),
    outDir: path.join(root, 'exec', name),
    diskMb: 8,
  });

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'asb-task-disks-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((quota) => quota.close()));
    await fs.rm(root, { recursive: true, force: true });
  });

  it("never hands a filesystem to the next attempt with the previous attempt's files in it", async () => {
    const quota = open(path.join(root, 'disks'));
    // the first of its size is made for it, and two ahead: the next attempts take those
    const warmUp = plan('warm-up');
    await fs.mkdir(warmUp.scratchDir, { recursive: true });
    await (await quota.claim(warmUp).open()).finish();
    await quota.settled();
    const first = plan('first');
    await fs.mkdir(first.scratchDir, { recursive: true });
    const claimed = quota.claim(first);
    const disk = await claimed.open();
    // what a task leaves: files everywhere it may write, a hidden one, a link, a loosened root
    await fs.writeFile(path.join(claimed.root, 'out', 'result.txt'), 'first');
    // the portal sees the outputs grow where they always lie (bound while the task starts)
    await vi.waitFor(async () => expect(await fs.readFile(path.join(first.outDir, 'result.txt'), 'utf8')).toBe('first'), { timeout: 30_000, interval: 20 });
    await fs.writeFile(path.join(claimed.root, 'work', '.secret'), 'first user only');
    await fs.mkdir(path.join(claimed.root, 'tmp', 'deep', 'er'), { recursive: true });
    await fs.writeFile(path.join(claimed.root, 'tmp', 'deep', 'er', 'cache'), 'x'.repeat(10_000));
    await fs.symlink('/etc/passwd', path.join(claimed.root, 'work', 'link'));
    await fs.writeFile(path.join(claimed.root, 'outputs.json'), '{"a": 1}');
    await fs.chmod(claimed.root, 0o777);
    await disk.finish();
    // its outputs kept where they lie (no longer bound), outputs.json beside the scratch folder
    expect(mountPoints()).not.toContain(first.outDir);
    expect(await fs.readFile(path.join(first.outDir, 'result.txt'), 'utf8')).toBe('first');
    expect(await fs.readFile(path.join(first.scratchDir, 'outputs.json'), 'utf8')).toBe('{"a": 1}');
    await quota.settled();
    // both ready now (the one left ahead and the wiped one): the next two attempts take them
    const plans = [plan('second'), plan('third')];
    for (const other of plans) await fs.mkdir(other.scratchDir, { recursive: true });
    const next = plans.map((other) => ({ plan: other, claimed: quota.claim(other) }));
    const reused = next.find(({ claimed: other }) => other.root === claimed.root);
    expect(reused).toBeDefined();
    for (const other of next) if (other !== reused) other.claimed.release();
    const reopened = await reused!.claimed.open();
    expect((await fs.readdir(reused!.claimed.root)).sort()).toEqual(['out', 'tmp', 'work']);
    for (const folder of ['out', 'tmp', 'work']) expect(await fs.readdir(path.join(reused!.claimed.root, folder))).toEqual([]);
    const stat = await fs.stat(reused!.claimed.root);
    expect([stat.mode & 0o777, stat.uid, stat.gid]).toEqual([0o755, OWNER.uid, OWNER.gid]);
    // the new attempt's outputs folder holds nothing of the first's either
    await reopened.finish();
    expect(await fs.readdir(reused!.plan.outDir)).toEqual([]);
  });

  it('reaches the outputs through the folder made for the attempt, whatever the task puts at out/ (a link to a host folder)', async () => {
    const quota = open(path.join(root, 'disks'));
    const attempt = plan('linked');
    await fs.mkdir(attempt.scratchDir, { recursive: true });
    // a host folder no task may see, with a link in it (the outputs' tidying removes links)
    const host = path.join(root, 'host');
    await fs.mkdir(host);
    await fs.writeFile(path.join(host, 'secret.txt'), 'host only');
    await fs.symlink('secret.txt', path.join(host, 'a-link'));
    const claimed = quota.claim(attempt);
    const disk = await claimed.open();
    // the task owns its root: its out/ moved aside, a link to the host folder in its place
    await fs.rename(path.join(claimed.root, 'out'), path.join(claimed.root, 'moved'));
    await fs.symlink(host, path.join(claimed.root, 'out'));
    await fs.writeFile(path.join(claimed.root, 'moved', 'result.txt'), 'the task wrote this');
    // while it runs, the outputs folder shows the attempt's own folder, not the host's
    await vi.waitFor(async () => expect(await fs.readdir(attempt.outDir)).toEqual(['result.txt']), { timeout: 30_000, interval: 20 });
    await disk.finish();
    expect((await fs.lstat(attempt.outDir)).isDirectory()).toBe(true);
    expect(await fs.readdir(attempt.outDir)).toEqual(['result.txt']);
    expect((await fs.readdir(host)).sort()).toEqual(['a-link', 'secret.txt']);
  });

  it('gives two disk quotas of one process on one data directory (a replica beside its server) filesystems of their own', async () => {
    const dir = path.join(root, 'disks');
    const [first, second] = [open(dir, 0), open(dir, 0)];
    const [a, b] = [plan('a'), plan('b')];
    for (const attempt of [a, b]) await fs.mkdir(attempt.scratchDir, { recursive: true });
    const [claimedA, claimedB] = [first.claim(a), second.claim(b)];
    expect(claimedA.root).not.toBe(claimedB.root);
    const [diskA, diskB] = [await claimedA.open(), await claimedB.open()];
    await fs.writeFile(path.join(claimedA.root, 'out', 'a.txt'), 'a');
    await fs.writeFile(path.join(claimedB.root, 'out', 'b.txt'), 'b');
    await diskA.finish();
    await diskB.finish();
    expect(await fs.readdir(a.outDir)).toEqual(['a.txt']);
    expect(await fs.readdir(b.outDir)).toEqual(['b.txt']);
  });

  it('refuses a folder of mount points that another user made, or linked elsewhere, in a shared temporary folder', async () => {
    const shared = path.join(root, 'shared-tmp');
    const elsewhere = path.join(root, 'elsewhere');
    await fs.mkdir(shared);
    await fs.mkdir(elsewhere, { mode: 0o755 });
    await fs.chmod(elsewhere, 0o755);
    await fs.symlink(elsewhere, path.join(shared, 'asb-task-disks'));
    expect(() => diskPlaces(path.join(root, 'disks'), shared)).toThrow(/is not a folder of this server's user/);
    // nothing followed the link
    expect((await fs.stat(elsewhere)).mode & 0o777).toBe(0o755);
    expect(await fs.readdir(elsewhere)).toEqual([]);
  });

  it('gives the filesystem back when the sandbox could not start', async () => {
    const quota = open(path.join(root, 'disks'), 0);
    const attempt = plan('unstarted');
    await fs.mkdir(attempt.scratchDir, { recursive: true });
    const claimed = quota.claim(attempt);
    const logFd = fsSync.openSync(path.join(root, 'unstarted.log'), 'a');
    try {
      const run = new SandboxedProcess({ outDir: attempt.outDir, diskMb: 8 }, attempt.scratchDir).run(
        { command: path.join(root, 'no-such-sandbox'), args: [], setupArgs: [], env: {}, cwd: root, disk: claimed },
        { cpuList: [0], logFd, onRunning: () => undefined, onLimitExceeded: () => undefined },
        { stdout: logFd },
      );
      await expect(run).rejects.toThrow(/ENOENT/);
    } finally {
      fsSync.closeSync(logFd);
    }
    await quota.settled();
    // ASB_SANDBOX_POOL=0: removed, as after an attempt that ran
    expect(mountPoints()).not.toContain(path.dirname(claimed.root));
  });

  it('makes a filesystem for a size it has none ready of, and keeps the limit: no write goes past it', async () => {
    const quota = open(path.join(root, 'disks'), 0);
    const attempt = plan('full');
    await fs.mkdir(attempt.scratchDir, { recursive: true });
    const claimed = quota.claim(attempt);
    const disk = await claimed.open();
    const big = Buffer.alloc(16 * 1024 * 1024);
    await expect(fs.writeFile(path.join(claimed.root, 'out', 'big'), big)).rejects.toThrow(/ENOSPC/);
    expect((await fs.stat(path.join(claimed.root, 'out', 'big'))).size).toBeLessThan(8 * 1024 * 1024);
    await disk.finish();
    await quota.settled();
    // ASB_SANDBOX_POOL=0: nothing kept after the attempt
    expect(mountPoints()).not.toContain(path.dirname(claimed.root));
  });

  it("removes only its own data directory's filesystems left by a process that is gone", async () => {
    // what a server killed together with its reaper leaves: a mounted filesystem of a dead pid
    const leave = (dir: string) => {
      const places = diskPlaces(dir);
      const name = `8-0.${deadPid()}`;
      const image = path.join(places.images, `${name}.img`);
      const mountPoint = path.join(places.mounts, name);
      fsSync.writeFileSync(image, '');
      fsSync.truncateSync(image, 8 * 1024 * 1024);
      fsSync.mkdirSync(mountPoint);
      expect(spawnSync(found().mkfs, ['-q', '-F', image]).status).toBe(0);
      expect(spawnSync(found().mount, ['-o', 'loop', image, mountPoint]).status).toBe(0);
      // an attempt was running: its out/ bound on its outputs folder, what it wrote there
      const outDir = path.join(root, `${path.basename(path.dirname(dir))}-out`);
      fsSync.mkdirSync(path.join(mountPoint, 'task', 'out'), { recursive: true });
      fsSync.mkdirSync(outDir);
      fsSync.writeFileSync(path.join(mountPoint, 'task', 'out', 'partial.txt'), 'written before the kill');
      fsSync.writeFileSync(`${mountPoint}.use`, outDir);
      expect(spawnSync(found().mount, ['--bind', path.join(mountPoint, 'task', 'out'), outDir]).status).toBe(0);
      return { image, mountPoint, outDir };
    };
    const other = leave(path.join(root, 'other-server', 'task-disks'));
    const own = leave(path.join(root, 'disks'));
    try {
      open(path.join(root, 'disks'));
      // its own: what the attempt wrote kept in its outputs folder, unmounted and removed
      expect(mountPoints()).not.toContain(own.mountPoint);
      expect(mountPoints()).not.toContain(own.outDir);
      expect(fsSync.existsSync(own.image)).toBe(false);
      expect(await fs.readFile(path.join(own.outDir, 'partial.txt'), 'utf8')).toBe('written before the kill');
      // another server's, of another data directory: untouched
      expect(mountPoints()).toContain(other.mountPoint);
      expect(mountPoints()).toContain(other.outDir);
      expect(fsSync.existsSync(other.image)).toBe(true);
    } finally {
      for (const point of [other.outDir, other.mountPoint, own.outDir, own.mountPoint]) spawnSync(found().umount, ['-l', point]);
      for (const point of [other.mountPoint, own.mountPoint]) fsSync.rmSync(path.dirname(point), { recursive: true, force: true });
    }
  });

  it('leaves no filesystem mounted when its process is killed (kill -9): the running attempt’s outputs kept, a finished one’s folder left alone', async () => {
    const dir = path.join(root, 'killed', 'task-disks');
    const folders = (name: string) => ({ scratchDir: path.join(root, 'killed', `${name}-scratch`), outDir: path.join(root, 'killed', name), diskMb: 8 });
    const [done, running] = [folders('done'), folders('running')];
    // an attempt that finished, then one running (its outputs folder bound), then the process stops
    // (its event loop blocked) before it wiped the first: a kill may come at any moment
    const script = `
      import fs from 'node:fs';
      import { openDiskQuota } from ${JSON.stringify(path.resolve('apps/server/src/engine/sandbox/disk-quota.ts'))};
      const quota = openDiskQuota({ dir: ${JSON.stringify(dir)}, owner: { uid: 65534, gid: 65534 }, poolSize: 2 });
      const first = quota.claim(${JSON.stringify(done)});
      const finished = await first.open();
      fs.writeFileSync(first.root + '/out/first.txt', 'the first attempt');
      const claimed = quota.claim(${JSON.stringify(running)});
      await claimed.open();
      const isBound = () => fs.statSync(${JSON.stringify(running.outDir)}).dev !== fs.statSync(${JSON.stringify(path.join(root, 'killed'))}).dev;
      while (!isBound()) await new Promise((resolve) => setTimeout(resolve, 20));
      await finished.finish();
      console.log(claimed.root);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    `;
    for (const attempt of [done, running]) await fs.mkdir(attempt.scratchDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    // what a kill during an earlier end of the running attempt left beside its outputs folder
    await fs.mkdir(`${running.outDir}.${child.pid}.kept`, { recursive: true });
    await fs.writeFile(path.join(`${running.outDir}.${child.pid}.kept`, 'stale.txt'), 'an earlier copy');
    const taskRoot = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`ended with ${code}`)));
    });
    const mounted = () => mountPoints().filter((point) => point.startsWith(path.dirname(path.dirname(taskRoot))) || point.startsWith(root));
    expect(mounted()).toContain(path.dirname(taskRoot));
    // the filesystems lie outside the data directory: only the running attempt's outputs folder is bound there
    expect(mountPoints().filter((point) => point.startsWith(root))).toEqual([running.outDir]);
    await fs.writeFile(path.join(taskRoot, 'out', 'partial.txt'), 'written before the kill');
    // the finished attempt's next try (elsewhere) already writes in its outputs folder
    await fs.writeFile(path.join(done.outDir, 'next-try.txt'), 'the next attempt');
    child.kill('SIGKILL');
    await vi.waitFor(() => expect(mounted()).toEqual([]), { timeout: 30_000, interval: 50 });
    await vi.waitFor(() => expect(fsSync.readdirSync(dir)).toEqual([]), { timeout: 30_000, interval: 50 });
    expect(await fs.readdir(running.outDir)).toEqual(['partial.txt']);
    expect(await fs.readFile(path.join(running.outDir, 'partial.txt'), 'utf8')).toBe('written before the kill');
    expect((await fs.readdir(done.outDir)).sort()).toEqual(['first.txt', 'next-try.txt']);
  });
});
