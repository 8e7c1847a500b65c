/**
 * The per-query stages of a search, shared by a single search and a batch: which store queries
 * a search sends (once its query vector is known), and how the store's lists become the ranked,
 * thresholded hits. The shared upstream work (embedding, the store round trip, fetching
 * neighbours for `expand`) is done once for all queries by search-pipeline.ts.
 */
import { bm25QueryVector } from '../../common/bm25/index';
import type { CacheStatus, CollectionInfo, QueryEmbedder, SearchContext, StoreQuery } from '../ports';
import type { ScoredPoint } from '../../common/types';
import { applyRerank } from './apply-rerank';
import { checkQueryVector, checkSparseVector, resolveDenseVector } from './collection-check';
import type { ScoreScale } from './confidence';
import { rankCandidates, type RankedHit } from './rank-candidates';
import type { SearchParams } from './search-params';
import type { SearchPlan } from './search-plan';
import type { SearchWarning } from './warnings';

/** A query vector and where it came from. */
export interface Embedded {
  vector: Float32Array;
  cache: CacheStatus;
}

/** What one search sends to the store, and what it learnt on the way. */
export interface Prepared {
  queries: StoreQuery[];
  warnings: SearchWarning[];
  /** Share of the query's words a local embedder knows (absent for remote embedders). */
  coverage?: number;
}

/**
 * The store queries of one search: the dense list (unless the vector is all zeros), the sparse
 * BM25 list, each checked against the collection. Throws when the collection cannot serve it.
 */
export function prepareQueries(
  params: SearchParams,
  plan: SearchPlan,
  info: CollectionInfo,
  embedder: QueryEmbedder | null,
  embedded: Embedded | null,
  config: SearchContext['config'],
): Prepared {
  const queries: StoreQuery[] = [];
  const warnings: SearchWarning[] = params.aliases.map((alias) => ({
    code: 'deprecated_alias' as const,
    message: `${alias} is an alias of mode=hybrid&fusion=rrf; ask for those instead`,
    details: { alias, canonical: { mode: 'hybrid', fusion: 'rrf' } },
  }));
  const base = { limit: plan.candidates, ...(params.filter ? { filter: params.filter } : {}), ...(plan.withVectors ? { withVector: true } : {}) };
  const coverage = embedder?.coverage?.(params.q);
  if (coverage !== undefined && coverage < 0.5) warnings.push(unknownTermsWarning(coverage));
  if (embedded && embedder) {
    const using = resolveDenseVector(info, config.QDRANT_VECTOR_NAME);
    checkQueryVector(info, using, embedder.descriptor, embedded.vector.length);
    // A zero vector (no word the local model knows) scores 0 against everything: searching with it
    // would return arbitrary chunks, so the dense list is empty instead.
    const usable = embedded.vector.some((x) => x !== 0);
    if (plan.searchesDense && usable) queries.push({ ...base, dense: { vector: embedded.vector, using } });
  }
  if (plan.needsSparse) {
    const sparseName = config.QDRANT_SPARSE_VECTOR_NAME;
    checkSparseVector(info, sparseName, params.mode);
    queries.push({ ...base, sparse: { vector: bm25QueryVector(params.q), using: sparseName } });
  }
  // keyword + MMR: the keyword list still needs the candidates' dense vectors (withVector above).
  return { queries, warnings, ...(coverage !== undefined ? { coverage } : {}) };
}

/** The ranked, cut and thresholded hits of one search. */
export interface Ranked {
  kept: RankedHit[];
  dropped: RankedHit[];
  totalCandidates: number;
  scale: ScoreScale;
  rerankMs?: number;
}

/**
 * Ranks one search's lists (fusion, MMR, Cohere rerank with fallback, group_by), cuts to k and
 * applies the threshold.
 */
export async function rankLists(
  params: SearchParams,
  plan: SearchPlan,
  prepared: Prepared,
  lists: ScoredPoint[][],
  queryVector: Float32Array | null,
  context: Pick<SearchContext, 'rerank' | 'config' | 'log'>,
  now: () => number,
): Promise<Ranked> {
  const { queries } = prepared;
  const denseList = queries[0]?.dense ? (lists[0] ?? []) : plan.searchesDense ? [] : null;
  const sparseList = plan.needsSparse ? (lists[queries.length - 1] ?? []) : null;
  let ranked = rankCandidates(denseList, sparseList, params, plan, queryVector);
  // Counted on the fetched lists: MMR has already cut `ranked` to k.
  const totalCandidates = new Set([...(denseList ?? []), ...(sparseList ?? [])].map((hit) => hit.id)).size;
  let scale = plan.scale;
  let rerankMs: number | undefined;
  if (params.rerank === 'cohere') {
    const started = now();
    const before = ranked;
    ranked = await applyRerank(ranked, params, context, prepared.warnings);
    // A failed rerank keeps the original scores, which must be rated as what they are.
    if (ranked === before) scale = plan.unrerankedScale;
    rerankMs = now() - started;
  }
  const top = ranked.slice(0, params.k);
  const kept = params.threshold === undefined ? top : top.filter((hit) => hit.score >= params.threshold!);
  const dropped = top.filter((hit) => !kept.includes(hit));
  return { kept, dropped, totalCandidates, scale, ...(rerankMs !== undefined ? { rerankMs } : {}) };
}

function unknownTermsWarning(coverage: number): SearchWarning {
  return {
    code: 'unknown_query_terms',
    message: `Only ${Math.round(coverage * 100)}% of the query's words appear in the indexed book, so the local embedder has little to go on: the book may not cover this`,
    details: { query_coverage: Math.round(coverage * 1000) / 1000 },
  };
}
