/**
 * BM25 keyword search over the embedded index with Qdrant's semantics: the score of a point is
 * Σ over shared term ids of (query value × IDF × document value), the IDF being the server's
 * `modifier: idf` formula, and only points sharing at least one term with the query are hits.
 */
import { qdrantIdf } from '../../common/bm25/index';
import type { SparseVector } from '../../common/types';
import type { EmbeddedIndex } from './index-types';

/** Position of `term` in the ascending `terms`, or -1. */
export function findTerm(terms: Uint32Array, term: number): number {
  let lo = 0;
  let hi = terms.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = terms[mid]!;
    if (t === term) return mid;
    if (t < term) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Term-major copy of the sparse section: postings of dfTerms[k] are offsets[k]..offsets[k+1]. */
interface Postings {
  offsets: Uint32Array;
  points: Uint32Array;
  values: Float32Array;
}

const postingsCache = new WeakMap<EmbeddedIndex, Postings>();

/** Built once per decoded index, on the first keyword query (one pass over the postings). */
function postingsOf(index: EmbeddedIndex): Postings {
  const cached = postingsCache.get(index);
  if (cached) return cached;
  const { dfTerms, dfCounts } = index.bm25;
  const { offsets: rowOffsets, indices, values: rowValues } = index.sparse;
  const offsets = new Uint32Array(dfTerms.length + 1);
  for (let k = 0; k < dfTerms.length; k++) offsets[k + 1] = offsets[k]! + dfCounts[k]!;
  const fill = offsets.slice(0, dfTerms.length);
  const points = new Uint32Array(indices.length);
  const values = new Float32Array(indices.length);
  // Each term's position looked up in a Map, not by binary search per entry: this pass runs once,
  // cold, on an isolate's first search, over every entry (17,081 for the sample book).
  const positions = new Map<number, number>();
  for (let k = 0; k < dfTerms.length; k++) positions.set(dfTerms[k]!, k);
  for (let p = 0; p < index.size; p++) {
    for (let e = rowOffsets[p]!; e < rowOffsets[p + 1]!; e++) {
      const k = positions.get(indices[e]!);
      if (k === undefined) continue;
      const slot = fill[k]!++;
      points[slot] = p;
      values[slot] = rowValues[e]!;
    }
  }
  const built = { offsets, points, values };
  postingsCache.set(index, built);
  return built;
}

/**
 * Scores every point sharing a term with `query`. Returns the touched points (in first-touch
 * order) and a score array indexed by point.
 *
 * @example
 * const { touched, scores } = scoreSparse(index, { indices: [17, 42], values: [1, 1] });
 */
export function scoreSparse(index: EmbeddedIndex, query: SparseVector): { touched: number[]; scores: Float64Array } {
  const postings = postingsOf(index);
  const { dfTerms, dfCounts, N } = index.bm25;
  const scores = new Float64Array(index.size);
  const seen = new Uint8Array(index.size);
  const touched: number[] = [];
  for (let q = 0; q < query.indices.length; q++) {
    const k = findTerm(dfTerms, query.indices[q]!);
    if (k < 0) continue;
    const weight = query.values[q]! * qdrantIdf(N, dfCounts[k]!);
    for (let e = postings.offsets[k]!; e < postings.offsets[k + 1]!; e++) {
      const p = postings.points[e]!;
      if (!seen[p]) {
        seen[p] = 1;
        touched.push(p);
      }
      scores[p]! += weight * postings.values[e]!;
    }
  }
  return { touched, scores };
}
