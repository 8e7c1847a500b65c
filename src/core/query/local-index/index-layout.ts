/**
 * The bundled index file's layout, shared by the reader (query time) and the writer (build time).
 *
 * Layout (all integers little-endian):
 *   0  "ERIX" magic · u32 format version · u32 header byte length · u32 data byte length
 *   16 header (UTF-8 JSON: collection, embedder, ids, BM25 stats, LSA vocabulary, section table)
 *   …  data, starting 8-byte aligned: each section 8-byte aligned, at an offset relative to the
 *      data start, so typed arrays can view it in place (Float32/Uint32 need 4-byte alignment).
 */
import type { EmbeddedIndex } from './index-types';

/** The sections, in file order. */
export const SECTION_NAMES = [
  'dense',
  'sparse_offsets',
  'sparse_indices',
  'sparse_values',
  'bm25_df_terms',
  'bm25_df_counts',
  'payload_offsets',
  'payload_json',
  'lsa_idf',
  'lsa_projection',
  'lsa_scales',
  'lexicon_bits',
  // Optional (absent from indexes written before them): titles-and-headings BM25 vectors, CSR.
  'fields_offsets',
  'fields_indices',
  'fields_values',
] as const;

/** One section's name. */
export type SectionName = (typeof SECTION_NAMES)[number];

/**
 * The format this build writes; bump on any incompatible change.
 * 2: LSA projection as int8 rows + float32 scales (lsa_scales). 3: dense rows as int8 directions
 * (a unit vector needs no scale: the reader normalises each row).
 */
export const INDEX_FORMAT_VERSION = 3;
export const MAGIC = [0x45, 0x52, 0x49, 0x58]; // "ERIX"
export const PRELUDE_BYTES = 16;

/** The JSON header. */
export interface Header {
  collection: string;
  created_at: string;
  embedder: EmbeddedIndex['embedder'];
  points: number;
  ids: EmbeddedIndex['ids'];
  dense: { name: string; dims: number; distance: 'Cosine' };
  sparse: { name: string; modifier: 'idf' };
  bm25: { avg_len: number; N: number; terms: number };
  lsa: { vocab: string[]; dims: number; model_id: string } | null;
  /** Absent in indexes written before the lexicon existed (read as null). */
  lexicon?: { hashes: number } | null;
  /** The titles-and-headings sparse vector, when the index has one. */
  fields?: { name: string; avg_len: number } | null;
  /** The book's stems that `lsa.vocab` lacks, space-separated; absent in older indexes. */
  other_stems?: string;
  sections: Record<SectionName, { offset: number; length: number }>;
}

/** Rounds up to a multiple of 8 (section alignment). */
export const align8 = (n: number): number => (n + 7) & ~7;

