import { nextDisk, discardDisk, makeDisk, makeTaskRoot, wipeDisk, type DiskPlaces, type DiskTools, type TaskDisk } from './task-disk.js';

interface PoolLog {
  warn(details: object, message?: string): void;
}

interface DiskPoolPlan {
  /** where its images and mount points lie (disk-places.ts) */
  places: DiskPlaces;
  tools: DiskTools;
  /** the task user: each attempt's root is theirs */
  owner: { uid: number; gid: number };
  /** filesystems kept ready per disk size (ASB_SANDBOX_POOL); 0: each attempt makes one and removes it after */
  size: number;
  log?: PoolLog;
}

/** A filesystem given to one attempt: `ready` resolves once it is mounted and its root made (at once when `isReady`). */
export interface ClaimedTaskDisk {
  disk: TaskDisk;
  isReady: boolean;
  ready: Promise<void>;
}

/** Disk sizes kept ready at once: a process with many sizes keeps the last ones used. */
const MAX_SIZES = 4;
/** A wiped image holding more than this on the host (blocks freed in the filesystem stay in a sparse image) is made afresh. */
const MAX_REUSED_IMAGE_BYTES = 32 * 1024 * 1024;

/**
 * Task filesystems made ahead (docs/engine.md "Task filesystems"): `mkfs` and the loop mount
 * were most of a task's start and its end, on the chain's critical path. An attempt takes a
 * ready one; after its outcome was reported the filesystem is wiped (its root removed whole,
 * a fresh one made) and ready again, or made afresh when the wipe cannot vouch for it. Filled
 * per disk size on first use.
 */
export class TaskDiskPool {
  /** ready, by disk size, in the order the sizes were last claimed (the last: the latest) */
  private readonly idle = new Map<number, TaskDisk[]>();
  private readonly making = new Map<number, number>();
  /** makes and wipes under way */
  private readonly pending = new Set<Promise<void>>();
  /** a filesystem claimed while it was still being made: when it is */
  private readonly readiness = new WeakMap<TaskDisk, Promise<void>>();
  private isClosed = false;

  constructor(private readonly plan: DiskPoolPlan) {}

  /** A ready filesystem of this size, out of the pool until `release`, or one made now (the attempt waits for it). */
  claim(diskMb: number): ClaimedTaskDisk {
    const ready = this.idle.get(diskMb);
    this.idle.delete(diskMb);
    this.idle.set(diskMb, ready ?? []);
    this.evict();
    const disk = ready?.pop();
    if (disk) return { disk, isReady: true, ready: Promise.resolve() };
    // none ready (the first of its size, or more at once than were kept): more are made ahead
    setImmediate(() => this.fill(diskMb));
    const made = nextDisk(this.plan.places, diskMb);
    const whenReady = this.track(this.make(made));
    this.readiness.set(made, whenReady);
    return { disk: made, isReady: false, ready: whenReady };
  }

  /** After the attempt's end: wiped and ready again, or removed, in the background. */
  release(disk: TaskDisk): void {
    void this.track(this.recycle(disk)).catch((error: unknown) =>
      this.plan.log?.warn({ err: error, image: disk.image }, 'task disk: a filesystem could not be removed'),
    );
  }

  /** Resolves once the filesystems being made or wiped are ready (or gone). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<void>): Promise<void> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  private count(counts: Map<number, number>, diskMb: number, by: number): void {
    counts.set(diskMb, Math.max(0, (counts.get(diskMb) ?? 0) + by));
  }

  private async recycle(disk: TaskDisk): Promise<void> {
    // given back before it was made (its attempt did not start): once it is; a failed make removed it already
    if (
      !(await (this.readiness.get(disk) ?? Promise.resolve()).then(
        () => true,
        () => false,
      ))
    )
      return;
    const ready = this.idle.get(disk.diskMb);
    let isReusable = false;
    // kept while fewer than twice `size` wait (tasks at once take them faster than wipes give them back), only the surplus is removed
    if (!this.isClosed && ready && ready.length + (this.making.get(disk.diskMb) ?? 0) < 2 * this.plan.size) {
      isReusable = await wipeDisk(disk, MAX_REUSED_IMAGE_BYTES).catch(() => false);
      if (isReusable) await makeTaskRoot(disk, this.plan.owner);
    }
    // closed or evicted meanwhile: the list it would go back to is gone
    const list = this.idle.get(disk.diskMb);
    if (isReusable && !this.isClosed && list) list.push(disk);
    else await discardDisk(this.plan.tools, disk);
    this.fill(disk.diskMb);
  }

  private async make(disk: TaskDisk): Promise<void> {
    try {
      await makeDisk(this.plan.tools, disk);
      await makeTaskRoot(disk, this.plan.owner);
    } catch (error) {
      await discardDisk(this.plan.tools, disk);
      throw error;
    }
  }

  /**
   * `size` made ahead, in the background, after a claim found none ready. Those in use come
   * back wiped and take the place of the ones taken: a chain, or as many tasks at once as
   * ever ran, run on the same filesystems, none made per task.
   */
  private fill(diskMb: number): void {
    const ready = this.idle.get(diskMb);
    if (this.isClosed || !ready) return;
    const ahead = () => ready.length + (this.making.get(diskMb) ?? 0);
    while (ahead() < this.plan.size) {
      this.count(this.making, diskMb, 1);
      const disk = nextDisk(this.plan.places, diskMb);
      const made = this.make(disk)
        .then(async () => {
          this.count(this.making, diskMb, -1);
          const list = this.idle.get(diskMb);
          if (this.isClosed || !list) await discardDisk(this.plan.tools, disk);
          else list.push(disk);
        })
        // not again at once: the next claim of this size tries again (and makes its own meanwhile)
        .catch((error: unknown) => {
          this.count(this.making, diskMb, -1);
          this.plan.log?.warn({ err: error }, 'task disk: a filesystem could not be made ahead');
        });
      void this.track(made);
    }
  }

  /** The sizes beyond the last MAX_SIZES used: their ready filesystems go. */
  private evict(): void {
    while (this.idle.size > MAX_SIZES) {
      const [oldest, disks] = this.idle.entries().next().value as [number, TaskDisk[]];
      this.idle.delete(oldest);
      for (const disk of disks) void discardDisk(this.plan.tools, disk);
    }
  }

  /** The ready filesystems removed (those in use go when their attempts release them). */
  async close(): Promise<void> {
    this.isClosed = true;
    // those being made or wiped are removed when they are done (isClosed)
    await this.settled();
    const disks = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(disks.map((disk) => discardDisk(this.plan.tools, disk)));
  }
}
