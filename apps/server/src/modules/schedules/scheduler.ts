import { and, asc, eq, inArray, lte, ne, notInArray, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { NewItem } from './product-input.js';
import { failureText, isRefusal, ScheduleFiring } from './schedule-firing.js';
import { latestDueAt, nextRunAfter } from './schedule-times.js';
import { rowTiming, type ScheduleRow } from './schedule-values.js';
import { scheduleItems, schedules } from './schedules.schema.js';
import { fetchItems } from './stac-items.js';

/** The scheduler's idea of now: the system clock in production, a controlled one in tests. */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };

/** Schedules handled per tick; the rest are due at the next one. */
const DUE_PER_TICK = 100;
/** on-new-data: executions started per poll; further new items start at the next poll. */
const MAX_NEW_ITEMS_PER_POLL = 50;
/** ids per IN (...) of the seen-items queries */
const ID_CHUNK = 500;

/** on-new-data polls in flight at once, all owners together */
const MAX_POLLS = 8;
/** on-new-data polls in flight at once for one owner: hanging data URLs hold only their owner's polls */
const MAX_POLLS_PER_OWNER = 2;

export interface SchedulerOptions {
  clock?: Clock;
  maxPolls?: number;
  maxPollsPerOwner?: number;
  /** a data URL page's time-out (default stac-items.ts PAGE_TIMEOUT_MS) */
  pageTimeoutMs?: number;
  /** reads a data URL's items (default: stac-items.ts fetchItems); `signal` aborts when the scheduler stops */
  fetchItems?: (dataUrl: string, signal: AbortSignal) => Promise<NewItem[]>;
}

const chunks = <T>(values: T[]): T[][] =>
  Array.from({ length: Math.ceil(values.length / ID_CHUNK) }, (_, index) => values.slice(index * ID_CHUNK, (index + 1) * ID_CHUNK));

/**
 * Runs schedules (docs/schedules.md): each tick takes the enabled, unarchived schedules
 * whose next_run_at has come and starts their executions through ScheduleFiring, which
 * makes each due time (and each new item) start exactly one execution however many
 * schedulers tick on the database. Every replica with the engine runs one, ticking every
 * ASB_SCHEDULER_TICK_MS.
 *
 * Catch-up: an overdue schedule fires once, for its latest due time (what it missed
 * before is not replayed), then waits for its next time after now.
 *
 * on-new-data polls read URLs that users give, which may be slow or hang: they run in
 * the background, concurrently (MAX_POLLS), at most MAX_POLLS_PER_OWNER per owner, each
 * page within its own time-out, so that neither time-based schedules nor other users'
 * polls wait for them. A schedule whose owner has polls enough in flight stays due.
 */
