/**
 * Client-side fusion of a semantic (dense) and a keyword (BM25) result list. It runs on the
 * candidates of both stores alike, so hybrid search behaves the same on Qdrant and on the embedded
 * index, and it keeps every component score so the API can show why a result ranked where it did.
 */
import { RetrieverError } from '../../common/errors';
import type { PointId, ScoredPoint } from '../../common/types';
import { byScoreThenId } from '../../common/ordering';

/** A fused hit: the point (payload, vector if any) with its fused score and component evidence. */
export interface FusedPoint extends ScoredPoint {
  /** The fused score (same as `scores.fused`). */
  score: number;
  /** Raw component scores as the stores returned them; null when absent from that list. */
  scores: { semantic: number | null; keyword: number | null; fused: number };
  /** 1-based rank in each list; null when absent from that list. */
  ranks: { semantic: number | null; keyword: number | null };
}

/** Options of {@link fuseWeighted}. */
export interface WeightedFusionOptions {
  /** Weight of the normalized semantic score (default 0.7). */
  semanticWeight?: number;
  /** Weight of the normalized keyword score (default 0.3). */
  keywordWeight?: number;
}

/** Options of {@link fuseRrf}. */
export interface RrfOptions {
  /** The RRF constant (default 60, as in Cormack et al. 2009). */
  k?: number;
  /** Per-list weights (default 1 each). */
  weights?: { semantic?: number; keyword?: number };
}

interface Entry {
  point: ScoredPoint;
  rank: number;
}

/**
 * Ranks one list: sorted by score desc then id, 1-based; a repeated id keeps its best entry.
 * Sorting here (rather than trusting input order) makes ranks independent of how a store ordered ties.
 */
function rankList(list: readonly ScoredPoint[], listName: string): Map<PointId, Entry> {
  for (const p of list) {
    if (!Number.isFinite(p.score)) {
      throw new RetrieverError('internal_error', `The ${listName} results contain a non-finite score for point ${String(p.id)}.`);
    }
  }
  const ranked = new Map<PointId, Entry>();
  for (const point of [...list].sort(byScoreThenId)) {
    if (!ranked.has(point.id)) ranked.set(point.id, { point, rank: ranked.size + 1 });
  }
  return ranked;
}

function checkWeight(value: number, param: string): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RetrieverError('invalid_request', `\`${param}\` must be a finite number ≥ 0 (got ${String(value)}).`, { params: [param] });
  }
}

function checkWeights(semantic: number, keyword: number): void {
  checkWeight(semantic, 'semantic_weight');
  checkWeight(keyword, 'keyword_weight');
  if (semantic === 0 && keyword === 0) {
    throw new RetrieverError('invalid_request', '`semantic_weight` and `keyword_weight` cannot both be 0.', {
      params: ['semantic_weight', 'keyword_weight'],
    });
  }
}

/** Builds the fused list from both rankings and a per-point fused score; sorted score desc, id asc. */
function combine(
  semantic: Map<PointId, Entry>,
  keyword: Map<PointId, Entry>,
  fuse: (s: Entry | undefined, k: Entry | undefined) => number,
): FusedPoint[] {
  const ids = new Set<PointId>([...semantic.keys(), ...keyword.keys()]);
  const out: FusedPoint[] = [];
  for (const id of ids) {
    const s = semantic.get(id);
    const k = keyword.get(id);
    // Prefer the dense hit's point: only the dense search can carry the vector MMR needs.
    const base = (s ?? k)!.point;
    const vector = s?.point.vector ?? k?.point.vector;
    const fused = fuse(s, k);
    const point: FusedPoint = {
      id,
      score: fused,
      payload: base.payload,
      scores: { semantic: s?.point.score ?? null, keyword: k?.point.score ?? null, fused },
      ranks: { semantic: s?.rank ?? null, keyword: k?.rank ?? null },
    };
    if (vector !== undefined) point.vector = vector;
    out.push(point);
  }
  return out.sort(byScoreThenId);
}

