/**
 * Workers KV as the persistent query-embedding cache. Values are raw float32 bytes; KV refuses
 * TTLs under 60 s, which the config schema already enforces.
 */
import type { EmbeddingCacheStore } from '../core/query/ports';

/** Wraps a KV namespace binding as an `EmbeddingCacheStore`. */
export function kvEmbeddingStore(kv: KVNamespace): EmbeddingCacheStore {
  return {
    get: (key) => kv.get(key, 'arrayBuffer'),
    put: (key, value, ttlSeconds) => kv.put(key, value, { expirationTtl: ttlSeconds }),
  };
}
