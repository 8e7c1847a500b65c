/**
 * The Workers Cache API as the shared tier of the result cache. Chosen over KV because a lookup
 * is a local, in-data-centre read (~1 ms, hit or miss) that costs nothing per operation, so a
 * unique-question workload pays almost nothing for it; KV would add a (billed, at first slow)
 * read on every miss and a billed write per new question, for a global reach that answers tied
 * to an index version do not need. Caveat: Cloudflare ignores Cache API calls on `*.workers.dev`
 * (custom domains only); there the in-isolate tier still works (README, "Result cache").
 */
import type { CachedResult, ResultStore } from '../core/query/cache/result-cache';

const CACHE_NAME = 'edge-retriever:results';

// One `caches.open` per isolate, not one per lookup and per write.
let opened: Promise<Cache> | null = null;
const resultCache = () => (opened ??= caches.open(CACHE_NAME).catch((error: unknown) => {
  opened = null; // a failed open is retried by the next request
  throw error;
}));

/** A `ResultStore` over `caches.open(…)`, keyed by synthetic GET URLs under `origin`. */
export function cacheApiResultStore(origin: string): ResultStore {
  const url = (key: string) => `${origin}/__result-cache/${encodeURIComponent(key)}`; // origin without port: stable keys
  return {
    async get(key) {
      const cache = await resultCache();
      const response = await cache.match(url(key));
      if (!response) return null;
      const entry = (await response.json()) as Partial<CachedResult>;
      return typeof entry.storedAt === 'number' && entry.outcome ? (entry as CachedResult) : null;
    },
    async put(key, entry, ttlSeconds) {
      const body = JSON.stringify(entry);
      const cache = await resultCache();
      await cache.put(
        url(key),
        new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, s-maxage=${ttlSeconds}` } }),
      );
    },
  };
}
