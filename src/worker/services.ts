/**
 * Builds a request's search context from the Worker environment. Per-isolate state lives here:
 * the parsed config (per env object), the in-memory embedding LRU and the collection-facts cache,
 * so warm requests make only the upstream calls they must.
 */
import { parseConfig, type Config } from '../core/common/config/parse-config';
import { LruCache } from '../core/query/embedders/cached-embedder';
import type { FetchLike } from '../core/common/http/upstream-fetch';
import { createSearchContext, type RequestContext, type SearchRuntime } from '../core/query/compose/search-context';
import type { WorkerBindings } from './bindings';
import { bundledIndex } from './embedded-services';
import { kvEmbeddingStore } from './kv-cache';

const configs = new WeakMap<object, Config>();
const memory = new LruCache<Float32Array>(512);
const describeCache: SearchRuntime['describeCache'] = new Map();

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
  describeCache.clear();
}

/** Per-request plumbing the Worker passes in. */
export interface RequestPlumbing {
  env: WorkerBindings;
  waitUntil: (work: Promise<unknown>) => void;
  fetch?: FetchLike;
}

/** A request's store, embedder and cache, sharing one deadline and one upstream-call counter. */
export function buildSearchContext(plumbing: RequestPlumbing): RequestContext {
  const kv = plumbing.env.EMBED_CACHE;
  return createSearchContext({
    config: configFor(plumbing.env),
    // Looked up at call time, so the runtime's (or a test's) current fetch is used.
    fetch: plumbing.fetch ?? ((input, init) => fetch(input, init)),
    embeddedIndex: bundledIndex,
    cacheStore: kv ? kvEmbeddingStore(kv) : null,
    memory,
    describeCache,
    defer: plumbing.waitUntil,
  });
}
