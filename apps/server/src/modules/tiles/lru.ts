/**
 * A small least-recently-used map with an optional time to live and a size budget: entries
 * are evicted oldest first while there are more than `maxEntries`, or their `size` adds up
 * to more than `maxSize`; an entry older than `ttlMs` is gone. Used for opened files
 * (headers parsed once per file for a short while) and decoded blocks (bounded memory).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number; expires: number }>();
  private total = 0;

  constructor(private readonly options: { maxEntries?: number; maxSize?: number; ttlMs?: number; now?: () => number }) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, size = 1): void {
    this.delete(key);
    this.entries.set(key, { value, size, expires: this.options.ttlMs === undefined ? Infinity : this.now() + this.options.ttlMs });
    this.total += size;
    this.evict();
  }

  /** A new size for an entry (a block whose bytes arrived); no-op when it is gone. */
  resize(key: K, size: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total += size - entry.size;
    entry.size = size;
    this.evict();
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the entries' sizes. */
  get weight(): number {
    return this.total;
  }

  private evict(): void {
    const { maxEntries = Infinity, maxSize = Infinity } = this.options;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= maxEntries && this.total <= maxSize) break;
      this.delete(key);
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
