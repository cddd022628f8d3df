import { describe, expect, it } from 'vitest';
import { LruCache } from './lru.js';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps the sizes within maxSize, resized entries included', () => {
    const cache = new LruCache<string, string>({ maxSize: 10 });
    cache.set('a', 'a', 4);
    cache.set('b', 'b', 4);
    cache.resize('a', 7);
    expect([cache.get('a'), cache.get('b'), cache.weight]).toEqual([undefined, 'b', 4]);
  });

  it('forgets entries after their time to live', () => {
    let now = 0;
    const cache = new LruCache<string, number>({ ttlMs: 1000, now: () => now });
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
