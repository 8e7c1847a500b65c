/**
 * The local query embedder of the embedded default: Latent Semantic Analysis. A model trained at
 * ingest (see `lsa-train.ts`) maps any text to a dense unit vector; texts about the same topic
 * land close together even without shared words, because the projection was learned from which
 * words co-occur in the book. This file is the query-time half (Worker-safe, no dependencies).
 */
import { analyzeText } from '../../common/bm25/index';
import type { QuantizedProjection } from './projection-codec';

/** A trained LSA model. `projection` is V × dims, row-major (row t = term t's direction). */
export interface LsaModel {
  vocab: string[];
  /** Smooth IDF per vocabulary term: ln((1+N)/(1+df)) + 1. */
  idf: Float32Array;
  projection: Float32Array;
  dims: number;
  /** `lsa-<dims>-<8 hex>`: changes whenever the vocabulary or the projection changes. */
  modelId: string;
  /**
   * The int8 form `projection` was decoded from (trained and decoded models carry it; the index
   * stores it). {@link embedWithLsa} reads it when present, so a decoded index leaves `projection` undecoded.
   */
  quantized?: QuantizedProjection;
}

// Built lazily once per model: the Worker embeds many queries with the same decoded model.
const vocabIndexCache = new WeakMap<LsaModel, Map<string, number>>();

function vocabIndex(model: LsaModel): Map<string, number> {
  let index = vocabIndexCache.get(model);
  if (!index) {
    // A plain loop: `new Map(vocab.map((term, i) => [term, i]))` cost a fresh isolate ~2 ms more
    // for the sample book's 3,058 terms (a closure call and a pair array per term, run cold).
    index = new Map();
    for (let i = 0; i < model.vocab.length; i++) index.set(model.vocab[i]!, i);
    vocabIndexCache.set(model, index);
  }
  return index;
}

/**
 * Whether `stem` is a word of the model's vocabulary (a text of none embeds as the zero vector).
 *
 * @example
 * lsaKnows(model, 'robot'); // true for a robotics book's model
 */
export function lsaKnows(model: LsaModel, stem: string): boolean {
  return vocabIndex(model).has(stem);
}

/**
 * The L2-normalised TF-IDF weights (sublinear tf: 1 + ln tf) of a text's in-vocabulary stems,
 * as parallel arrays of term rows and weights. Out-of-vocabulary stems are dropped.
 *
 * @example
 * lsaTermWeights(model.vocab, model.idf, analyzeText('robot arms'));
 */
export function lsaTermWeights(
  index: ReadonlyMap<string, number>,
  idf: ArrayLike<number>,
  stems: readonly string[],
): { terms: number[]; weights: number[] } {
  const counts = new Map<number, number>();
  for (const stem of stems) {
    const t = index.get(stem);
    if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  // Sorted so that summation order, hence the float result, does not depend on word order.
  const terms = [...counts.keys()].sort((x, y) => x - y);
  const weights = terms.map((t) => (1 + Math.log(counts.get(t)!)) * idf[t]!);
  const norm = Math.sqrt(weights.reduce((s, w) => s + w * w, 0));
  return { terms, weights: norm > 0 ? weights.map((w) => w / norm) : weights };
}

/**
 * Embeds a text (query or document) into the model's space: normalize(tfidf(text) · projection).
 * A text with no known word gives the zero vector (it then scores 0 against every document).
 *
 * @example
 * const v = embedWithLsa(model, 'how do robots perceive depth?'); // Float32Array(model.dims), |v| = 1
 */
export function embedWithLsa(model: LsaModel, text: string): Float32Array {
  return embedStemsWithLsa(model, analyzeText(text));
}

/**
 * {@link embedWithLsa} of a text already analyzed (`analyzeText`): ingest embeds each chunk with
 * the stems it trained the model on, so each chunk's text is tokenized and stemmed once.
 *
 * @example
 * const v = embedStemsWithLsa(model, analyzeText('how do robots perceive depth?')); // as embedWithLsa
 */
export function embedStemsWithLsa(model: LsaModel, stems: readonly string[]): Float32Array {
  const { dims, quantized } = model;
  const { terms, weights } = lsaTermWeights(vocabIndex(model), model.idf, stems);
  const acc = new Float64Array(dims);
  for (let i = 0; i < terms.length; i++) {
    const w = weights[i]!;
    const row = terms[i]! * dims;
    if (quantized) {
      // The int8 row itself, each value decoded as dequantizeRows decodes it (the same float32), so a
      // decoded index never needs its whole projection as floats: a query reads a handful of rows.
      const scale = quantized.scales[terms[i]!]!;
      for (let c = 0; c < dims; c++) acc[c]! += w * Math.fround(quantized.values[row + c]! * scale);
    } else {
      const projection = model.projection;
      for (let c = 0; c < dims; c++) acc[c]! += w * projection[row + c]!;
    }
  }
  let norm = 0;
  for (let c = 0; c < dims; c++) norm += acc[c]! * acc[c]!;
  const out = new Float32Array(dims);
  if (norm === 0) return out;
  const inv = 1 / Math.sqrt(norm);
  for (let c = 0; c < dims; c++) out[c] = acc[c]! * inv;
  return out;
}

/** FNV-1a (32-bit) over bytes, continuing from `hash`. */
function fnv1a(bytes: Uint8Array, hash = 0x811c9dc5): number {
  let h = hash;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193) >>> 0;
  return h;
}

/**
 * The stable id of a model: `lsa-<dims>-<first 8 hex of FNV-1a(vocab, dims, projection)>`.
 * The projection is hashed too, so two builds that share a vocabulary but not a corpus differ.
 *
 * @example
 * lsaModelId(['robot', 'sensor'], 2, projection); // 'lsa-2-1a2b3c4d'
 */
export function lsaModelId(vocab: readonly string[], dims: number, projection: Float32Array): string {
  let h = fnv1a(new TextEncoder().encode(`${dims}\n${vocab.join('\n')}`));
  h = fnv1a(new Uint8Array(projection.buffer, projection.byteOffset, projection.byteLength), h);
  return `lsa-${dims}-${h.toString(16).padStart(8, '0')}`;
}
