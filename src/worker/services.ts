/**
 * Builds a request's search context from the Worker environment. Per-isolate state lives here:
 * the parsed config (per env object), the in-memory embedding LRU and the collection-facts cache,
 * so warm requests make only the upstream calls they must.
 */
import { parseConfig, type Config, expectedEmbedDimension } from '../core/config/parse-config';
import { LruCache } from '../core/embed/cached-embedder';
import { createCohereEmbedder } from '../core/embed/cohere-embedder';
import type { QueryEmbedder } from '../core/embed/embedder';
import { createDeadline, type Deadline } from '../core/http/deadline';
import type { FetchLike } from '../core/http/upstream-fetch';
import type { SearchContext } from '../core/search/search-pipeline';
import { createQdrantStore } from '../core/store/qdrant-store';
import { cohereRerank } from '../core/rerank/cohere-reranker';
import type { CollectionInfo, VectorStore } from '../core/store/vector-store';
import type { WorkerBindings } from './bindings';
import { embeddedStore, localEmbedder } from './embedded-services';
import { kvEmbeddingStore } from './kv-cache';

const configs = new WeakMap<object, Config>();
const memory = new LruCache<Float32Array>(512);
const DESCRIBE_TTL_MS = 60_000;
const described = new Map<string, { info: CollectionInfo; expires: number }>();

/** Parses `env` once per env object (once per isolate in production). */
export function configFor(env: WorkerBindings): Config {
  let config = configs.get(env);
  if (!config) {
    config = parseConfig(env);
    configs.set(env, config);
  }
  return config;
}

/** Forget per-isolate caches (tests use this between scenarios). */
export function resetIsolateCaches(): void {
  memory.clear();
  described.clear();
}

/** Per-request plumbing the Worker passes in. */
export interface RequestPlumbing {
  env: WorkerBindings;
  waitUntil: (work: Promise<unknown>) => void;
  fetch?: FetchLike;
}

/** A request's store, embedder and cache, sharing one deadline and one upstream-call counter. */
export function buildSearchContext(plumbing: RequestPlumbing): SearchContext & { deadline: Deadline } {
  const config = configFor(plumbing.env);
  const deadline = createDeadline(config.REQUEST_BUDGET_MS);
  let calls = 0;
  const onAttempt = () => {
    calls++;
  };
  // Look fetch up at call time, so the runtime's (or a test's) current fetch is used.
  const fetchFn: FetchLike = plumbing.fetch ?? ((input, init) => fetch(input, init));
  const { store, embedder } = chooseBackends(config, fetchFn, deadline, onAttempt);
  const rerankOptions = config.COHERE_API_KEY
    ? { apiKey: config.COHERE_API_KEY, baseUrl: config.COHERE_BASE_URL, model: config.RERANK_MODEL, fetch: fetchFn, deadline, timeoutMs: config.UPSTREAM_TIMEOUT_MS, onAttempt }
    : null;
  const kv = plumbing.env.EMBED_CACHE;
  return {
    config,
    store,
    embedder,
    deadline,
    describe: () => describeCached(store, config),
    rerank: rerankOptions ? (query, documents, topN) => cohereRerank(query, documents, topN, rerankOptions) : null,
    cache: {
      store: kv ? kvEmbeddingStore(kv) : null,
      memory,
      ttlSeconds: config.EMBED_CACHE_TTL_SECONDS,
      defer: plumbing.waitUntil,
      log: (message, error) => console.warn(`${message}: ${error instanceof Error ? error.message : String(error)}`),
    },
    upstreamCalls: () => calls,
  };
}

function chooseBackends(
  config: Config,
  fetchFn: FetchLike,
  deadline: Deadline,
  onAttempt: () => void,
): { store: VectorStore; embedder: () => QueryEmbedder } {
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  const store: VectorStore =
    config.storeKind === 'qdrant'
      ? createQdrantStore({ url: config.QDRANT_URL as string, apiKey: config.QDRANT_API_KEY, collection: config.QDRANT_COLLECTION, fetch: fetchFn, deadline, timeoutMs, onAttempt })
      : embeddedStore(config.QDRANT_COLLECTION);
  let made: QueryEmbedder | null = null;
  const make = (): QueryEmbedder =>
    config.embedderKind === 'cohere'
      ? createCohereEmbedder({
          apiKey: config.COHERE_API_KEY as string,
          baseUrl: config.COHERE_BASE_URL,
          model: config.EMBED_MODEL,
          ...(config.EMBED_DIMENSION ? { dimension: config.EMBED_DIMENSION } : {}),
          expectedDimension: expectedEmbedDimension(config),
          fetch: fetchFn,
          deadline,
          timeoutMs,
          onAttempt,
        })
      : localEmbedder();
  // Created on first use: keyword searches never touch an embedder.
  return { store, embedder: () => (made ??= make()) };
}

async function describeCached(store: VectorStore, config: Config): Promise<CollectionInfo> {
  if (store.kind === 'embedded') return store.describe();
  const key = `${config.QDRANT_URL}|${store.collection}`;
  const hit = described.get(key);
  if (hit && hit.expires > Date.now()) return hit.info;
  const info = await store.describe();
  described.set(key, { info, expires: Date.now() + DESCRIBE_TTL_MS });
  return info;
}
