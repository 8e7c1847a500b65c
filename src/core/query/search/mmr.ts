/**
 * Maximal Marginal Relevance (Carbonell & Goldstein, 1998): re-selects candidates so the answer
 * covers more than one near-duplicate passage. Works on the candidates' own vectors, so it needs
 * the store to return them (`withVector`).
 */
import { RetrieverError } from '../../common/errors';
import type { DenseVector, PointId } from '../../common/types';
import { compareIds } from '../../common/ordering';

/** One MMR candidate: any point with an id, its dense vector and its retrieval score. */
export interface MmrCandidate<P extends { id: PointId }> {
  point: P;
  vector: DenseVector;
  score: number;
}

/** A selected candidate, in pick order, with the numbers that decided the pick. */
export interface MmrSelected<P extends { id: PointId }> extends MmrCandidate<P> {
  /** λ·relevance − (1−λ)·(max similarity to the already selected); for the first pick, λ·relevance. */
  mmr_score: number;
  /** Cosine similarity to the query. */
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
    throw new RetrieverError('dimension_mismatch', `${what} has ${vector.length} dimensions, the query has ${dim}.`, {
      expected: dim,
      actual: vector.length,
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

/** Cosine of two unit vectors, clamped so rounding never yields a diversity below 0. */
function cosine(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return Math.min(1, Math.max(-1, s));
}

/**
 * Greedy MMR: repeatedly picks argmax λ·sim(q, d) − (1−λ)·max_{s ∈ selected} sim(d, s) (cosine
 * similarities), ties broken by point id ascending. The first pick is the most relevant candidate
 * (as in LangChain's MMR), which only matters at λ = 0. O(k·n·dim): each candidate's max similarity to
 * the selected set is updated once per pick instead of recomputed.
 *
 * @throws RetrieverError `invalid_request` for λ outside [0, 1] or a bad k; `dimension_mismatch`
 *   when a candidate's vector length differs from the query's.
 * @example
 * mmrSelect(candidates, queryVector, { k: 5, lambda: 0.5 }).map((c) => c.point.id);
 */
export function mmrSelect<P extends { id: PointId }>(
  candidates: readonly MmrCandidate<P>[],
  queryVector: DenseVector,
  options: MmrOptions,
): MmrSelected<P>[] {
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
  const dim = queryVector.length;
  const q = unit(queryVector, dim, 'The query vector');
  const units = candidates.map((c) => unit(c.vector, dim, `The vector of point ${String(c.point.id)}`));
  const relevance = units.map((u) => cosine(q, u));
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
      if (best < 0 || key > bestKey || (key === bestKey && compareIds(candidates[i]!.point.id, candidates[best]!.point.id) < 0)) {
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