/**
 * Min-max normalizer for one list. A list whose scores are all equal carries no ranking signal:
 * it maps to 1 when those scores are positive, and to 0 when they are ≤ 0 (e.g. a query vector
 * with no known word scores 0 against everything — that must not look like a perfect match).
 */
function minMax(list: Map<PointId, Entry>): (score: number) => number {
  let min = Infinity;
  let max = -Infinity;
  for (const { point } of list.values()) {
    min = Math.min(min, point.score);
    max = Math.max(max, point.score);
  }
  const span = max - min;
  const flat = max > 0 ? 1 : 0;
  return span > 0 ? (score) => (score - min) / span : () => flat;
}

/**
 * Weighted score fusion: each list's scores are min-max normalized to [0, 1] (all-equal → 1, or 0 if not positive), a
 * point missing from a list contributes 0 for it, and fused = wS·s + wK·k. Weights need not sum to 1.
 *
 * @throws RetrieverError `invalid_request` for a negative / non-finite weight or both weights 0.
 * @example
 * fuseWeighted(dense, bm25, { semanticWeight: 0.5, keywordWeight: 0.5 })[0].scores;
 * // → { semantic: 0.83, keyword: 7.1, fused: 1 }
 */
export function fuseWeighted(
  semantic: readonly ScoredPoint[],
  keyword: readonly ScoredPoint[],
  options: WeightedFusionOptions = {},
): FusedPoint[] {
  const { semanticWeight = 0.7, keywordWeight = 0.3 } = options;
  checkWeights(semanticWeight, keywordWeight);
  const sRanked = rankList(semantic, 'semantic');
  const kRanked = rankList(keyword, 'keyword');
  const sNorm = minMax(sRanked);
  const kNorm = minMax(kRanked);
  return combine(sRanked, kRanked, (s, k) => {
    const sn = s ? sNorm(s.point.score) : 0;
    const kn = k ? kNorm(k.point.score) : 0;
    return semanticWeight * sn + keywordWeight * kn;
  });
}

/**
 * Reciprocal Rank Fusion: Σ w / (k + rank) over the lists a point appears in, with 1-based ranks as
 * in the RRF paper (Cormack, Clarke & Büttcher, SIGIR 2009; k = 60), divided by its largest possible
 * value Σ w / (k + 1) — so 1 means "first in both lists". The division changes no order; it puts RRF
 * on the same 0–1 scale as weighted fusion, so one `threshold` means something in either (RRF is the
 * local model's default, and raw sums of ~0.016–0.033 would fall under any threshold a user tries).
 *
 * Note: Qdrant's server-side RRF (`query: {fusion: "rrf"}`) uses k = 2 and 0-based ranks by
 * default, i.e. 1/(2 + i); ours with k = 60 follows the paper, not Qdrant's default, so the two
 * give different scores (and can order mid-list ties differently).
 *
 * @throws RetrieverError `invalid_request` for k < 0 / non-finite, or bad weights.
 * @example
 * fuseRrf(dense, bm25)[0].score; // first in both lists → (1/61 + 1/61) / (2/61) = 1
 */
export function fuseRrf(
  semantic: readonly ScoredPoint[],
  keyword: readonly ScoredPoint[],
  options: RrfOptions = {},
): FusedPoint[] {
  const { k = 60 } = options;
  const ws = options.weights?.semantic ?? 1;
  const wk = options.weights?.keyword ?? 1;
  if (!Number.isFinite(k) || k < 0) {
    throw new RetrieverError('invalid_request', `\`rrf_k\` must be a finite number ≥ 0 (got ${String(k)}).`, {
      params: ['rrf_k'],
    });
  }
  checkWeights(ws, wk);
  const sRanked = rankList(semantic, 'semantic');
  const kRanked = rankList(keyword, 'keyword');
  const best = (ws + wk) / (k + 1);
  return combine(sRanked, kRanked, (s, kw) => ((s ? ws / (k + s.rank) : 0) + (kw ? wk / (k + kw.rank) : 0)) / best);
}
