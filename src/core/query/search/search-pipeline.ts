/**
 * One search, end to end: plan it, get the query vectors (dense through the cache, sparse BM25
 * locally), check they fit the collection, ask the store ONCE for every list, rank (fusion, MMR,
 * Cohere rerank with fallback), apply the threshold, summarise. Everything that can fail runs
 * here, before the Worker opens its response stream.
 */
import type { Config } from '../../common/config/parse-config';
import { embedQueryCached } from '../embedders/cached-embedder';
import type { CacheStatus, SearchContext } from '../ports';
import { bm25QueryVector } from '../../common/bm25/index';
import { checkedQuery } from './checked-query';
import type { SearchWarning } from './warnings';
import { summarizeOutcome } from './outcome-summary';
import { rankCandidates, type RankedHit } from './rank-candidates';
import { applyRerank } from './apply-rerank';
import { mapResults, type SearchResult } from './result-mapping';
import type { SearchParams } from './search-params';
import { planSearch } from './search-plan';
import { FIELD_WEIGHT, OVERVIEW_PRIOR } from '../stores/score-formula';
import { FIELDS_SPARSE_VECTOR } from '../local-index/field-index';

/** The whole answer, ready to serialise in any format. */
export interface SearchOutcome {
  query: string;
  collection: string;
  top_k: number;
  top_k_requested: number;
  top_k_clamped: boolean;
  mode: SearchParams['mode'];
  embedder: { kind: string; model: string } | null;
  store: { kind: string };
  results: SearchResult[];
  summary: {
    returned: number;
    cache: CacheStatus;
    message?: string;
    warnings: SearchWarning[];
    [key: string]: unknown;
  };
  timing: { embed_ms: number; search_ms: number; total_ms: number; upstream_calls: number; [key: string]: number };
}

/**
 * Runs a search.
 *
 * @example
 * const outcome = await runSearch(parseSearchParams({ q: 'what is a topic?', mode: 'hybrid' }, config), context);
 */
export async function runSearch(params: SearchParams, context: SearchContext): Promise<SearchOutcome> {
  const now = context.now ?? (() => performance.now());
  const started = now();
  const plan = planSearch(params, context.config);
  const embedder = plan.needsDense ? context.embedder() : null;
  // Collection facts (memory or KV, no upstream call) and the query vector are independent.
  const [known, embedded] = await Promise.all([
    context.facts.known(),
    embedder
      ? embedQueryCached(embedder, params.q, context.cache).then((value) => ({ ...value, ms: now() - started }))
      : Promise.resolve(null),
  ]);

  const warnings: SearchWarning[] = params.aliases.map((alias) => ({
    code: 'deprecated_alias' as const,
    message: `${alias} is an alias of mode=hybrid&fusion=rrf; ask for those instead`,
    details: { alias, canonical: { mode: 'hybrid', fusion: 'rrf' } },
  }));
  const terms = context.judgeTerms?.(params.q);
  // A zero vector (no word the local model knows) scores 0 against everything: searching with it
  // would return arbitrary chunks, so the dense list is empty instead.
  const denseUsable = embedded !== null && embedded.vector.some((x) => x !== 0);
  // keyword + MMR: the keyword list still needs the candidates' dense vectors (withVector).
  // Overview pages (landing pages, link lists) are demoted in the store itself, in the same query,
  // so the candidates fetched already favour the chapter that teaches the topic.
  const base = {
    limit: plan.candidates,
    prior: OVERVIEW_PRIOR,
    ...(params.filter ? { filter: params.filter } : {}),
    ...(plan.withVectors ? { withVector: true } : {}),
  };
  const intent = {
    dense: embedded && embedder ? { vector: embedded.vector, embedder: embedder.descriptor, search: plan.searchesDense && denseUsable } : null,
    sparse: plan.needsSparse ? bm25QueryVector(params.q) : null,
    mode: params.mode,
    base,
    vectorName: context.config.QDRANT_VECTOR_NAME,
    sparseName: context.config.QDRANT_SPARSE_VECTOR_NAME,
    // Field-aware BM25: a title/heading match adds to the body match, in the same query.
    fields: { name: FIELDS_SPARSE_VECTOR, weight: FIELD_WEIGHT },
  };

  const searchStarted = now();
  const { lists, queries } = await checkedQuery(intent, known, context.facts, context.store);
  const searchMs = now() - searchStarted;
  const denseList = queries[0]?.dense ? (lists[0] ?? []) : plan.searchesDense ? [] : null;
  const sparseList = plan.needsSparse ? (lists[queries.length - 1] ?? []) : null;

  let ranked: RankedHit[] = rankCandidates(denseList, sparseList, params, plan, embedded?.vector ?? null);
  // Counted on the fetched lists: MMR has already cut `ranked` to k.
  const totalCandidates = new Set([...(denseList ?? []), ...(sparseList ?? [])].map((hit) => hit.id)).size;
  let rerankMs: number | undefined;
  let scale = plan.scale;
  if (params.rerank === 'cohere') {
    const rerankStarted = now();
    const before = ranked;
    ranked = await applyRerank(ranked, params, context, warnings);
    // A failed rerank keeps the original scores, which must be rated as what they are.
    if (ranked === before) scale = plan.unrerankedScale;
    rerankMs = now() - rerankStarted;
  }
  const top = ranked.slice(0, params.k);
  const kept = params.threshold === undefined ? top : top.filter((hit) => hit.score >= params.threshold!);
  const dropped = top.filter((hit) => !kept.includes(hit));

  const results = mapResults(kept, context.config.payloadFields, params.includeMetadata).map((result, i) => ({
    ...result,
    ...kept[i]!.extras,
  }));
  const summary = summarizeOutcome({
    params,
    plan: { ...plan, scale },
    results,
    dropped,
    totalCandidates,
    warnings,
    cache: embedded?.cache ?? 'none',
    config: context.config,
    collection: context.store.collection,
    embedderKind: embedder?.descriptor.kind ?? null,
    ...(terms ? { terms } : {}),
  });
  return {
    query: params.q,
    collection: context.store.collection,
    top_k: params.k,
    top_k_requested: params.kRequested,
    top_k_clamped: params.clamped,
    mode: params.mode,
    embedder: embedder ? { kind: embedder.descriptor.kind, model: embedder.descriptor.model } : null,
    store: { kind: context.store.kind },
    results,
    summary,
    timing: {
      embed_ms: round(embedded?.ms ?? 0),
      search_ms: round(searchMs),
      ...(rerankMs !== undefined ? { rerank_ms: round(rerankMs) } : {}),
      total_ms: round(now() - started),
      upstream_calls: context.upstreamCalls(),
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
