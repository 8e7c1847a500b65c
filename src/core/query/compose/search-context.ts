/**
 * Builds a request's `SearchContext` from the configuration: Qdrant or the embedded index as the
 * store, Cohere or the index's LSA model as the embedder, the Cohere reranker when a key is set —
 * all sharing one deadline and one upstream-call counter. Used by the Worker and the CLI alike;
 * what differs (fetch, the index source, the cache store, waitUntil) is passed in.
 */
import type { Config } from '../../common/config/parse-config';
import { cohereEmbedderFor } from '../embedders/cohere-embedder';
import { embeddedStore, localEmbedder } from '../local-index/embedded-backends';
import type { EmbeddedIndex } from '../local-index/index-types';
import { createDeadline, type Deadline } from '../../common/http/deadline';
import type { FetchLike } from '../../common/http/upstream-fetch';
import { cohereRerank } from '../rerank/cohere-reranker';
import { createQdrantStore } from '../stores/qdrant-store';
import { cohereTransportFor, type CohereTransport } from '../../common/upstream/cohere-transport';
import { createQdrantTransport } from '../../common/upstream/qdrant-transport';
import type { CollectionInfo, EmbeddingCacheStore, MemoryCache, QueryEmbedder, SearchContext, VectorStore } from '../ports';

/** What the host runtime provides. */
export interface SearchRuntime {
  config: Config;
  fetch: FetchLike;
  /** The embedded index, loaded on demand (bundled module in the Worker, a file in the CLI). */
  embeddedIndex: () => EmbeddedIndex;
  cacheStore: EmbeddingCacheStore | null;
  memory: MemoryCache<Float32Array>;
  /** Collection facts cached across requests (per isolate / per process). */
  describeCache: Map<string, { info: CollectionInfo; expires: number }>;
  defer: (work: Promise<unknown>) => void;
  log?: (message: string, error: unknown) => void;
}

/** A request's search context plus what the host also needs: its deadline and the Cohere transport (for /health). */
export type RequestContext = SearchContext & { deadline: Deadline; cohere: CohereTransport | null };

const DESCRIBE_TTL_MS = 60_000;

/**
 * Creates the context of one search request.
 *
 * @example
 * const context = createSearchContext({ config, fetch, embeddedIndex, cacheStore: null, memory, describeCache, defer });
 * const outcome = await runSearch(params, context);
 */
export function createSearchContext(runtime: SearchRuntime): RequestContext {
  const { config } = runtime;
  const deadline = createDeadline(config.REQUEST_BUDGET_MS);
  let calls = 0;
  const upstream = { fetch: runtime.fetch, deadline, timeoutMs: config.UPSTREAM_TIMEOUT_MS, onAttempt: () => void calls++ };
  const cohere = cohereTransportFor(config, upstream);
  const store: VectorStore =
    config.storeKind === 'qdrant'
      ? createQdrantStore(createQdrantTransport({ url: config.QDRANT_URL as string, apiKey: config.QDRANT_API_KEY, collection: config.QDRANT_COLLECTION, ...upstream }))
      : embeddedStore(runtime.embeddedIndex(), config.QDRANT_COLLECTION);
  let embedder: QueryEmbedder | null = null;
  // parseConfig guarantees a key when the embedder kind is cohere.
  const makeEmbedder = (): QueryEmbedder =>
    config.embedderKind === 'cohere' ? cohereEmbedderFor(config, cohere as CohereTransport) : localEmbedder(runtime.embeddedIndex());
  const log = runtime.log ?? ((message, error) => console.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`));
  return {
    config,
    store,
    deadline,
    cohere,
    // Created on first use: keyword searches never touch an embedder.
    embedder: () => (embedder ??= makeEmbedder()),
    describe: () => describeCached(store, config, runtime.describeCache),
    rerank: cohere ? (query, documents, topN) => cohereRerank(query, documents, topN, { cohere, model: config.RERANK_MODEL }) : null,
    cache: { store: runtime.cacheStore, memory: runtime.memory, ttlSeconds: config.EMBED_CACHE_TTL_SECONDS, defer: runtime.defer, log },
    upstreamCalls: () => calls,
    log,
  };
}

async function describeCached(store: VectorStore, config: Config, cache: SearchRuntime['describeCache']): Promise<CollectionInfo> {
  // The embedded index describes itself locally; only Qdrant's answer is worth caching.
  if (store.kind === 'embedded') return store.describe();
  const key = `${config.QDRANT_URL}|${store.collection}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.info;
  const info = await store.describe();
  cache.set(key, { info, expires: Date.now() + DESCRIBE_TTL_MS });
  return info;
}
