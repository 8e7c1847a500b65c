/**
 * Workers KV as the persistent query-embedding cache (raw float32 bytes under `qe:`) and as the
 * shared store of collection facts (JSON under `cf:`). KV refuses TTLs under 60 s, which the
 * config schema already enforces.
 */
import type { EmbeddingCacheStore, FactsStore } from '../core/query/ports';

/** Wraps a KV namespace binding as an `EmbeddingCacheStore`. */
export function kvEmbeddingStore(kv: KVNamespace): EmbeddingCacheStore {
  return {
    get: (key) => kv.get(key, 'arrayBuffer'),
    put: (key, value, ttlSeconds) => kv.put(key, value, { expirationTtl: ttlSeconds }),
  };
}

/** Wraps a KV namespace binding as a text store (collection facts). */
export function kvTextStore(kv: KVNamespace): FactsStore {
  return {
    get: (key) => kv.get(key, 'text'),
    put: (key, value, ttlSeconds) => kv.put(key, value, { expirationTtl: ttlSeconds }),
  };
}
