/**
 * A search through the result cache: the client's bypass wish, the index version, the key, and
 * the headers that say truthfully where the answer came from and how long it may be reused.
 * A hit in the isolate needs no search context at all (no store, embedder or deadline built, no
 * digest); on a miss there, the search's own storage reads (query embedding, collection facts)
 * start at once and overlap the shared tier's lookup instead of following it.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../core/common/errors';
import { cachedSearch, ResultCacheMemory, type CachedOutcome, type ResultKeys } from '../core/query/cache/result-cache';
import { resultCacheKeys } from '../core/query/cache/result-key';
import type { SearchContext } from '../core/query/ports';
import { prefetchSearch, runSearch } from '../core/query/search/search-pipeline';
import type { SearchParams } from '../core/query/search/search-params';
import type { AppEnv } from './bindings';
import { forgetIndexVersions, hasIndexVersion, indexVersion } from './index-version';
import { cacheApiResultStore } from './result-store';
import { configFor, indexScope, noteInto, onIsolateReset } from './services';
import { roundMs } from '../core/common/round-ms';

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

/**
 * Runs the search through the cache and sets `summary.result_cache`. `contextOf` builds the
 * request's search context on first use (only a miss in the isolate needs it).
 */
export async function searchThroughCache(
  c: Context<AppEnv>,
  params: SearchParams,
  contextOf: () => SearchContext,
  bypass: boolean,
): Promise<CachedOutcome> {
  const started = performance.now();
  const config = configFor(c.env);
  // Cache failures degrade to a miss; the request's log line keeps the cause.
  const log = noteInto(c.get('log'));
  const defer = c.get('defer');
  const ttlSeconds = config.RESULT_CACHE_TTL_SECONDS;
  const warm = () => prefetchSearch(params, contextOf());
  let keys: ResultKeys = { local: '', shared: async () => '' };
  if (ttlSeconds > 0) {
    const scope = indexScope(config);
    // A fresh isolate waits for the version (KV); its memory tier is empty, so read alongside.
    if (!hasIndexVersion(scope)) warm();
    // The deployed version is part of the key: a new deployment (its ranking, its response shape)
    // never serves an answer the previous one cached in the zone's Cache API.
    const deployment = c.env.CF_VERSION_METADATA?.id ?? '';
    keys = resultCacheKeys(params, config, `${await indexVersion(c.env.EMBED_CACHE, scope, log, defer)}@${deployment}`);
  }
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
  const result = await cachedSearch(keys, () => runSearch(params, contextOf()), {
    memory,
    store: timedStore,
    ttlSeconds,
    bypass,
    defer,
    log,
    onLocalMiss: warm,
  });
  const { outcome } = result;
  const summary = { ...outcome.summary, result_cache: result.status };
  const timing = {
    ...outcome.timing,
    result_cache_ms: roundMs(keyMs + lookupMs),
    ...(result.status === 'hit' ? { total_ms: roundMs(performance.now() - started) } : {}),
  };
  return { ...result, outcome: { ...outcome, summary, timing } };
}

/**
 * `Cache-Control`, `Age` and `Cache-Status` (RFC 9211) for a search answer: a stored answer may
 * be reused by shared caches for the TTL (`s-maxage`, less `Age`), never by a browser (`max-age=0`,
 * so a purge is not hidden by client caches); anything not stored is `no-store`. Behind API keys
 * it is `private`: `public` would let a proxy or CDN hand a key holder's answer to a caller
 * without one (RFC 9111 §3.5), and nothing varies on `X-API-Key`.
 *
 * @example
 * cacheHeaders({ status: 'miss', stored: true, ageSeconds: 0 }, 300, { keyed: true })['Cache-Control']; // 'private, max-age=0'
 */
export function cacheHeaders(result: Pick<CachedOutcome, 'status' | 'stored' | 'ageSeconds'>, ttlSeconds: number, access: { keyed: boolean }): Record<string, string> {
  const status = result.status === 'hit' ? 'hit' : result.status === 'bypass' ? 'fwd=bypass' : 'fwd=uri-miss';
  if (!result.stored) return { 'Cache-Control': 'no-store', 'Cache-Status': `edge-retriever; ${status}` };
  return {
    'Cache-Control': access.keyed ? 'private, max-age=0' : `public, max-age=0, s-maxage=${ttlSeconds}`,
    Age: String(result.ageSeconds),
    'Cache-Status': `edge-retriever; ${status}${result.status === 'hit' ? `; ttl=${Math.max(0, ttlSeconds - result.ageSeconds)}` : '; stored'}`,
  };
}