export class Scheduler {
  private readonly clock: Clock;
  private readonly firing: ScheduleFiring;
  private readonly readItems: (dataUrl: string, signal: AbortSignal) => Promise<NewItem[]>;
  /** aborts the polls in flight when the scheduler stops */
  private stopping = new AbortController();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private readonly maxPolls: number;
  private readonly maxPollsPerOwner: number;
  /** on-new-data polls in flight: schedule id → owner */
  private readonly polling = new Map<number, string>();
  private readonly polls = new Set<Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    options: SchedulerOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.firing = new ScheduleFiring(ctx);
    this.maxPolls = options.maxPolls ?? MAX_POLLS;
    this.maxPollsPerOwner = options.maxPollsPerOwner ?? MAX_POLLS_PER_OWNER;
    this.readItems = options.fetchItems ?? ((dataUrl, signal) => fetchItems(ctx.outbound, dataUrl, { signal, timeoutMs: options.pageTimeoutMs }));
  }

  /** Ticks now and then every `intervalMs`; a tick still running when the next is due is not doubled. */
  start(intervalMs: number): void {
    this.stopped = false;
    this.stopping = new AbortController();
    this.timer = setInterval(() => this.tickInBackground(), intervalMs);
    this.timer.unref();
    this.tickInBackground();
  }

  /** Stops ticking and waits for the tick and the polls in progress (their fetches are aborted). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.polled();
  }

  /** Resolves once no on-new-data poll is in flight. */
  async polled(): Promise<void> {
    while (this.polls.size > 0) await Promise.all([...this.polls]);
  }

  private tickInBackground(): void {
    if (this.running || this.stopped) return;
    this.running = this.tick()
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'scheduler: tick failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /**
   * One pass: submit what a crash left waiting, then handle every schedule that is due.
   * Time-based schedules are handled before it returns; on-new-data polls are started
   * (polled() waits for them).
   */
  async tick(): Promise<void> {
    const now = this.clock.now();
    await this.firing.submitWaiting();
    const due = await this.ctx.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.status, 'enabled'), eq(schedules.isArchived, false), lte(schedules.nextRunAt, now), this.pollable()))
      .orderBy(asc(schedules.nextRunAt), asc(schedules.id))
      .limit(DUE_PER_TICK);
    for (const schedule of due) {
      if (this.stopped) break;
      if (schedule.strategy === 'on-new-data') {
        this.startPoll(schedule, now);
        continue;
      }
      await this.runDue(schedule, now).catch((error: unknown) => this.couldNotHandle(schedule, error));
    }
  }

  // left due: the next tick tries again
  private couldNotHandle(schedule: ScheduleRow, error: unknown): void {
    this.ctx.log.error({ err: error, scheduleId: schedule.id }, 'scheduler: a schedule could not be handled');
  }

  /** Not the on-new-data schedules being polled, nor those of owners with polls enough in flight (so others' are reached). */
  private pollable() {
    const counts = new Map<string, number>();
    for (const owner of this.polling.values()) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    const busyOwners = [...counts].filter(([, count]) => count >= this.maxPollsPerOwner).map(([owner]) => owner);
    if (this.polling.size >= this.maxPolls) return ne(schedules.strategy, 'on-new-data');
    return or(ne(schedules.strategy, 'on-new-data'), and(notInArray(schedules.id, [...this.polling.keys()]), notInArray(schedules.ownerId, busyOwners)));
  }

  /** Polls in the background, within the limits (a schedule over them stays due for the next tick). */
  private startPoll(schedule: ScheduleRow, now: Date): void {
    const owner = schedule.ownerId;
    const ownersPolls = [...this.polling.values()].filter((pollOwner) => pollOwner === owner).length;
    if (this.polling.size >= this.maxPolls || ownersPolls >= this.maxPollsPerOwner || this.polling.has(schedule.id)) return;
    this.polling.set(schedule.id, owner);
    const poll: Promise<void> = this.poll(schedule, now)
      .catch((error: unknown) => this.couldNotHandle(schedule, error))
      .finally(() => {
        this.polling.delete(schedule.id);
        this.polls.delete(poll);
      });
    this.polls.add(poll);
  }

  /** Time strategies: one execution for the latest due time, then the next time after now. */
  private async runDue(schedule: ScheduleRow, now: Date): Promise<void> {
    const timing = rowTiming(schedule);
    const from = schedule.nextRunAt!;
    const scheduledFor = latestDueAt(timing, now) ?? from;
    const advance = { from, to: nextRunAfter(timing, now) };
    try {
      await this.firing.fire({ schedule, scheduledFor, advance, now });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await this.firing.recordFailure(schedule, failureText(error), { advance, lastDueAt: scheduledFor });
    }
  }

  /**
   * on-new-data: claims the poll (next_run_at moves on first, so one replica polls), reads
   * the data URL and starts one execution per item not seen before. The first poll only
   * records the items that exist.
   */
  private async poll(schedule: ScheduleRow, now: Date): Promise<void> {
    const next = nextRunAfter(rowTiming(schedule), now);
    if (!(await this.firing.moveOn(schedule, { from: schedule.nextRunAt!, to: next }))) return;
    let items: NewItem[];
    try {
      items = await this.readItems(schedule.dataUrl ?? '', this.stopping.signal);
    } catch (error) {
      // stopped in the middle: not the data URL's fault
      if (this.stopped) return;
      await this.firing.recordFailure(schedule, `The data URL could not be read: ${failureText(error)}`);
      return;
    }
    if (!schedule.itemsRecorded) {
      await this.recordSeen(
        schedule.id,
        items.map((item) => item.id),
      );
      await this.ctx.db.update(schedules).set({ itemsRecorded: true, lastError: null }).where(eq(schedules.id, schedule.id));
      return;
    }
    for (const item of (await this.unseen(schedule.id, items)).slice(0, MAX_NEW_ITEMS_PER_POLL)) {
      if (this.stopped) break;
      try {
        await this.firing.fire({ schedule, scheduledFor: null, item, now });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        // like a due time that could not run: recorded, not retried
        await this.recordSeen(schedule.id, [item.id]);
        await this.firing.recordFailure(schedule, `Item ${item.id}: ${failureText(error)}`);
      }
    }
  }

  private async recordSeen(scheduleId: number, itemIds: string[]): Promise<void> {
    for (const chunk of chunks(itemIds)) {
      if (chunk.length > 0)
        await this.ctx.db
          .insert(scheduleItems)
          .values(chunk.map((itemId) => ({ scheduleId, itemId })))
          .onConflictDoNothing();
    }
  }

  private async unseen(scheduleId: number, items: NewItem[]): Promise<NewItem[]> {
    const seen = new Set<string>();
    for (const chunk of chunks(items.map((item) => item.id))) {
      if (chunk.length === 0) continue;
      const rows = await this.ctx.db
        .select({ itemId: scheduleItems.itemId })
        .from(scheduleItems)
        .where(and(eq(scheduleItems.scheduleId, scheduleId), inArray(scheduleItems.itemId, chunk)));
      for (const row of rows) seen.add(row.itemId);
    }
    return items.filter((item) => !seen.has(item.id));
  }
}
