import { describe, expect, it } from 'vitest';
import { trimOldest } from './trimOldest';

describe('trimOldest', () => {
  it('leaves a cache at or below its size as it is', () => {
    const cache = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    trimOldest(cache, 2);
    expect([...cache.keys()]).toEqual(['a', 'b']);
  });

  it('drops the oldest eighth past the size, the entries moved to the end last', () => {
    const cache = new Map<number, number>();
    for (let i = 0; i < 16; i++) cache.set(i, i);
    // 0 and 1 used again: moved to the end
    for (const used of [0, 1]) {
      cache.delete(used);
      cache.set(used, used);
    }
    cache.set(16, 16);
    trimOldest(cache, 16);
    // 17 entries, 16 kept at most: one over and two more (16 >> 3) go, the oldest first
    expect([...cache.keys()]).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 16]);
  });

  it('keeps a cache that is filled and trimmed for long within its size, the newest entries in it', () => {
    const cache = new Set<number>();
    for (let i = 0; i < 100_000; i++) {
      cache.add(i);
      trimOldest(cache, 1_000);
      expect(cache.size).toBeLessThanOrEqual(1_000);
    }
    expect(cache.size).toBeGreaterThanOrEqual(875);
    expect(cache.has(99_999)).toBe(true);
    expect(cache.has(99_000)).toBe(false);
  });
});
