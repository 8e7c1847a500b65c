/**
 * `GET /health`: which embedder, store and collection are configured, and whether each answers.
 * 200 when everything answers, 503 otherwise (a configuration error included, with its message),
 * so a load balancer can use it as is. With API_KEYS
 * set, a caller without a valid key sees only the status: hosts, models and errors are for operators.
 * Callers without a key share one check per isolate every 10 s.
 */
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import type { CollectionInfo, QueryEmbedder } from '../../core/query/ports';
import { collectionProblem } from '../../core/query/search/collection-check';
import { isRetrieverError } from '../../core/common/errors';
import type { AppEnv } from '../bindings';
import { buildSearchContext, configFor } from '../services';
import { errorObject, mayListCollections } from '../on-error';
import { redactedJson } from '../redacted-json';
import { probeEmbedder } from './probe-embedder';

/** The health route. */
export const healthRoute = new Hono<AppEnv>();

/**
 * How long a check is reused for callers without an API key. /health is open to anyone; without
 * this, anyone could make the Worker call Cohere and Qdrant as often as they like. Callers with a
 * valid key always get a fresh check.
 */
export const PUBLIC_HEALTH_TTL_MS = 10_000;
const lastCheck = new WeakMap<object, { ok: boolean; body: Record<string, unknown>; until: number }>();

healthRoute.get('/', async (c) => {
  // A configuration the Worker cannot run with is "not healthy" (503, as the README promises a load
  // balancer), not a crash of the health check (500); the error is the one a search would get.
  // Some show only once the services are built (the Qdrant-only build without QDRANT_URL).
  try {
    configFor(c.env);
    const keyed = c.get('caller')?.kind === 'key';
    const remembered = keyed ? undefined : lastCheck.get(c.env);
    const check = remembered && remembered.until > Date.now() ? remembered : await runCheck(c);
    if (check === remembered) c.get('log').health_cached = true;
    else lastCheck.set(c.env, { ...check, until: Date.now() + PUBLIC_HEALTH_TTL_MS });
    const status = check.ok ? 200 : 503;
    // Without full access only the status: hosts, models and errors are for operators.
    if (!c.get('fullAccess')) return c.json({ status: check.body.status }, status, { 'Cache-Control': 'no-store' });
    return redactedJson(c, forThisCaller(check.body, c), status, { 'Cache-Control': 'no-store' });
  } catch (error) {
    if (!isRetrieverError(error) || error.code !== 'config_error') throw error;
    return redactedJson(c, { status: 'misconfigured', error: errorObject(error, c) }, 503, { 'Cache-Control': 'no-store' });
  }
});

/**
 * `body` as this caller may read it. The Qdrant cluster's host, and a missing collection's message
 * (it suggests the closest name of the cluster, which may be someone else's), are shown only to a
 * caller who may list collections (a valid API key, or the developer of a local dev server), as a
 * /search 404 is (on-error.ts). Full access alone is any visitor of a deployment without API_KEYS:
 * the host would tell them which cluster to probe. The operator has it in their own configuration.
 */
function forThisCaller(body: Record<string, unknown>, c: Context<AppEnv>): Record<string, unknown> {
  if (mayListCollections(c)) return body;
  const { host: _host, ...store } = body.store as { host?: string; collection?: unknown; error?: { code: string; message: string } };
  if (store.error?.code !== 'collection_not_found') return { ...body, store };
  const message = `Collection "${String(store.collection)}" does not exist (QDRANT_COLLECTION; npm run ingest creates it); to see which collections exist, read the Worker's log (wrangler tail or Workers Logs), or ask with an API key or on a local dev server`;
  return { ...body, store: { ...store, error: { ...store.error, message } } };
}

/** Probes the store and the embedder and builds the full answer. */
async function runCheck(c: Context<AppEnv>): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const config = configFor(c.env);
  const context = buildSearchContext({ env: c.env, waitUntil: c.get('defer'), log: c.get('log') });
  // Building the embedder can itself fail (e.g. a Cohere-built index without a key): report, don't throw.
  let embedder: QueryEmbedder | null = null;
  let info: CollectionInfo | null = null;
  const [store, embedderProbe] = await Promise.all([
    probe(context.log, 'store', async () => {
      const learned = await context.facts.learn(); // also primes the facts every search reads
      info = learned;
      // The embedded index always has the book's vocabulary; a Qdrant collection once ingest recorded it.
      const termRule = Boolean(context.bookVocabulary?.(learned));
      return { points_count: learned.pointsCount, dense_vectors: learned.denseVectors, sparse_vectors: Object.keys(learned.sparseVectors), term_rule: termRule };
    }),
    probe(context.log, 'embedder', async () => {
      embedder = context.embedder();
      return probeEmbedder(embedder, context.cohere, config.UPSTREAM_TIMEOUT_MS);
    }),
  ]);
  const descriptor = (embedder as QueryEmbedder | null)?.descriptor;
  // Both answer, but a search in the default mode would still be refused (another model's or size's
  // vectors, a vector name the collection lacks): not healthy, with the error every search gets.
  const learned = info as CollectionInfo | null; // set inside the store probe
  const mismatch = store.ok && descriptor && learned
    ? collectionProblem(learned, { mode: config.SEARCH_MODE, vectorName: config.QDRANT_VECTOR_NAME, sparseName: config.QDRANT_SPARSE_VECTOR_NAME, embedder: descriptor })
    : null;
  const ok = store.ok && embedderProbe.ok && mismatch === null;
  c.get('log').upstream_calls = context.upstreamCalls();
  const body = {
    status: ok ? 'ok' : 'degraded',
    embedder: { kind: descriptor?.kind ?? config.embedderKind, model: descriptor?.model ?? null, ...embedderProbe },
    store: {
      kind: context.store.kind,
      collection: context.store.collection,
      ...(config.QDRANT_URL ? { host: new URL(config.QDRANT_URL).host } : {}),
      ...store,
    },
    ...(mismatch ? { search: { ok: false, default_mode: config.SEARCH_MODE, error: { code: mismatch.code, message: mismatch.message } } } : {}),
    cache: { kv_bound: Boolean(c.env.EMBED_CACHE), ttl_seconds: config.EMBED_CACHE_TTL_SECONDS },
    access: {
      api_keys: config.apiKeys.length,
      allow_anonymous: config.apiKeys.length === 0 || config.ALLOW_ANONYMOUS,
      // `RATE_LIMITS=off` (load tests only) ignores bound limiters: an operator must see it.
      rate_limits: { per_key: Boolean(c.env.KEY_RATE_LIMITER), per_ip: Boolean(c.env.IP_RATE_LIMITER), enforced: config.RATE_LIMITS === 'on' },
    },
  };
  return { ok, body };
}

/** Runs a probe, timing it; failures become `{ok: false, error}` instead of throwing. */
async function probe<T extends object>(log: (message: string, error: unknown) => void, what: string, run: () => Promise<T>) {
  const started = performance.now();
  try {
    const details = await run();
    return { ok: true as const, latency_ms: Math.round(performance.now() - started), ...details };
  } catch (error) {
    // The answer says little on purpose; the log keeps the cause.
    log(`health: ${what} probe failed`, error);
    const code = isRetrieverError(error) ? error.code : 'internal_error';
    const message = isRetrieverError(error) ? error.message : 'probe failed';
    return { ok: false as const, latency_ms: Math.round(performance.now() - started), error: { code, message } };
  }
}
