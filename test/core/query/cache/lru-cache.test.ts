import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../../src/core/query/cache/lru-cache';

describe('LruCache', () => {
  it('evicts the least recently used entry past its capacity; a read counts as a use', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // now b is the oldest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('overwrites in place and clears', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', 'x');
    cache.set('a', 'y');
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe('y');
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
