/**
 * `GET /search?q=…&k=…` and `POST /search` (same fields as a JSON body).
 */
import { Hono, type Context } from 'hono';
import { RetrieverError } from '../../core/common/errors';
import { parseSearchParams } from '../../core/query/search/search-params';
import type { AppEnv } from '../bindings';
import { cacheHeaders, searchThroughCache, takeBypass } from '../cached-search';
import { readJsonBody } from '../read-json-body';
import { buildSearchContext } from '../services';
import { contextResponse, negotiateFormat, streamOutcome } from '../stream-response';

/** The search routes. */
export const searchRoute = new Hono<AppEnv>();

searchRoute.get('/', async (c) => {
  const url = new URL(c.req.url);
  const raw: Record<string, unknown> = {};
  const repeated: string[] = [];
  for (const [key, value] of url.searchParams) {
    if (key in raw) repeated.push(key);
    raw[key] = value;
  }
  if (repeated.length) {
    throw new RetrieverError('invalid_request', `Parameters given more than once: ${repeated.join(', ')}`, { params: repeated });
  }
  return search(c, raw);
});

searchRoute.post('/', async (c) => {
  const body = await readJsonBody(c, 'POST /search');
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new RetrieverError('invalid_request', 'Request body must be a JSON object such as {"q": "…", "k": 5}');
  }
  return search(c, body as Record<string, unknown>);
});

async function search(c: Context<AppEnv>, raw: Record<string, unknown>): Promise<Response> {
  const context = buildSearchContext({ env: c.env, waitUntil: (work) => c.executionCtx.waitUntil(work) });
  const bypass = takeBypass(raw, c.req.header('cache-control'));
  const params = parseSearchParams(raw, context.config);
  const result = await searchThroughCache(c, params, context, bypass);
  const headers = cacheHeaders(result, context.config.RESULT_CACHE_TTL_SECONDS);
  if (params.format === 'context') return contextResponse(c, result.outcome, headers);
  return streamOutcome(c, result.outcome, negotiateFormat(c.req.header('accept')), headers);
}
