/**
 * A search through the result cache: the client's bypass wish, the index version, the key, and
 * the headers that say truthfully where the answer came from and how long it may be reused.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../core/common/errors';
import { cachedSearch, ResultCacheMemory, type CachedOutcome } from '../core/query/cache/result-cache';
import { resultCacheKey } from '../core/query/cache/result-key';
import type { SearchContext } from '../core/query/ports';
import { runSearch } from '../core/query/search/search-pipeline';
import type { SearchParams } from '../core/query/search/search-params';
import type { AppEnv } from './bindings';
import { forgetIndexVersions, indexVersion } from './index-version';
import { cacheApiResultStore } from './result-store';
import { indexScope, onIsolateReset } from './services';

const memory = new ResultCacheMemory();
onIsolateReset(() => {
  memory.clear();
  forgetIndexVersions();
});

/**
 * Takes the worker-level `cache` parameter out of the raw parameters: `cache=bypass` (or a
 * request `Cache-Control: no-cache` / `no-store`) asks for a freshly computed answer.
 */
export function takeBypass(raw: Record<string, unknown>, cacheControl: string | undefined): boolean {
  const { cache } = raw;
  delete raw.cache;
  if (cache !== undefined && cache !== 'bypass' && cache !== 'default') {
    throw new RetrieverError('invalid_request', 'Parameter `cache` must be "bypass" or "default"', { params: ['cache'] });
  }
  return cache === 'bypass' || /\bno-(cache|store)\b/i.test(cacheControl ?? '');
}

/** Runs the search through the cache and sets `summary.result_cache`. */
export async function searchThroughCache(
  c: Context<AppEnv>,
  params: SearchParams,
  context: SearchContext,
  bypass: boolean,
): Promise<CachedOutcome> {
  const started = performance.now();
  const { config } = context;
  // Cache failures degrade to a miss; the context's log keeps the cause (in the request's log line).
  const { log } = context;
  const defer = c.get('defer');
  const ttlSeconds = config.RESULT_CACHE_TTL_SECONDS;
  const key = ttlSeconds > 0 ? await resultCacheKey(params, config, await indexVersion(c.env.EMBED_CACHE, indexScope(config), log, defer)) : '';
  const shared = typeof caches === 'undefined' ? null : cacheApiResultStore(`https://${new URL(c.req.url).hostname}`);
  let lookupMs = 0;
  const timedStore = shared && {
    put: shared.put,
    get: async (k: string) => {
      const t0 = performance.now();
      try {
        return await shared.get(k);
      } finally {
        lookupMs = performance.now() - t0;
      }
    },
  };
  const keyMs = performance.now() - started;
  const result = await cachedSearch(key, () => runSearch(params, context), {
    memory,
    store: timedStore,
    ttlSeconds,
    bypass,
    defer,
    log,
  });
  const { outcome } = result;
  const summary = { ...outcome.summary, result_cache: result.status };
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const timing = {
    ...outcome.timing,
    result_cache_ms: round(keyMs + lookupMs),
    ...(result.status === 'hit' ? { total_ms: round(performance.now() - started) } : {}),
  };
  return { ...result, outcome: { ...outcome, summary, timing } };
}

/**
 * `Cache-Control`, `Age` and `Cache-Status` (RFC 9211) for a search answer: a stored answer may
 * be reused by shared caches for the TTL (`s-maxage`, less `Age`), never by a browser (`max-age=0`,
 * so a purge is not hidden by client caches); anything not stored is `no-store`.
 */
export function cacheHeaders(result: CachedOutcome, ttlSeconds: number): Record<string, string> {
  const status = result.status === 'hit' ? 'hit' : result.status === 'bypass' ? 'fwd=bypass' : 'fwd=uri-miss';
  if (!result.stored) return { 'Cache-Control': 'no-store', 'Cache-Status': `edge-retriever; ${status}` };
  return {
    'Cache-Control': `public, max-age=0, s-maxage=${ttlSeconds}`,
    Age: String(result.ageSeconds),
    'Cache-Status': `edge-retriever; ${status}${result.status === 'hit' ? `; ttl=${Math.max(0, ttlSeconds - result.ageSeconds)}` : '; stored'}`,
  };
}
