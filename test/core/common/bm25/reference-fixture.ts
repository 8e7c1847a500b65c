/**
 * Typed view of test/fixtures/qdrant-bm25-reference.json (copied from the shared contract): BM25
 * vectors generated the way the Qdrant server computes them, plus murmur3 reference vectors.
 */
import raw from '../../../fixtures/qdrant-bm25-reference.json';

export interface ReferenceCase {
  name: string;
  text: string;
  avg_len: number;
  tokens: string[];
  doc: { indices: number[]; values: number[]; values_f64: number[] };
  query: { indices: number[]; values: number[] };
}

export interface MurmurVector {
  input_hex?: string;
  input_utf8?: string;
  seed: number;
  u32: number;
  i32: number;
  token_id?: number;
}

export const reference = raw as unknown as {
  stopword_list: string[];
  params: { k: number; b: number; default_avg_len: number };
  murmur3_x86_32_vectors: MurmurVector[];
  cases: ReferenceCase[];
};
