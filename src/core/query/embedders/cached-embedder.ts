/**
 * Query-embedding cache: an in-isolate LRU in front of a persistent store (Workers KV in the
 * Worker). Trial Cohere keys allow 1,000 calls a month, so a repeated query must never reach
 * Cohere. The cache is an optimisation only: any cache failure is logged and the search goes on.
 */
import type { CachedEmbedOptions, CacheStatus, MemoryCache, QueryEmbedder } from '../ports';
import { embeddingCacheKey } from './cache-key';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../common/with-timeout';
import { decodeVector, encodeVector } from './vector-codec';

/** A tiny LRU (Map keeps insertion order: re-insert on read, evict the oldest). */
export class LruCache<V> implements MemoryCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
  clear(): void {
    this.#entries.clear();
  }
  get size(): number {
    return this.#entries.size;
  }
}

/**
 * Embeds a query through the cache. Non-cacheable embedders (the local model) bypass it.
 *
 * @example
 * const { vector, cache } = await embedQueryCached(embedder, 'what is tf2?', { store, memory, ttlSeconds, defer, log });
 */
export async function embedQueryCached(
  embedder: QueryEmbedder,
  query: string,
  options: CachedEmbedOptions,
): Promise<{ vector: Float32Array; cache: CacheStatus }> {
  if (!embedder.cacheable) return { vector: await embedder.embedQuery(query), cache: 'none' };
  const { descriptor } = embedder;
  const key = await embeddingCacheKey({
    model: descriptor.model,
    inputType: 'search_query',
    dimension: descriptor.dimension,
    query,
  });
  const remembered = options.memory.get(key);
  if (remembered) return { vector: remembered, cache: 'hit' };
  if (!options.flights) return embedThroughStore(embedder, query, key, options);
  // A request that joins another's embedding made no Cohere call of its own: a hit for it.
  const { value, shared } = await options.flights.run(key, () => embedThroughStore(embedder, query, key, options), options.defer);
  return shared ? { vector: value.vector, cache: 'hit' } : value;
}

async function embedThroughStore(
  embedder: QueryEmbedder,
  query: string,
  key: string,
  options: CachedEmbedOptions,
): Promise<{ vector: Float32Array; cache: CacheStatus }> {
  const stored = await readStore(options, key, embedder.descriptor.dimension);
  if (stored) {
    options.memory.set(key, stored);
    return { vector: stored, cache: 'hit' };
  }
  const vector = await embedder.embedQuery(query);
  options.memory.set(key, vector);
  if (options.store) {
    const store = options.store;
    options.defer(
      store.put(key, encodeVector(vector), options.ttlSeconds).catch((error) => options.log('embedding cache write failed', error)),
    );
  }
  return { vector, cache: 'miss' };
}

async function readStore(options: CachedEmbedOptions, key: string, dimension: number | null): Promise<Float32Array | null> {
  if (!options.store) return null;
  try {
    const bytes: ArrayBuffer | null = await withTimeout(options.store.get(key), CACHE_READ_TIMEOUT_MS);
    return bytes ? decodeVector(bytes, dimension) : null;
  } catch (error) {
    options.log('embedding cache read failed', error);
    return null;
  }
}
