/**
 * Issue 10, unique questions: on a miss in the isolate, the embedding-cache read starts before the
 * result cache's shared lookup ends (they overlap instead of running in series), the search then
 * reuses that read (one store read, not two), nothing calls the embedder early, and a hit in the
 * isolate touches neither store nor computes a digest.
 */
import { describe, expect, it } from 'vitest';
import { cachedSearch, ResultCacheMemory, type ResultStore } from '../../../../src/core/query/cache/result-cache';
import { SingleFlight } from '../../../../src/core/query/cache/single-flight';
import { LruCache } from '../../../../src/core/query/cache/lru-cache';
import { embedQueryCached, prefetchEmbedding } from '../../../../src/core/query/embedders/cached-embedder';
import { encodeVector } from '../../../../src/core/query/embedders/vector-codec';
import type { CachedEmbedOptions, EmbeddingCacheStore, QueryEmbedder } from '../../../../src/core/query/ports';
import type { SearchOutcome } from '../../../../src/core/query/search/search-outcome';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function harness(storedVector: Float32Array | null) {
  const events: string[] = [];
  let kvReadStarted = () => {};
  const kvRead = new Promise<void>((resolve) => (kvReadStarted = resolve));
  const embedder: QueryEmbedder = {
    descriptor: { kind: 'cohere', model: 'm', dimension: 3 },
    cacheable: true,
    embedQuery: async () => {
      events.push('embed');
      return new Float32Array([1, 2, 3]);
    },
  };
  const kv: EmbeddingCacheStore = {
    get: async () => {
      events.push('kv:get:start');
      kvReadStarted();
      await tick();
      events.push('kv:get:end');
      return storedVector ? encodeVector(storedVector) : null;
    },
    put: async () => void events.push('kv:put'),
  };
  const results: ResultStore = {
    get: async () => {
      events.push('rc:get:start');
      // The shared lookup lasts until the KV read has started, or 1 s when nothing overlaps it: the
      // test reads the order of the two, not a race between a fixed delay and the digest of the
      // embedding key (under a loaded CI box, a 5 ms delay lost that race).
      await Promise.race([kvRead, new Promise((resolve) => setTimeout(resolve, 1000))]);
      events.push('rc:get:end');
      return null;
    },
    put: async () => void events.push('rc:put'),
  };
  const deferred: Promise<unknown>[] = [];
  const cache: CachedEmbedOptions = {
    store: kv,
    memory: new LruCache<Float32Array>(8),
    ttlSeconds: 60,
    defer: (p) => void deferred.push(p),
    log: () => {},
    flights: new SingleFlight(),
    early: new Map(),
  };
  const outcome = (vector: Float32Array): SearchOutcome => ({
    query: 'q', collection: 'c', top_k: 1, top_k_requested: 1, top_k_clamped: false, mode: 'semantic', embedder: null,
    store: { kind: 'qdrant' }, results: [{ id: vector[0], score: 1 } as never], summary: { returned: 1, cache: 'miss', warnings: [] },
    timing: { embed_ms: 0, search_ms: 0, total_ms: 0, upstream_calls: 1 },
  });
  let digests = 0;
  const keys = { local: 'local-key', shared: async () => (digests++, 'shared-key') };
  const memory = new ResultCacheMemory();
  const search = () =>
    cachedSearch(keys, async () => outcome((await embedQueryCached(embedder, 'what is a topic', cache)).vector), {
      memory, store: results, ttlSeconds: 60, bypass: false, defer: (p) => void deferred.push(p), log: () => {},
      onLocalMiss: () => prefetchEmbedding(embedder, 'what is a topic', cache),
    });
  return { events, search, deferred, digests: () => digests };
}

describe('result-cache lookup and embedding read overlap', () => {
  it('a new question: the KV read starts before the result lookup ends, is made once, and the embed follows both', async () => {
    const h = harness(null);
    const answer = await h.search();
    expect(answer.status).toBe('miss');
    await Promise.all(h.deferred);
    const { events } = h;
    expect(events.indexOf('kv:get:start')).toBeLessThan(events.indexOf('rc:get:end'));
    expect(events.filter((e) => e === 'kv:get:start')).toHaveLength(1);
    expect(events.filter((e) => e === 'rc:get:start')).toHaveLength(1);
    expect(events.filter((e) => e === 'embed')).toHaveLength(1);
    expect(events.indexOf('embed')).toBeGreaterThan(events.indexOf('rc:get:end'));
    expect(events.indexOf('embed')).toBeGreaterThan(events.indexOf('kv:get:end'));
    expect(events).toContain('kv:put');
    expect(events).toContain('rc:put');
  });

  it('the embedding in KV: the early read is the one the search uses, no embed call', async () => {
    const h = harness(new Float32Array([7, 8, 9]));
    const answer = await h.search();
    expect(answer.outcome.results[0]!.id).toBe(7);
    expect(h.events.filter((e) => e === 'kv:get:start')).toHaveLength(1);
    expect(h.events).not.toContain('embed');
  });

  it('a repeat in the isolate: no store read, no prefetch, no digest', async () => {
    const h = harness(null);
    await h.search();
    await Promise.all(h.deferred);
    const digests = h.digests();
    h.events.length = 0;
    const again = await h.search();
    expect(again.status).toBe('hit');
    expect(h.events).toEqual([]);
    expect(h.digests()).toBe(digests);
  });

  it('a prefetch never calls the embedder, and skips the store when the key is in memory', async () => {
    const h = harness(null);
    await h.search(); // embeds once, remembers the vector in memory
    await Promise.all(h.deferred);
    h.events.length = 0;
    const cache: CachedEmbedOptions = { store: { get: async () => (h.events.push('kv:get:start'), null), put: async () => {} }, memory: new LruCache(8), ttlSeconds: 60, defer: () => {}, log: () => {}, early: new Map() };
    const embedder: QueryEmbedder = { descriptor: { kind: 'cohere', model: 'm', dimension: 3 }, cacheable: true, embedQuery: async () => (h.events.push('embed'), new Float32Array(3)) };
    prefetchEmbedding(embedder, 'q', cache);
    prefetchEmbedding(embedder, 'q', cache); // idempotent
    await cache.early!.get('q');
    expect(h.events).toEqual(['kv:get:start']);
  });
});
