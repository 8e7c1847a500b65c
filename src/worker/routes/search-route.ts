/**
 * `GET /search?q=…&k=…` and `POST /search` (same fields as a JSON body; a POST takes no
 * query-string parameters, so nothing is silently ignored or silently merged).
 */
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import { RetrieverError } from '../../core/common/errors';
import { parseSearchParams } from '../../core/query/search/search-params';
import type { AppEnv } from '../bindings';
import { cacheHeaders, searchThroughCache, takeBypass } from '../cached-search';
import { rememberedParams } from '../parsed-queries';
import { readJsonBody, repeatedError } from '../read-json-body';
import { buildSearchContext, configFor } from '../services';
import type { RequestContext } from '../../core/query/compose/search-context';
import { contextResponse, negotiateFormat, SSE_END_ID, streamOutcome } from '../stream-response';

/** The search routes. */
export const searchRoute = new Hono<AppEnv>();

searchRoute.get('/', async (c) => {
  // An EventSource reconnecting after its answer ended: the answer was complete, so stop it (see SSE_END_ID).
  if (c.req.header('last-event-id') === SSE_END_ID) return c.body(null, 204, { 'Cache-Control': 'no-store' });
  // No prototype: `constructor` or `__proto__` are just unknown parameters, not "repeated" ones.
  const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const repeated: string[] = [];
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (Object.hasOwn(raw, key)) repeated.push(key);
    raw[key] = value;
  }
  if (repeated.length) throw repeatedError(repeated);
  return search(c, raw, url.search);
});

searchRoute.post('/', async (c) => {
  const body = await readJsonBody(c, 'POST /search');
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new RetrieverError('invalid_request', 'Request body must be a JSON object such as {"q": "…", "k": 5}');
  }
  return search(c, body as Record<string, unknown>);
});

async function search(c: Context<AppEnv>, raw: Record<string, unknown>, query?: string): Promise<Response> {
  const log = c.get('log');
  const config = configFor(c.env);
  let context = null as RequestContext | null;
  // Built on first use: an answer from the isolate's result cache needs no store, embedder or deadline.
  const contextOf = () => (context ??= buildSearchContext({ env: c.env, waitUntil: c.get('defer'), log }));
  try {
    const bypass = takeBypass(raw, c.req.header('cache-control'));
    const params = query === undefined ? parseSearchParams(raw, config) : rememberedParams(config, query, () => parseSearchParams(raw, config));
    const format = params.format === 'context' ? 'context' : negotiateFormat(c);
    Object.assign(log, { mode: params.mode, format, k: params.k, rerank: params.rerank });
    if (config.LOG_QUERIES) log.query = params.q;
    const result = await searchThroughCache(c, params, contextOf, bypass);
    const { outcome } = result;
    Object.assign(log, {
      results: outcome.results.length,
      cache: { embedding: outcome.summary.cache, result: result.status },
      timing: outcome.timing,
      ...(outcome.summary.warnings.length ? { warnings: outcome.summary.warnings.map((w) => w.code) } : {}),
    });
    const headers = cacheHeaders(result, config.RESULT_CACHE_TTL_SECONDS, { keyed: config.apiKeys.length > 0 });
    if (format === 'context') return contextResponse(c, outcome, headers);
    return streamOutcome(c, outcome, format, headers);
  } finally {
    log.upstream_calls = context?.upstreamCalls() ?? 0;
  }
}
