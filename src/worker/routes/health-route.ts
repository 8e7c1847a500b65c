/**
 * `GET /health`: which embedder, store and collection are configured, and whether each answers.
 * 200 when everything answers, 503 otherwise, so a load balancer can use it as is.
 */
import { Hono } from 'hono';
import { isRetrieverError } from '../../core/errors';
import type { AppEnv } from '../bindings';
import { buildSearchContext, configFor } from '../services';
import { probeEmbedder } from './probe-embedder';
import type { QueryEmbedder } from '../../core/embed/embedder';

/** The health route. */
export const healthRoute = new Hono<AppEnv>();

healthRoute.get('/', async (c) => {
  const config = configFor(c.env);
  const context = buildSearchContext({ env: c.env, waitUntil: (work) => c.executionCtx.waitUntil(work) });
  const queryEmbedder = (() => {
    try {
      return context.embedder();
    } catch (error) {
      return error;
    }
  })();
  const [store, embedder] = await Promise.all([
    timed(async () => {
      const info = await context.store.describe();
      return { points_count: info.pointsCount, dense_vectors: info.denseVectors, sparse_vectors: Object.keys(info.sparseVectors) };
    }),
    timed(async () => {
      if (queryEmbedder instanceof Error) throw queryEmbedder;
      return probeEmbedder(queryEmbedder as QueryEmbedder, config, context.deadline);
    }),
  ]);
  const ok = store.ok && embedder.ok;
  return c.json(
    {
      status: ok ? 'ok' : 'degraded',
      embedder: {
        kind: queryEmbedder instanceof Error ? config.embedderKind : (queryEmbedder as QueryEmbedder).descriptor.kind,
        model: queryEmbedder instanceof Error ? null : (queryEmbedder as QueryEmbedder).descriptor.model,
        ...embedder,
      },
      store: {
        kind: context.store.kind,
        collection: context.store.collection,
        ...(config.QDRANT_URL ? { host: new URL(config.QDRANT_URL).host } : {}),
        ...store,
      },
      cache: { kv_bound: Boolean(c.env.EMBED_CACHE), ttl_seconds: config.EMBED_CACHE_TTL_SECONDS },
    },
    ok ? 200 : 503,
    { 'Cache-Control': 'no-store' },
  );
});

async function timed<T extends object>(probe: () => Promise<T>) {
  const started = performance.now();
  try {
    const details = await probe();
    return { ok: true as const, latency_ms: Math.round(performance.now() - started), ...details };
  } catch (error) {
    const code = isRetrieverError(error) ? error.code : 'internal_error';
    const message = isRetrieverError(error) ? error.message : 'probe failed';
    return { ok: false as const, latency_ms: Math.round(performance.now() - started), error: { code, message } };
  }
}
