/**
 * Maximal Marginal Relevance (Carbonell & Goldstein, 1998): re-selects candidates so the answer
 * covers more than one near-duplicate passage. Relevance is the ranking the candidates arrive with
 * (their scores: the store's priors, fusion, the heading match), so MMR only trades that ranking
 * for diversity and λ = 1 gives it back unchanged; a raw cosine with the query would silently undo
 * the overview demotion and the definition boosts. Similarity between candidates is measured on
 * their own vectors, so it needs the store to return them (`withVector`).
 */
import { RetrieverError } from '../../common/errors';
import type { DenseVector, PointId } from '../../common/types';
import { byScoreThenId } from '../../common/ordering';

/** One MMR candidate: any point with an id, its dense vector and its ranking score (higher is better). */
export interface MmrCandidate<P extends { id: PointId }> {
  point: P;
  vector: DenseVector;
  score: number;
}

/** A selected candidate, in pick order, with the numbers that decided the pick. */
export interface MmrSelected<P extends { id: PointId }> extends MmrCandidate<P> {
  /** λ·relevance − (1−λ)·(max similarity to the already selected); for the first pick, λ·relevance. */
  mmr_score: number;
  /** The candidate's score over the best candidate's, in [0, 1] (see {@link mmrSelect}). */
  relevance: number;
  /** 1 − max cosine similarity to the already selected (1 for the first pick). */
  diversity: number;
}

/** Options of {@link mmrSelect}. */
export interface MmrOptions {
  /** How many to select (an integer ≥ 0; more than the candidates → all of them). */
  k: number;
  /** Weight of RELEVANCE in [0, 1]: 1 = pure relevance order, 0 = maximum diversity (default 0.7). */
  lambda?: number;
}

/** Unit-length Float64 copy; a zero vector stays zero so its cosine with anything is 0, not NaN. */
function unit(vector: DenseVector, dim: number, what: string): Float64Array {
  if (vector.length !== dim) {
    throw new RetrieverError('dimension_mismatch', `${what} has ${vector.length} dimensions, the first candidate's has ${dim}.`, {
      expected: dim,
      got: vector.length,
    });
  }
  const out = new Float64Array(dim);
  let norm = 0;
  for (let i = 0; i < dim; i++) {
    const x = vector[i]!;
    out[i] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dim; i++) out[i]! /= norm;
  return out;
}

/** Whether `a` goes before `b` on an equal MMR key: the pipeline's own order (score, then id). */
function before<P extends { id: PointId }>(a: MmrCandidate<P>, b: MmrCandidate<P>): boolean {
  return byScoreThenId({ score: a.score, id: a.point.id }, { score: b.score, id: b.point.id }) < 0;
}

/** Cosine of two unit vectors, clamped so rounding never yields a diversity below 0. */
function cosine(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return Math.min(1, Math.max(-1, s));
}

/**
 * Relevance in [0, 1]: each score over the best one, (s − m) / (max − m) with m = min(0, lowest
 * score). Scores of one sign (cosines, RRF, weighted fusion, BM25) are simply divided by the best, so
 * a candidate at 90 % of the best score has relevance 0.9: the ranking keeps its own spread, as the
 * cosines had that the default λ = 0.7 was chosen with. (Min-max stretched every pool to 0–1, which
 * weighed relevance more at the same λ and measured no better.) A negative score shifts the scale so
 * the lowest is 0; equal scores, or all zero, are all 1. The order is always the scores' order.
 */
function normalisedScores(scores: readonly number[]): number[] {
  const low = Math.min(0, ...scores);
  const range = Math.max(...scores) - low;
  return scores.map((s) => (range > 0 && Number.isFinite(range) ? (s - low) / range : 1));
}

/**
 * Greedy MMR: repeatedly picks argmax λ·rel(d) − (1−λ)·max_{s ∈ selected} sim(d, s), where rel is
 * the candidate's score relative to the best candidate's (in [0, 1]) and sim the cosine of two
 * candidates' vectors. Ties go to the higher raw score, then to the lower point id (the pipeline's
 * order, common/ordering.ts), so λ = 1 returns candidates sorted by score then id unchanged. The
 * first pick is the most relevant candidate (as in LangChain's MMR), which only matters at λ = 0.
 * O(k·n·dim): each candidate's max similarity to the selected set is updated once per pick instead
 * of recomputed.
 *
 * @throws RetrieverError `invalid_request` for λ outside [0, 1] or a bad k; `dimension_mismatch`
 *   when the candidates' vectors differ in length.
 * @example
 * mmrSelect(candidates, { k: 5, lambda: 0.5 }).map((c) => c.point.id);
 */
export function mmrSelect<P extends { id: PointId }>(candidates: readonly MmrCandidate<P>[], options: MmrOptions): MmrSelected<P>[] {
  const { k, lambda = 0.7 } = options;
  if (!Number.isFinite(lambda) || lambda < 0 || lambda > 1) {
    throw new RetrieverError('invalid_request', `\`lambda\` must be between 0 and 1 (got ${String(lambda)}).`, {
      params: ['lambda'],
    });
  }
  if (!Number.isInteger(k) || k < 0) {
    throw new RetrieverError('invalid_request', `The MMR selection size must be an integer ≥ 0 (got ${String(k)}).`, {
      params: ['k'],
    });
  }
  const dim = candidates[0]?.vector.length ?? 0;
  const units = candidates.map((c) => unit(c.vector, dim, `The vector of point ${String(c.point.id)}`));
  const relevance = normalisedScores(candidates.map((c) => c.score));
  // maxSim[i] = max similarity of candidate i to the selected set; -Infinity while nothing is selected.
  const maxSim = new Array<number>(candidates.length).fill(-Infinity);
  const taken = new Array<boolean>(candidates.length).fill(false);
  const selected: MmrSelected<P>[] = [];

  while (selected.length < Math.min(k, candidates.length)) {
    const first = selected.length === 0;
    let best = -1;
    let bestKey = -Infinity;
    let bestScore = -Infinity;
    for (let i = 0; i < candidates.length; i++) {
      if (taken[i]) continue;
      const score = first ? lambda * relevance[i]! : lambda * relevance[i]! - (1 - lambda) * maxSim[i]!;
      // The first pick is the most relevant even at λ = 0, where every MMR score would tie at 0.
      const key = first ? relevance[i]! : score;
      if (best < 0 || key > bestKey || (key === bestKey && before(candidates[i]!, candidates[best]!))) {
        best = i;
        bestKey = key;
        bestScore = score;
      }
    }
    const c = candidates[best]!;
    selected.push({
      point: c.point,
      vector: c.vector,
      score: c.score,
      mmr_score: bestScore,
      relevance: relevance[best]!,
      diversity: selected.length === 0 ? 1 : 1 - maxSim[best]!,
    });
    taken[best] = true;
    for (let i = 0; i < candidates.length; i++) {
      if (!taken[i]) maxSim[i] = Math.max(maxSim[i]!, cosine(units[best]!, units[i]!));
    }
  }
  return selected;
}
