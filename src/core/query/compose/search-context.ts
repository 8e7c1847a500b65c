/**
 * Builds a request's `SearchContext` from the configuration: Qdrant or the embedded index as the
 * store, Cohere or the index's LSA model as the embedder, the Cohere reranker when a key is set —
 * all sharing one deadline and one upstream-call counter. Used by the Worker and the CLI alike;
 * what differs (fetch, the index source, the cache store, waitUntil) is passed in.
 */
import { configuredSecrets, type Config } from '../../common/config/parse-config';
import type { SingleFlight } from '../cache/single-flight';
import { cohereEmbedderFor } from '../embedders/cohere-embedder';
import { cohereEmbedderForIndex, embeddedStore, localEmbedder } from '../local-index/embedded-backends';
import type { EmbeddedIndex } from '../local-index/index-types';
import { indexVocabulary, storedVocabulary } from '../book-terms/book-vocabulary';
import { createDeadline, deadlineBefore, type Deadline } from '../../common/http/deadline';
import type { FetchLike } from '../../common/http/upstream-fetch';
import { cohereRerank } from '../rerank/cohere-reranker';
import { createQdrantStore } from '../stores/qdrant-store';
import { cohereTransportFor, type CohereTransport } from '../../common/upstream/cohere-transport';
import { createQdrantTransport } from '../../common/upstream/qdrant-transport';
import { localFacts, rememberedFacts, type LearnedFacts } from '../search/collection-facts';
import type { CacheStatus, EmbeddingCacheStore, FactsStore, MemoryCache, QueryEmbedder, SearchContext, VectorStore } from '../ports';

/** What the host runtime provides. */
export interface SearchRuntime {
  config: Config;
  fetch: FetchLike;
  /** The embedded index, loaded on demand (bundled module in the Worker, a file in the CLI). */
  embeddedIndex: () => EmbeddedIndex;
  cacheStore: EmbeddingCacheStore | null;
  memory: MemoryCache<Float32Array>;
  /** Collection facts remembered across requests: per isolate / process, and shared (KV). */
  facts: { memory: Map<string, LearnedFacts>; store: FactsStore | null; now?: () => number };
  /** In-flight query embeddings shared by concurrent requests (per isolate). */
  embedFlights?: SingleFlight<{ vector: Float32Array; cache: CacheStatus }>;
  defer: (work: Promise<unknown>) => void;
  log?: (message: string, error: unknown) => void;
}

/** A request's search context plus what the host also needs: its deadline and the Cohere transport (for /health). */
export type RequestContext = SearchContext & { deadline: Deadline; cohere: CohereTransport | null };

/**
 * Shared facts live a day; a search refreshes them in the background once they are old
 * ({@link factsRefreshSeconds}); unchanged ones are written to KV again only every half hour.
 */
const FACTS_TTL_SECONDS = 24 * 3600;
const FACTS_REWRITE_SECONDS = 1800;

/**
 * How old collection facts may grow before a search relearns them in the background: the result
 * cache's lifetime, within [60 s, 1 h]. The facts hold the book's vocabulary, which the term rule
 * reads ("the book never mentions …"), so a re-ingest reaches that verdict as soon as it reaches
 * cached answers, instead of up to an hour later. One `GET /collections/{c}` per period and isolate
 * (a cheap read); KV is written only when the facts changed, or every half hour.
 *
 * @example
 * factsRefreshSeconds(300); // 300
 * factsRefreshSeconds(0); // 60 (result cache off: the shortest period)
 */
export function factsRefreshSeconds(resultCacheTtlSeconds: number): number {
  return Math.min(3600, Math.max(60, resultCacheTtlSeconds));
}

/**
 * Creates the context of one search request.
 *
 * @example
 * const context = createSearchContext({ config, fetch, embeddedIndex, cacheStore: null, memory, facts: { memory: new Map(), store: null }, defer });
 * const outcome = await runSearch(params, context);
 */
export function createSearchContext(runtime: SearchRuntime): RequestContext {
  const { config } = runtime;
  const deadline = createDeadline(config.REQUEST_BUDGET_MS);
  let calls = 0;
  // Every configured secret is redacted from any upstream text we quote or log.
  const secrets = configuredSecrets(config);
  const upstream = { fetch: runtime.fetch, deadline, timeoutMs: config.UPSTREAM_TIMEOUT_MS, onAttempt: () => void calls++, secrets };
  const cohere = cohereTransportFor(config, upstream);
  const store: VectorStore =
    config.storeKind === 'qdrant'
      ? createQdrantStore(createQdrantTransport({ url: config.QDRANT_URL as string, apiKey: config.QDRANT_API_KEY, collection: config.QDRANT_COLLECTION, ...upstream }))
      : embeddedStore(runtime.embeddedIndex(), config.QDRANT_COLLECTION);
  let embedder: QueryEmbedder | null = null;
  // parseConfig guarantees a key when the embedder kind is cohere.
  const makeEmbedder = (): QueryEmbedder => {
    if (config.embedderKind === 'local') return localEmbedder(runtime.embeddedIndex());
    const embedder = cohereEmbedderFor(config, cohere as CohereTransport);
    return store.kind === 'embedded' ? cohereEmbedderForIndex(runtime.embeddedIndex(), embedder) : embedder;
  };
  const log: NonNullable<SearchRuntime['log']> = runtime.log ?? ((message, error) => console.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`));
  return {
    config,
    store,
    deadline,
    cohere,
    // Created on first use: keyword searches never touch an embedder.
    embedder: () => (embedder ??= makeEmbedder()),
    facts:
      store.kind === 'embedded'
        ? localFacts(store)
        : rememberedFacts(store, `${config.QDRANT_URL}|${store.collection}`, {
            ...runtime.facts,
            ttlSeconds: FACTS_TTL_SECONDS,
            refreshSeconds: factsRefreshSeconds(config.RESULT_CACHE_TTL_SECONDS),
            rewriteSeconds: FACTS_REWRITE_SECONDS,
            defer: runtime.defer,
            log,
          }),
    rerank: cohere
      ? (query, documents, topN, options) => {
          // A store call follows (Qdrant neighbours for `expand`): a slowly failing reranker may use
          // half of what is left, at most, so the search degrades instead of timing out as a whole.
          const leave = options?.leaveBudget && store.kind === 'qdrant' ? Math.min(config.UPSTREAM_TIMEOUT_MS, deadline.remaining() / 2) : 0;
          const transport = leave > 0 ? (cohereTransportFor(config, { ...upstream, deadline: deadlineBefore(deadline, leave) }) as CohereTransport) : cohere;
          return cohereRerank(query, documents, topN, { cohere: transport, model: config.RERANK_MODEL });
        }
      : null,
    cache: {
      store: runtime.cacheStore,
      memory: runtime.memory,
      ttlSeconds: config.EMBED_CACHE_TTL_SECONDS,
      defer: runtime.defer,
      log,
      ...(runtime.embedFlights ? { flights: runtime.embedFlights } : {}),
      early: new Map(),
    },
    upstreamCalls: () => calls,
    log,
    // The book's word statistics: the embedded index's own, or those ingest recorded in the
    // Qdrant collection's metadata (read with the facts, so the rule costs no Qdrant call).
    bookVocabulary:
      config.storeKind === 'embedded' ? () => indexVocabulary(runtime.embeddedIndex()) : (info) => (info ? storedVocabulary(info.metadata) : null),
  };
}
