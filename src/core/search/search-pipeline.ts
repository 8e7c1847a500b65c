/**
 * One search, end to end: embed the query (through the cache), check it fits the collection, ask
 * the store once, order deterministically, map payloads. Everything that can fail runs here,
 * before the Worker opens its response stream.
 */
import type { Config } from '../config/parse-config';
import { embedQueryCached, type CachedEmbedOptions, type CacheStatus } from '../embed/cached-embedder';
import type { QueryEmbedder } from '../embed/embedder';
import type { CollectionInfo, VectorStore } from '../store/vector-store';
import { checkQueryVector, resolveDenseVector } from './collection-check';
import { compareHits, mapResults, type SearchResult } from './result-mapping';
import type { SearchParams } from './search-params';

/** Everything a search needs, built per request by the Worker or the CLI. */
export interface SearchContext {
  config: Config;
  store: VectorStore;
  /** Collection facts (cached per isolate by the caller). */
  describe: () => Promise<CollectionInfo>;
  embedder: QueryEmbedder;
  cache: CachedEmbedOptions;
  /** Upstream HTTP attempts made so far for this request. */
  upstreamCalls: () => number;
  now?: () => number;
}

/** The whole answer, ready to serialise in any format. */
export interface SearchOutcome {
  query: string;
  collection: string;
  top_k: number;
  top_k_requested: number;
  top_k_clamped: boolean;
  embedder: { kind: string; model: string };
  store: { kind: string };
  results: SearchResult[];
  summary: {
    returned: number;
    cache: CacheStatus;
    message?: string;
    [key: string]: unknown;
  };
  timing: { embed_ms: number; search_ms: number; total_ms: number; upstream_calls: number; [key: string]: number };
}

/**
 * Runs a semantic search.
 *
 * @example
 * const outcome = await runSearch({ q: 'what is a topic?', k: 5, kRequested: 5, clamped: false }, context);
 */
export async function runSearch(params: SearchParams, context: SearchContext): Promise<SearchOutcome> {
  const now = context.now ?? (() => performance.now());
  const started = now();
  // Collection facts and the query vector are independent: fetch them concurrently.
  const [info, embedded] = await Promise.all([
    context.describe(),
    embedQueryCached(context.embedder, params.q, context.cache).then((value) => ({ ...value, ms: now() - started })),
  ]);
  const vectorName = resolveDenseVector(info, context.config.QDRANT_VECTOR_NAME);
  checkQueryVector(info, vectorName, context.embedder.descriptor, embedded.vector.length);

  const searchStarted = now();
  const [hits = []] = await context.store.queryBatch([{ dense: { vector: embedded.vector, using: vectorName }, limit: params.k }]);
  const searchMs = now() - searchStarted;
  const ordered = [...hits].sort(compareHits).slice(0, params.k);
  const results = mapResults(ordered, context.config.payloadFields);

  const summary: SearchOutcome['summary'] = { returned: results.length, cache: embedded.cache };
  if (results.length === 0) {
    summary.message = `No results for this query in collection "${context.store.collection}"`;
  }
  return {
    query: params.q,
    collection: context.store.collection,
    top_k: params.k,
    top_k_requested: params.kRequested,
    top_k_clamped: params.clamped,
    embedder: { kind: context.embedder.descriptor.kind, model: context.embedder.descriptor.model },
    store: { kind: context.store.kind },
    results,
    summary,
    timing: {
      embed_ms: round(embedded.ms),
      search_ms: round(searchMs),
      total_ms: round(now() - started),
      upstream_calls: context.upstreamCalls(),
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
