/**
 * Turns the store's lists into one ranked candidate list: a single list as is, two lists fused
 * (weighted min-max or RRF), then MMR when asked. Cohere reranking happens in the pipeline
 * because it is an upstream call that may fail and must degrade.
 */
import { RetrieverError } from '../../common/errors';
import { DEFAULT_PAYLOAD_FIELDS, type PayloadFieldMap } from '../../common/config/payload-fields';
import type { ScoredPoint } from '../../common/types';
import { fuseRrf, fuseWeighted } from './fusion';
import { onePerPage } from './group-by-page';
import { HEADING_MATCH_WEIGHT, withHeadingMatch } from './heading-match';
import { mmrSelect } from './mmr';
import { byScoreThenId } from '../../common/ordering';
import type { SearchParams } from './search-params';
import type { SearchPlan } from './search-plan';

/** A candidate with the strategy details it will report. */
export type RankedHit = ScoredPoint & { extras: Record<string, unknown> };

/** What the local model adds to fusion ({@link rankCandidates}); nothing for Cohere. */
export interface LocalModelFusion {
  /** Embeds a candidate's title and headings for the heading match (heading-match.ts). */
  embedLabel?: (text: string) => Float32Array;
  /** Scales the dense list's weight and the heading match's: the share of the question's terms the model can read (search-stages.ts). */
  semanticShare?: number;
}

/**
 * Combines `dense` and `sparse` hits according to `plan` (fused hits re-scored by the heading match
 * when a local model gives `embedLabel`, the dense list weighed by `semanticShare`), keeps one hit
 * per page for `group_by=page` (pages read through `fields`, the collection's payload field map),
 * applies MMR, and returns the candidates best first (not yet cut to k, except by MMR which selects k).
 *
 * @example
 * rankCandidates(denseHits, sparseHits, params, planSearch(params, config), queryVector, {}, config.payloadFields);
 */
export function rankCandidates(
  dense: readonly ScoredPoint[] | null,
  sparse: readonly ScoredPoint[] | null,
  params: SearchParams,
  plan: SearchPlan,
  queryVector: Float32Array | null,
  local: LocalModelFusion = {},
  fields: PayloadFieldMap = DEFAULT_PAYLOAD_FIELDS,
): RankedHit[] {
  let ranked: RankedHit[];
  const { embedLabel, semanticShare = 1 } = local;
  if (dense && sparse && plan.fusion) {
    // A keyword list weighed 0 leaves the dense list whole: something must rank.
    const keywordWeight = plan.fusion === 'rrf' ? params.rrfKeywordWeight : params.weights.keyword;
    const share = keywordWeight > 0 ? semanticShare : 1;
    const fused =
      plan.fusion === 'rrf'
        ? fuseRrf(dense, sparse, { k: params.rrfK, weights: { semantic: share, keyword: params.rrfKeywordWeight } })
        : fuseWeighted(dense, sparse, { semanticWeight: params.weights.semantic * share, keywordWeight: params.weights.keyword });
    ranked = fused.map(({ scores, ranks, ...point }) => ({ ...point, extras: { scores, ranks } }));
    // A local model also weighs each candidate's headings against the question (heading-match.ts).
    if (embedLabel && queryVector) ranked = withHeadingMatch(ranked, queryVector, embedLabel, HEADING_MATCH_WEIGHT * share);
  } else {
    const list = (params.mode === 'keyword' ? sparse : dense) ?? dense ?? sparse ?? [];
    ranked = [...list].sort(byScoreThenId).map((point) => ({ ...point, extras: {} }));
  }
  // Before MMR and reranking, so they choose among pages rather than among one page's chunks.
  if (params.groupBy === 'page') ranked = onePerPage(ranked, fields);
  if (params.rerank !== 'mmr') return ranked;
  if (!queryVector) throw new RetrieverError('internal_error', 'MMR needs the query vector');
  // The query vector's length is the dense vector's: a candidate without one cannot be compared.
  const candidates = ranked.filter((hit) => hit.vector && hit.vector.length === queryVector.length);
  // Relevance is the ranking above (priors, fusion, heading match), not a fresh cosine (mmr.ts).
  const selected = mmrSelect(
    candidates.map((hit) => ({ point: hit, vector: hit.vector as Float32Array | number[], score: hit.score })),
    { k: params.k, lambda: params.lambda },
  );
  return selected.map(({ point, mmr_score, relevance, diversity }) => ({
    ...point,
    extras: { ...point.extras, mmr: { score: round(mmr_score), relevance: round(relevance), diversity: round(diversity), lambda: params.lambda } },
  }));
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
