/**
 * Decides, from the request, which query vectors a search needs and how many candidates to ask
 * the store for — so every mode and reranker costs exactly one store round trip.
 */
import type { Config } from '../../common/config/parse-config';
import type { ScoreScale } from './confidence';
import { GROUP_OVERFETCH } from './group-by-page';
import type { SearchParams } from './search-params';

/** What one search will fetch and how it will combine it. */
export interface SearchPlan {
  /** A dense query vector (embedding) is needed. */
  needsDense: boolean;
  /** The dense list is searched (not only the query vector used, as keyword + MMR does). */
  searchesDense: boolean;
  /** A BM25 query vector (sparse) is needed. */
  needsSparse: boolean;
  /** Candidates to fetch per list. */
  candidates: number;
  /** How the dense and sparse lists are fused, when both are fetched. */
  fusion: 'weighted' | 'rrf' | null;
  /** Candidates' dense vectors are needed (MMR). */
  withVectors: boolean;
  /** What the final `score` means, for the confidence rating. */
  scale: ScoreScale;
  /** What `score` means when a Cohere rerank falls back to the un-reranked order. */
  unrerankedScale: ScoreScale;
}

/**
 * Plans a search.
 *
 * @example
 * planSearch({ mode: 'hybrid', rerank: 'none', fusion: 'weighted', k: 5, … }, config);
 * // { needsDense: true, needsSparse: true, candidates: 10, fusion: 'weighted', … }
 */
export function planSearch(params: SearchParams, config: Pick<Config, 'RERANK_OVERFETCH' | 'TOP_K_DEFAULT'>): SearchPlan {
  // keyword + MMR needs the query vector but searches only the sparse list: nothing to fuse.
  const searchesDense = params.mode !== 'keyword';
  const needsDense = searchesDense || params.rerank === 'mmr';
  const needsSparse = params.mode !== 'semantic';
  const both = searchesDense && needsSparse;
  // Reranking and fusion need a deeper pool than k to choose from. Fusing, a k below the default
  // draws on the default k's pool, so its results are the head of the default's ranking: at k = 3
  // RRF used to see each list's top 6, and a chunk one list ranked 7th was fused from the other
  // list alone, behind chunks that both lists placed lower.
  const overfetch = params.rerank === 'cohere' || params.rerank === 'mmr' || both;
  const poolOf = both ? Math.max(params.k, config.TOP_K_DEFAULT) : params.k;
  const pool = overfetch ? Math.max(params.k, Math.ceil(poolOf * config.RERANK_OVERFETCH)) : params.k;
  // One result per page needs a deeper pool to still find k pages.
  const candidates = params.groupBy ? Math.max(pool, params.k * GROUP_OVERFETCH) : pool;
  const fusion = both ? params.fusion : null;
  const unrerankedScale: ScoreScale = fusion ? 'fused' : searchesDense ? 'cosine' : 'bm25';
  const scale: ScoreScale = params.rerank === 'cohere' ? 'cosine' : unrerankedScale;
  return { needsDense, searchesDense, needsSparse, candidates, fusion, withVectors: params.rerank === 'mmr', scale, unrerankedScale };
}
