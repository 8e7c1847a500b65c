/**
 * Trains the LSA embedder from the corpus at ingest time: stems → TF-IDF matrix → truncated SVD.
 * Deterministic (same texts and options → identical bytes), so rebuilding an index does not
 * change answers. Node-side only in practice (it pulls in ml-matrix), but runtime-neutral.
 */
import { RetrieverError } from '../../common/errors';
import { analyzeText } from '../../common/bm25/index';
import { type LsaModel, lsaModelId, lsaTermWeights } from '../../query/local-index/lsa-model';
import { dequantizeRows, quantizeRows } from '../../query/local-index/projection-codec';
import { randomizedSvd } from './randomized-svd';
import type { CsrMatrix } from './sparse-dense';

/** LSA dimensions of a book of up to {@link LSA_DIMS_MIN} × {@link CHUNKS_PER_DIM} chunks. */
export const LSA_DIMS_MIN = 128;
/** LSA dimensions of the largest books. */
export const LSA_DIMS_MAX = 384;
/** Above LSA_DIMS_MIN dimensions, one more per this many chunks. */
export const CHUNKS_PER_DIM = 4;

/**
 * The LSA dimensions for a book of `chunks` chunks: 128 up to 512 chunks, then one per 4 chunks,
 * at most 384. A larger book has more topics to tell apart; at 128 dimensions the semantic list of
 * a 3,054-chunk library (nine manuals in one index) fell far below BM25 (MRR .499 vs keyword .608)
 * and pulled the default below BM25 over 250-word windows. Measured (docs/retrieval-quality.md):
 * on 1,195 chunks 128 → 299 dimensions (this rule) took the default's MRR from .555 to .579, and on
 * 3,054 chunks 128 → 384 took it from .566 to .594. Books of up to 512 chunks stay at 128, where 96
 * and 160 measured worse; of the single books measured only a 558-chunk manual is larger (140
 * dimensions: MRR .797 → .811).
 *
 * @example
 * lsaDims(263); // 128
 * lsaDims(1195); // 299
 */
export function lsaDims(chunks: number): number {
  return Math.min(LSA_DIMS_MAX, Math.max(LSA_DIMS_MIN, Math.round(chunks / CHUNKS_PER_DIM)));
}

/** Training knobs. */
export interface LsaTrainOptions {
  /** Target dimensions; capped at min(N − 1, V) and at the matrix's numerical rank. Default {@link lsaDims} of the texts. */
  dims?: number;
  /**
   * Keep stems found in at least this many texts. Default 1: a term that appears in one chunk
   * only ("gasket" in a small book) still gets a direction (its chunk's topic), so semantic
   * search can find it. With 2, such terms were unknown to the model: on a 4-file book semantic
   * mode returned nothing for them, and on the sample book and book D dropping them cost MRR
   * (book D semantic 0.683 → 0.754, sample 0.955 → 0.968 with 1).
   */
  minDf?: number;
  /** Keep at most this many stems, the most widespread first. Default 4000. */
  maxVocab?: number;
  /** Power iterations of the randomized SVD. Default 3. */
  powerIterations?: number;
  /** PRNG seed of the randomized SVD. */
  seed?: number;
}

function selectVocabulary(docs: readonly (readonly string[])[], minDf: number, maxVocab: number): string[] {
  const df = new Map<string, number>();
  for (const stems of docs) for (const s of new Set(stems)) df.set(s, (df.get(s) ?? 0) + 1);
  return [...df.entries()]
    .filter(([, n]) => n >= minDf)
    // Ties broken by the stem itself so the vocabulary never depends on Map insertion order.
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, maxVocab)
    .map(([term]) => term);
}

/**
 * Trains an LSA model on the given texts (one per indexed chunk).
 *
 * Projection: the top right singular vectors V_k of the TF-IDF matrix, NOT scaled by Σ⁻¹.
 * Documents are then represented by the direction of U_k·Σ_k (their rank-k reconstruction), and
 * queries by the direction of q·V_k, i.e. both are orthogonal projections onto the same latent
 * subspace of term space. Folding in with Σ⁻¹ would whiten the space and give the noisy,
 * low-variance components as much say as the dominant topics. Measured on the sample book (108
 * sections, each section's heading as the query for its body): MRR 0.50 unscaled vs 0.46 with
 * Σ⁻¹ at 64 dims, 0.49 vs 0.43 at 100 dims; Σ⁻¹ only helped (slightly) at 16 dims.
 *
 * @example
 * const model = trainLsa(chunks.map((c) => c.text), { dims: 128 });
 * const v = embedWithLsa(model, 'robot perception');
 */
export function trainLsa(texts: string[], options: LsaTrainOptions = {}): LsaModel {
  return trainLsaOnStems(texts.map(analyzeText), options);
}

/**
 * {@link trainLsa} on texts already analyzed (`analyzeText`, one list of stems per chunk): ingest
 * embeds each chunk with the same stems (`embedStemsWithLsa`, lsa-model.ts), so it analyzes each text once.
 *
 * @example
 * const docs = texts.map(analyzeText);
 * const model = trainLsaOnStems(docs);
 * const vectors = docs.map((stems) => embedStemsWithLsa(model, stems));
 */
export function trainLsaOnStems(docs: readonly (readonly string[])[], options: LsaTrainOptions = {}): LsaModel {
  const { dims = lsaDims(docs.length), minDf = 1, maxVocab = 4000, powerIterations = 3, seed } = options;
  if (!Number.isInteger(dims) || dims < 1) throw new RetrieverError('config_error', 'LSA `dims` must be a positive integer', { dims });
  const vocab = selectVocabulary(docs, minDf, maxVocab);
  const n = docs.length;
  const v = vocab.length;
  if (n < 2 || v < 1) {
    throw new RetrieverError('config_error', 'LSA needs at least 2 texts sharing at least one word', { texts: n, vocabulary: v });
  }
  const idf = new Float32Array(v);
  const index = new Map(vocab.map((term, i) => [term, i]));
  const df = new Uint32Array(v);
  for (const stems of docs) for (const s of new Set(stems)) { const t = index.get(s); if (t !== undefined) df[t]!++; }
  for (let t = 0; t < v; t++) idf[t] = Math.log((1 + n) / (1 + df[t]!)) + 1;

  const rowPtr = new Uint32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  docs.forEach((stems, i) => {
    const { terms, weights } = lsaTermWeights(index, idf, stems);
    cols.push(...terms);
    vals.push(...weights);
    rowPtr[i + 1] = cols.length;
  });
  const matrix: CsrMatrix = { rows: n, cols: v, rowPtr, colIdx: Uint32Array.from(cols), values: Float64Array.from(vals) };

  const target = Math.min(dims, n - 1, v);
  const svd = randomizedSvd(matrix, target, { powerIterations, ...(seed === undefined ? {} : { seed }) });
  const k = Math.max(svd.rank, 1);
  const exact = new Float32Array(v * k);
  if (svd.rank > 0) exact.set(svd.vectors);
  // The index stores the projection as int8 rows; the model IS that form, so ingest-time document
  // vectors and query-time vectors use identical numbers.
  const quantized = quantizeRows(exact, k);
  const projection = dequantizeRows(quantized, k);
  return { vocab, idf, projection, dims: k, modelId: lsaModelId(vocab, k, projection), quantized };
}
