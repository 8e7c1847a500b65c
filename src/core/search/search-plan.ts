/**
 * Decides, from the request, which query vectors a search needs and how many candidates to ask
 * the store for — so every mode and reranker costs exactly one store round trip.
 */
import type { Config } from '../config/parse-config';
import type { ScoreScale } from './confidence';
import type { SearchParams } from './search-params';

/** What one search will fetch and how it will combine it. */
export interface SearchPlan {
  /** A dense query vector (embedding) is needed. */
  needsDense: boolean;
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
}

/**
 * Plans a search.
 *
 * @example
 * planSearch({ mode: 'hybrid', rerank: 'none', fusion: 'weighted', k: 5, … }, config);
 * // { needsDense: true, needsSparse: true, candidates: 10, fusion: 'weighted', … }
 */
export function planSearch(params: SearchParams, config: Pick<Config, 'RERANK_OVERFETCH'>): SearchPlan {
  const rrf = params.rerank === 'rrf';
  const needsDense = params.mode !== 'keyword' || params.rerank === 'mmr' || rrf;
  const needsSparse = params.mode !== 'semantic' || rrf;
  const both = needsDense && needsSparse;
  // Reranking and fusion need a deeper pool than k to choose from.
  const overfetch = params.rerank === 'cohere' || params.rerank === 'mmr' || both;
  const candidates = overfetch ? Math.max(params.k, Math.ceil(params.k * config.RERANK_OVERFETCH)) : params.k;
  const fusion = both ? (rrf || params.fusion === 'rrf' ? 'rrf' : 'weighted') : null;
  const scale: ScoreScale = params.rerank === 'cohere' ? 'cosine' : fusion ? 'fused' : needsDense && params.mode !== 'keyword' ? 'cosine' : 'bm25';
  return { needsDense, needsSparse, candidates, fusion, withVectors: params.rerank === 'mmr', scale };
}
