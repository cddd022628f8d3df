import { LRUCache, type Perf } from 'lru-cache';

/** How long opened files are kept: 16 of them, each while it is read at least once a minute, reopened after 10 minutes in any case. */
const OPENED_FILES = { max: 16, idleMs: 60_000, maxAgeMs: 10 * 60_000 };

/**
 * The parsed headers of recently opened files (docs/tiles.md "Caching"). A file stays while
 * it is used — a map being panned keeps its file, and with it the serial that its decoded
 * blocks are cached under — and is forgotten after a minute without a read; a file in use
 * is opened afresh every ten minutes all the same, which bounds how long a rewritten file
 * (a retried task) could be read through stale headers. A failed open is not kept.
 */
export class OpenedFiles<T> {
  private readonly clock: Perf;
  private readonly files: LRUCache<string, { opening: Promise<T>; openedAt: number }>;

  constructor(clock: Perf = performance) {
    this.clock = clock;
    // ttlResolution 0: every look-up reads the clock (lru-cache otherwise reuses one reading for a millisecond)
    this.files = new LRUCache({ max: OPENED_FILES.max, ttl: OPENED_FILES.idleMs, ttlResolution: 0, updateAgeOnGet: true, perf: clock });
  }

  /** The file of `key`, opened by `open` unless it is kept. */
  get(key: string, open: () => Promise<T>): Promise<T> {
    const kept = this.files.get(key);
    if (kept && this.clock.now() - kept.openedAt < OPENED_FILES.maxAgeMs) return kept.opening;
    const entry = { opening: open(), openedAt: this.clock.now() };
    this.files.set(key, entry);
    entry.opening.catch(() => this.files.peek(key) === entry && this.files.delete(key));
    return entry.opening;
  }
}
