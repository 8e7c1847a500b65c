/**
 * Builds a request's search context from the Worker environment. Per-isolate state lives here:
 * the parsed config (per env object), the in-memory embedding LRU, the collection facts and the
 * in-flight embeddings shared by concurrent requests,
 * so warm requests make only the upstream calls they must.
 */
import { parseConfig, type Config } from '../core/common/config/parse-config';
import { SingleFlight } from '../core/query/cache/single-flight';
import { LruCache } from '../core/query/cache/lru-cache';
import type { LearnedFacts } from '../core/query/search/collection-facts';
import type { EmbeddedIndex } from '../core/query/local-index/index-types';
import type { CacheStatus } from '../core/query/ports';
import { RetrieverError } from '../core/common/errors';
import type { FetchLike } from '../core/common/http/upstream-fetch';
import { createSearchContext, type RequestContext, type SearchRuntime } from '../core/query/compose/search-context';
import type { WorkerBindings } from './bindings';
import { kvEmbeddingStore, kvTextStore } from './kv-cache';

const configs = new WeakMap<object, Config>();
const memory = new LruCache<Float32Array>(512);
const factsMemory = new Map<string, LearnedFacts>();
const embedFlights = new SingleFlight<{ vector: Float32Array; cache: CacheStatus }>();

let embeddedIndexSource: (() => EmbeddedIndex) | null = null;

/**
 * Registers the bundled index. The default entry (`index.ts`) does; the Qdrant-only entry
 * (`remote.ts`) says it has none (`null`), so its bundle leaves the index out.
 *
 * @example
 * provideEmbeddedIndex(null); // a search that needs the embedded index is a config_error
 */
export function provideEmbeddedIndex(source: (() => EmbeddedIndex) | null): void {
  embeddedIndexSource = source;
}

function embeddedIndex(): EmbeddedIndex {
  if (!embeddedIndexSource) {
    throw new RetrieverError(
      'config_error',
      'This build leaves the embedded index out (entry src/worker/remote.ts): set QDRANT_URL and COHERE_API_KEY, or deploy the default build',
      { variables: ['QDRANT_URL', 'COHERE_API_KEY'] },
    );
  }
  return embeddedIndexSource();
}

/**
 * What a search's answers depend on besides parameters and config: the Qdrant collection, or the
 * bundled index itself (its model id and size change when it is rebuilt).
 */
export function indexScope(config: Config): string {
  if (config.storeKind === 'qdrant') return `qdrant|${config.QDRANT_URL}|${config.QDRANT_COLLECTION}`;
  const index = embeddedIndex();
  return `embedded|${index.embedder.model_id}|${index.size}`;
}

/** Parses `env` once per env object (once per isolate in production). */
export function configFor(env: WorkerBindings): Config {
  let config = configs.get(env);
  if (!config) {
    config = parseConfig(env);
    configs.set(env, config);
  }
  return config;
}

const isolateResets: (() => void)[] = [];

/** Registers another per-isolate cache for `resetIsolateCaches` (result cache, index versions). */
export function onIsolateReset(reset: () => void): void {
  isolateResets.push(reset);
}

/** Forget per-isolate caches (tests use this between scenarios). */
export function resetIsolateCaches(): void {
  for (const reset of isolateResets) reset();
  memory.clear();
  factsMemory.clear();
  embedFlights.clear();
}

/** Per-request plumbing the Worker passes in. */
export interface RequestPlumbing {
  env: WorkerBindings;
  waitUntil: (work: Promise<unknown>) => void;
  fetch?: FetchLike;
  /** The request's log line: degradations (a failing cache) are noted there. */
  log?: Record<string, unknown>;
}

/** A request's store, embedder and cache, sharing one deadline and one upstream-call counter. */
export function buildSearchContext(plumbing: RequestPlumbing): RequestContext {
  const kv = plumbing.env.EMBED_CACHE;
  return createSearchContext({
    config: configFor(plumbing.env),
    // Looked up at call time, so the runtime's (or a test's) current fetch is used.
    fetch: plumbing.fetch ?? ((input, init) => fetch(input, init)),
    embeddedIndex,
    cacheStore: kv ? kvEmbeddingStore(kv) : null,
    memory,
    facts: { memory: factsMemory, store: kv ? kvTextStore(kv) : null },
    embedFlights,
    defer: plumbing.waitUntil,
    ...(plumbing.log ? { log: noteInto(plumbing.log) } : {}),
  });
}

/**
 * Records a degradation (message and error text) in the request's log line.
 *
 * @example
 * noteInto(c.get('log'))('result cache read failed', error);
 */
export function noteInto(line: Record<string, unknown>): (message: string, error: unknown) => void {
  return (message, error) => {
    const notes = (line.notes ??= []) as string[];
    if (notes.length < 10) notes.push(`${message}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
  };
}
