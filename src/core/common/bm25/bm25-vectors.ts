/**
 * Document and query sparse vectors in the shape Qdrant's server-side `bm25` inference produces.
 * The IDF half of BM25 is applied by Qdrant at search time (collection `modifier: idf`), so only
 * the term-frequency half goes into the vectors; {@link qdrantIdf} is that IDF, for the code that
 * computes it itself (the embedded store, the term rule, highlights).
 */
import { RetrieverError } from '../errors';
import type { SparseVector } from '../types';
import { analyzeText } from './analyze';
import { extraTokens } from './extra-tokens';
import { tokenId } from './murmur3';

/** BM25 term-frequency saturation (Qdrant's default). */
export const BM25_K = 1.2;
/** BM25 length normalisation (Qdrant's default). */
export const BM25_B = 0.75;
/** Average document length in tokens assumed when the caller has none (fastembed's default). */
export const BM25_DEFAULT_AVG_LEN = 256;

/**
 * Qdrant's IDF for sparse vectors with `modifier: idf`: ln((N − df + 0.5) / (df + 0.5) + 1),
 * N = points in the collection, df = points whose vector contains the term.
 *
 * @example
 * qdrantIdf(4, 1); // ln(3.5 / 1.5 + 1) ≈ 1.2040
 */
export function qdrantIdf(n: number, df: number): number {
  return Math.log((n - df + 0.5) / (df + 0.5) + 1);
}

function checkAvgLen(avgLen: number): void {
  if (!Number.isFinite(avgLen) || avgLen <= 0) {
    throw new RetrieverError('invalid_request', `BM25 avg_len must be a positive finite number, got ${avgLen}`, {
      params: ['avg_len'],
    });
  }
}

/** Counts per token id. Two different stems with the same hash add up under one id, which is
 * what the server does too: it accumulates by id, not by stem. */
function countIds(stems: readonly string[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const stem of stems) {
    const id = tokenId(stem);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * BM25 document vector from already analysed stems (see `analyzeText`). Value per term with count n:
 * `n*(k+1) / (k*(1-b+b*|d|/avgLen) + n)`, |d| = number of stems. Values are float64; Qdrant stores
 * them as float32, so compare with `Math.fround`.
 *
 * @example
 * bm25DocumentVectorFromTokens(['hello', 'world']);
 * // { indices: [74040069, 613153351], values: [1.68320382..., 1.68320382...] }
 */
export function bm25DocumentVectorFromTokens(
  stems: readonly string[],
  avgLen: number = BM25_DEFAULT_AVG_LEN,
): SparseVector {
  checkAvgLen(avgLen);
  const counts = countIds(stems);
  const indices = [...counts.keys()].sort((a, b) => a - b);
  const norm = BM25_K * (1 - BM25_B + (BM25_B * stems.length) / avgLen);
  const values = indices.map((id) => {
    const n = counts.get(id) ?? 0;
    return (n * (BM25_K + 1)) / (norm + n);
  });
  return { indices, values };
}

/**
 * BM25 document vector for a text, identical to what Qdrant computes for
 * `{ text, model: 'qdrant/bm25', options: { avg_len } }` with the English defaults.
 *
 * @example
 * bm25DocumentVector('The robots are running', 100);
 */
export function bm25DocumentVector(text: string, avgLen: number = BM25_DEFAULT_AVG_LEN): SparseVector {
  return bm25DocumentVectorFromTokens(analyzeText(text), avgLen);
}

/**
 * BM25 query vector: the sorted unique token ids with value 1.0 (repeats in the query do not
 * weigh more, as on the server). A query of only stopwords gives an empty vector.
 *
 * @example
 * bm25QueryVector('hello hello world'); // { indices: [74040069, 613153351], values: [1, 1] }
 */
export function bm25QueryVector(text: string): SparseVector {
  return queryVectorOf(analyzeText(text));
}

/** The sorted unique token ids of `stems`, each with value 1.0 unless `weights` gives its stem another. */
function queryVectorOf(stems: readonly string[], weights?: ReadonlyMap<string, number>): SparseVector {
  const byId = new Map<number, number>();
  for (const stem of stems) byId.set(tokenId(stem), weights?.get(stem) ?? 1);
  const indices = [...byId.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((id) => byId.get(id)!) };
}

/**
 * The search's BM25 query vector: {@link bm25QueryVector} plus the question's {@link extraTokens}
 * (stopwords written in capitals, "WHERE and HAVING"; runs joined by hyphens, chess's "O-O"; acronyms
 * the stemmer folds into a word, "PAYE"; modals used as nouns, "a will"; words with an inner
 * apostrophe read whole, "on'yomi"), which ingest indexes the same way.
 * `weights` (stem → weight, 1 otherwise) lets a term count for less: Qdrant multiplies each query
 * weight into its term's score, and the embedded store does the same.
 *
 * @example
 * bm25SearchVector('difference between WHERE and HAVING').indices.length; // 3 (differ, where, have)
 * bm25SearchVector('where is the file'); // the same as bm25QueryVector('where is the file')
 * bm25SearchVector('ROS 2 action', new Map([['ros', 0.5]])).values; // 0.5 for ros's id, 1 for the others
 */
export function bm25SearchVector(text: string, weights?: ReadonlyMap<string, number>): SparseVector {
  return queryVectorOf([...analyzeText(text), ...extraTokens(text)], weights);
}
