/**
 * Builds the binary sections of an index file from the ingest-side data, validating it on the
 * way (a bad index must fail the build, not a query in production).
 */
import { RetrieverError } from '../../common/errors';
import type { SparseVector } from '../../common/types';
import type { EmbeddedIndexData } from '../../query/local-index/index-types';
import type { SectionName } from '../../query/local-index/index-layout';
import { quantizeRows } from '../../query/local-index/projection-codec';

/** The bytes of every section, by name. */
export type SectionBytes = Record<SectionName, Uint8Array>;

function bad(message: string, details: Record<string, unknown> = {}): RetrieverError {
  return new RetrieverError('config_error', `Cannot build the embedded index: ${message}`, details);
}

const asBytes = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function denseSection(data: EmbeddedIndexData): Float32Array {
  const { dims } = data.embedder;
  const n = data.ids.length;
  const out = new Float32Array(n * dims);
  data.dense.vectors.forEach((vector, i) => {
    if (vector.length !== dims) throw bad(`dense vector ${i} has ${vector.length} dimensions, expected ${dims}`, { point: i });
    let norm = 0;
    for (let c = 0; c < dims; c++) norm += vector[c]! * vector[c]!;
    if (!Number.isFinite(norm)) throw bad(`dense vector ${i} has a non-finite component`, { point: i });
    // Qdrant normalises Cosine vectors on upsert; storing them normalised makes cosine a dot product.
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let c = 0; c < dims; c++) out[i * dims + c] = vector[c]! * inv;
  });
  return out;
}

function sparseSections(n: number, vectors: readonly SparseVector[]): { offsets: Uint32Array; indices: Uint32Array; values: Float32Array; df: Map<number, number> } {
  const offsets = new Uint32Array(n + 1);
  const indices: number[] = [];
  const values: number[] = [];
  const df = new Map<number, number>();
  vectors.forEach((vector, i) => {
    if (vector.indices.length !== vector.values.length) throw bad(`sparse vector ${i} has ${vector.indices.length} indices but ${vector.values.length} values`, { point: i });
    const order = vector.indices.map((_, k) => k).sort((a, b) => vector.indices[a]! - vector.indices[b]!);
    let previous = -1;
    for (const k of order) {
      const index = vector.indices[k]!;
      const value = vector.values[k]!;
      if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) throw bad(`sparse vector ${i} has an invalid index ${index}`, { point: i });
      if (index === previous) throw bad(`sparse vector ${i} repeats index ${index}`, { point: i });
      if (!Number.isFinite(value)) throw bad(`sparse vector ${i} has a non-finite value`, { point: i });
      previous = index;
      indices.push(index);
      values.push(value);
      df.set(index, (df.get(index) ?? 0) + 1);
    }
    offsets[i + 1] = indices.length;
  });
  return { offsets, indices: Uint32Array.from(indices), values: Float32Array.from(values), df };
}

function payloadSections(data: EmbeddedIndexData): { offsets: Uint32Array; json: Uint8Array } {
  const encoder = new TextEncoder();
  const parts = data.payloads.map((p) => encoder.encode(JSON.stringify(p ?? {})));
  const offsets = new Uint32Array(parts.length + 1);
  parts.forEach((p, i) => (offsets[i + 1] = offsets[i]! + p.byteLength));
  const json = new Uint8Array(offsets[parts.length]!);
  parts.forEach((p, i) => json.set(p, offsets[i]!));
  return { offsets, json };
}

function checkShape(data: EmbeddedIndexData): void {
  const n = data.ids.length;
  const counts = { payloads: data.payloads.length, dense: data.dense.vectors.length, sparse: data.sparse.vectors.length };
  for (const [what, count] of Object.entries(counts)) if (count !== n) throw bad(`${n} ids but ${count} ${what}`, { points: n, [what]: count });
  const seen = new Set<string>();
  for (const id of data.ids) {
    const ok = (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) || (typeof id === 'string' && id.length > 0);
    if (!ok) throw bad(`invalid point id ${JSON.stringify(id)}`);
    const key = `${typeof id}:${String(id).toLowerCase()}`;
    if (seen.has(key)) throw bad(`duplicate point id ${JSON.stringify(id)}`);
    seen.add(key);
  }
  const { embedder, lsa } = data;
  if (!Number.isInteger(embedder.dims) || embedder.dims < 1) throw bad('embedder.dims must be a positive integer');
  if (embedder.kind === 'lsa') {
    if (!lsa) throw bad('an index embedded with LSA must include the LSA model');
    if (lsa.dims !== embedder.dims || lsa.modelId !== embedder.model_id) {
      throw bad('the LSA model does not match the embedder descriptor', { model_id: lsa.modelId, descriptor: embedder.model_id });
    }
  }
  if (lsa && (lsa.idf.length !== lsa.vocab.length || lsa.projection.length !== lsa.vocab.length * lsa.dims)) {
    throw bad('the LSA model arrays do not match its vocabulary size and dims');
  }
}

/**
 * Validates `data` and produces every binary section plus the number of distinct sparse terms.
 *
 * @example
 * const { sections, sparseTerms } = buildSections(data);
 */
export function buildSections(data: EmbeddedIndexData): { sections: SectionBytes; sparseTerms: number } {
  checkShape(data);
  const sparse = sparseSections(data.ids.length, data.sparse.vectors);
  // Titles-and-headings BM25 vectors (field-aware keyword search); empty sections when absent.
  if (data.fields && data.fields.vectors.length !== data.ids.length) throw bad(`${data.fields.vectors.length} field vectors for ${data.ids.length} points`);
  const fields = data.fields ? sparseSections(data.ids.length, data.fields.vectors) : null;
  const terms = Uint32Array.from([...sparse.df.keys()].sort((a, b) => a - b));
  const counts = Uint32Array.from(terms, (t) => sparse.df.get(t)!);
  const payloads = payloadSections(data);
  const lsa = data.lsa;
  const quantized = lsa ? (lsa.quantized ?? quantizeRows(lsa.projection, lsa.dims)) : null;
  // Format 3: dense rows as int8 directions; the reader normalises them back to unit float32 rows.
  const dense = quantizeRows(denseSection(data), data.embedder.dims);
  const sections: SectionBytes = {
    dense: asBytes(dense.values),
    sparse_offsets: asBytes(sparse.offsets),
    sparse_indices: asBytes(sparse.indices),
    sparse_values: asBytes(sparse.values),
    bm25_df_terms: asBytes(terms),
    bm25_df_counts: asBytes(counts),
    payload_offsets: asBytes(payloads.offsets),
    payload_json: payloads.json,
    lsa_idf: asBytes(data.lsa?.idf ?? new Float32Array(0)),
    lsa_projection: asBytes(quantized?.values ?? new Int8Array(0)),
    lsa_scales: asBytes(quantized?.scales ?? new Float32Array(0)),
    lexicon_bits: asBytes(data.lexicon?.bits ?? new Uint32Array(0)),
    fields_offsets: asBytes(fields?.offsets ?? new Uint32Array(0)),
    fields_indices: asBytes(fields?.indices ?? new Uint32Array(0)),
    fields_values: asBytes(fields?.values ?? new Float32Array(0)),
  };
  return { sections, sparseTerms: terms.length };
}
