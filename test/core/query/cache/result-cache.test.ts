import { describe, expect, it, vi } from 'vitest';
import { CACHE_READ_TIMEOUT_MS } from '../../../../src/core/common/with-timeout';
import { cachedSearch, ResultCacheMemory, type CachedResult, type ResultStore } from '../../../../src/core/query/cache/result-cache';
import type { SearchOutcome } from '../../../../src/core/query/search/search-outcome';
import { markSearchedUnread } from '../../../../src/core/query/search/storable-outcome';

function outcome(id: number, warnings: { code: string; message: string }[] = []): SearchOutcome {
  return {
    query: 'q', collection: 'c', top_k: 1, top_k_requested: 1, top_k_clamped: false, mode: 'semantic',
    embedder: null, store: { kind: 'qdrant' }, results: [{ id, score: 1 } as never],
    summary: { returned: 1, cache: 'miss', warnings: warnings as never },
    timing: { embed_ms: 5, search_ms: 5, total_ms: 10, upstream_calls: 2 },
  };
}

function setup(store: ResultStore | null = null) {
  let now = 1_000_000;
  const deferred: Promise<unknown>[] = [];
  const logged: string[] = [];
  const memory = new ResultCacheMemory();
  const options = (extra: Partial<Parameters<typeof cachedSearch>[2]> = {}) => ({
    memory, store, ttlSeconds: 60, bypass: false, defer: (p: Promise<unknown>) => void deferred.push(p), log: (m: string) => void logged.push(m), now: () => now, ...extra,
  });
  return { options, memory, deferred, logged, advance: (ms: number) => (now += ms) };
}

function mapStore(): ResultStore & { entries: Map<string, CachedResult> } {
  const entries = new Map<string, CachedResult>();
  return { entries, get: async (k) => structuredClone(entries.get(k) ?? null), put: async (k, e) => void entries.set(k, structuredClone(e)) };
}

describe('cachedSearch', () => {
  it('miss, hit with age and no upstream calls, expiry after the TTL', async () => {
    const { options, advance } = setup();
    let computed = 0;
    const compute = async () => outcome(++computed);
    expect((await cachedSearch('k', compute, options())).status).toBe('miss');
    advance(30_500);
    const hit = await cachedSearch('k', compute, options());
    expect(hit).toMatchObject({ status: 'hit', ageSeconds: 30, stored: true });
    expect(hit.outcome.timing.upstream_calls).toBe(0);
    expect(hit.outcome.summary.cache).toBe('none');
    advance(30_000);
    expect((await cachedSearch('k', compute, options())).status).toBe('miss');
    expect(computed).toBe(2);
  });

  it('reads the shared tier when the isolate has nothing, and fills the isolate tier', async () => {
    const store = mapStore();
    const first = setup(store);
    await cachedSearch('k', async () => outcome(1), first.options());
    await Promise.all(first.deferred);
    const fresh = setup(store); // another isolate
    const hit = await cachedSearch('k', async () => outcome(2), fresh.options());
    expect(hit.status).toBe('hit');
    expect(hit.outcome.results[0]!.id).toBe(1);
    expect(fresh.memory.entries.size).toBe(1);
  });

  it('bypass computes and refreshes the entry; TTL 0 neither reads nor stores', async () => {
    const { options } = setup();
    await cachedSearch('k', async () => outcome(1), options());
    const bypass = await cachedSearch('k', async () => outcome(2), options({ bypass: true }));
    expect(bypass).toMatchObject({ status: 'bypass', stored: true });
    expect((await cachedSearch('k', async () => outcome(3), options())).outcome.results[0]!.id).toBe(2);
    const off = await cachedSearch('z', async () => outcome(4), options({ ttlSeconds: 0 }));
    expect(off).toMatchObject({ status: 'bypass', stored: false });
    expect((await cachedSearch('z', async () => outcome(5), options())).status).toBe('miss');
  });

  it('does not store an answer whose reranker failed', async () => {
    const { options } = setup();
    const first = await cachedSearch('k', async () => outcome(1, [{ code: 'rerank_failed', message: 'x' }]), options());
    expect(first.stored).toBe(false);
    expect((await cachedSearch('k', async () => outcome(2), options())).status).toBe('miss');
  });

  it('does not store an answer searched before the book\'s vocabulary was known, in either tier', async () => {
    const store = mapStore();
    const { options, deferred } = setup(store);
    const first = await cachedSearch('k', async () => markSearchedUnread(outcome(1)), options());
    expect(first).toMatchObject({ status: 'miss', stored: false });
    await Promise.all(deferred);
    expect(store.entries.size).toBe(0);
    const second = await cachedSearch('k', async () => outcome(2), options());
    expect(second).toMatchObject({ status: 'miss', stored: true });
    expect((await cachedSearch('k', async () => outcome(3), options())).outcome.results[0]).toMatchObject({ id: 2 });
  });

  it('a failing shared tier is a miss, logged, never an error', async () => {
    const broken: ResultStore = { get: async () => Promise.reject(new Error('down')), put: async () => Promise.reject(new Error('down')) };
    const { options, deferred, logged } = setup(broken);
    expect((await cachedSearch('k', async () => outcome(1), options())).status).toBe('miss');
    await Promise.all(deferred);
    expect(logged).toEqual(['result cache read failed', 'result cache write failed']);
  });

  it('a shared tier that never answers is a miss after the cache read timeout, not a hung search', async () => {
    vi.useFakeTimers();
    try {
      const hung: ResultStore = { get: () => new Promise(() => undefined), put: async () => undefined };
      const { options, logged } = setup(hung);
      const answer = cachedSearch('k', async () => outcome(1), options());
      await vi.advanceTimersByTimeAsync(CACHE_READ_TIMEOUT_MS);
      expect((await answer).status).toBe('miss');
      expect(logged).toEqual(['result cache read failed']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('concurrent identical misses compute once; joiners report a hit', async () => {
    const { options } = setup();
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return outcome(computed);
    };
    const all = await Promise.all([1, 2, 3].map(() => cachedSearch('k', compute, options())));
    expect(computed).toBe(1);
    expect(all.map((r) => r.status).sort()).toEqual(['hit', 'hit', 'miss']);
  });
});
