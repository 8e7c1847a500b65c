/**
 * Query-embedding cache: an in-isolate LRU in front of a persistent store (Workers KV in the
 * Worker). Trial Cohere keys allow 1,000 calls a month, so a repeated query must never reach
 * Cohere. The cache is an optimisation only: any cache failure is logged and the search goes on.
 */
import type { CachedEmbedOptions, CacheStatus, EarlyRead, QueryEmbedder } from '../ports';
import { embeddingCacheKey } from './cache-key';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../common/with-timeout';
import { decodeVector, encodeVector } from './vector-codec';

/**
 * Embeds a query through the cache. Non-cacheable embedders (the local model) bypass it.
 * Concurrent misses of the same query share one embedding when `options.flights` is given.
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
  const early = options.early?.get(query);
  const key = early ? (await early).key : await keyOf(embedder, query);
  const remembered = options.memory.get(key);
  if (remembered) return { vector: remembered, cache: 'hit' };
  if (!options.flights) return embedThroughStore(embedder, query, key, options, early);
  // A request that joins another's embedding made no Cohere call of its own: a hit for it.
  const { value, shared } = await options.flights.run(key, () => embedThroughStore(embedder, query, key, options, early), options.defer);
  return shared ? { vector: value.vector, cache: 'hit' } : value;
}

/**
 * Starts the persistent-store read of `query`'s embedding now, so it overlaps other waiting (the
 * result cache's lookup); `embedQueryCached` then uses this read instead of making its own. Does
 * nothing for a non-cacheable embedder, a query already in memory or already started, or without
 * a store. Never calls the embedder: a result-cache hit must cost no upstream call.
 *
 * @example
 * prefetchEmbedding(embedder, params.q, context.cache); // then: await cachedSearch(…)
 */
export function prefetchEmbedding(embedder: QueryEmbedder, query: string, options: CachedEmbedOptions): void {
  if (!embedder.cacheable || !options.store || !options.early || options.early.has(query)) return;
  const read = (async (): Promise<EarlyRead> => {
    const key = await keyOf(embedder, query);
    const known = options.memory.get(key) !== undefined || options.flights?.has(key);
    return { key, stored: known ? undefined : await readStore(options, key, embedder.descriptor.dimension) };
  })();
  options.early.set(query, read);
}

/**
 * Embeds several queries through the cache with ONE embedder call for all the misses (duplicates
 * embedded once), as batch search needs. One query takes the single-query path (single flight
 * included). Answers are in the order of `queries`.
 *
 * @example
 * const [a, b] = await embedQueriesCached(embedder, ['what is tf2?', 'urdf joints'], options);
 */
export async function embedQueriesCached(
  embedder: QueryEmbedder,
  queries: readonly string[],
  options: CachedEmbedOptions,
): Promise<{ vector: Float32Array; cache: CacheStatus }[]> {
  if (queries.length === 1) return [await embedQueryCached(embedder, queries[0]!, options)];
  if (!embedder.cacheable) {
    const vectors = await embedMany(embedder, queries);
    return vectors.map((vector) => ({ vector, cache: 'none' }));
  }
  const keys = await Promise.all(queries.map((query) => keyOf(embedder, query)));
  const found = new Map<string, Float32Array>();
  await Promise.all(
    [...new Set(keys)].map(async (key) => {
      const remembered = options.memory.get(key) ?? (await readStore(options, key, embedder.descriptor.dimension));
      if (remembered) {
        options.memory.set(key, remembered);
        found.set(key, remembered);
      }
    }),
  );
  const missing = new Map<string, string>(); // key → query text, first occurrence
  keys.forEach((key, i) => {
    if (!found.has(key) && !missing.has(key)) missing.set(key, queries[i]!);
  });
  if (missing.size) {
    const vectors = await embedMany(embedder, [...missing.values()]);
    [...missing.keys()].forEach((key, i) => found.set(key, remember(key, vectors[i]!, options)));
  }
  return keys.map((key) => ({ vector: found.get(key)!, cache: missing.has(key) ? 'miss' : 'hit' }));
}

function keyOf(embedder: QueryEmbedder, query: string): Promise<string> {
  const { descriptor } = embedder;
  return embeddingCacheKey({ model: descriptor.model, inputType: 'search_query', dimension: descriptor.dimension, query });
}

function embedMany(embedder: QueryEmbedder, texts: readonly string[]): Promise<Float32Array[]> {
  if (texts.length === 1) return embedder.embedQuery(texts[0]!).then((vector) => [vector]);
  return embedder.embedQueries ? embedder.embedQueries([...texts]) : Promise.all(texts.map((text) => embedder.embedQuery(text)));
}

async function embedThroughStore(
  embedder: QueryEmbedder,
  query: string,
  key: string,
  options: CachedEmbedOptions,
  early?: Promise<EarlyRead>,
): Promise<{ vector: Float32Array; cache: CacheStatus }> {
  // An early read that skipped the store (the key was in memory or in flight then) is made here.
  const earlier = early ? (await early).stored : undefined;
  const stored = earlier !== undefined ? earlier : await readStore(options, key, embedder.descriptor.dimension);
  if (stored) {
    options.memory.set(key, stored);
    return { vector: stored, cache: 'hit' };
  }
  return { vector: remember(key, await embedder.embedQuery(query), options), cache: 'miss' };
}

/** Keeps a fresh embedding in memory and (after the response) in the persistent store. */
function remember(key: string, vector: Float32Array, options: CachedEmbedOptions): Float32Array {
  options.memory.set(key, vector);
  if (options.store) {
    const store = options.store;
    options.defer(store.put(key, encodeVector(vector), options.ttlSeconds).catch((error) => options.log('embedding cache write failed', error)));
  }
  return vector;
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
