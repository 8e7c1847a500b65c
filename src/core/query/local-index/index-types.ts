/**
 * The shapes of the bundled index: what the ingest side hands to `encodeIndex`, and what the
 * Worker gets back from `decodeIndex` (typed-array views over the one bundled ArrayBuffer).
 */
import type { Payload, PointId, SparseVector } from '../../common/types';
import type { LexiconFilter } from '../../common/text/lexicon-filter';
import type { LsaModel } from './lsa-model';

/** Which model made the dense vectors; queries must be embedded by the same one. */
export interface IndexEmbedderDescriptor {
  kind: 'lsa' | 'cohere';
  /** `lsa` or the Cohere model name, e.g. `embed-english-v3.0`. */
  model: string;
  dims: number;
  /** The exact model: the LSA id (`lsa-128-ab12cd34`), or the Cohere model name again. */
  model_id: string;
}

/** BM25 corpus statistics (document vectors were computed with this `avg_len`). */
export interface Bm25Stats {
  avgLen: number;
}

/** Everything needed to build an index file. Point i is ids[i], payloads[i], dense row i, sparse[i]. */
export interface EmbeddedIndexData {
  collection: string;
  /** ISO 8601; defaults to now. Pass a fixed value for reproducible builds. */
  createdAt?: string;
  embedder: IndexEmbedderDescriptor;
  ids: PointId[];
  payloads: Payload[];
  /** Dense vectors (normalised on encode); `name` "" is the unnamed vector. */
  dense: { name?: string; vectors: ArrayLike<number>[] };
  /** BM25 document vectors (Qdrant's shape); `name` defaults to `bm25`. */
  sparse: { name?: string; vectors: SparseVector[] };
  bm25: Bm25Stats;
  /** Required when `embedder.kind` is `lsa`: the query embedder ships inside the index. */
  lsa?: LsaModel | null;
  /** Stems of ordinary English words the book does not use (see `term-evidence.ts`); optional. */
  lexicon?: LexiconFilter | null;
  /** Titles-and-headings BM25 vectors (field-aware keyword search), one per point. */
  fields?: { name: string; avgLen: number; vectors: SparseVector[] } | null;
  /**
   * Every stem BM25 indexes (the texts as the sparse vectors were made). The file keeps those the
   * LSA vocabulary lacks, so a query word can be read as any book word (`book-terms/book-forms.ts`).
   */
  stems?: readonly string[] | null;
}

/** A decoded index. The sparse arrays are views into the source buffer, not copies; the dense rows are decoded from int8 once. */
export interface EmbeddedIndex {
  formatVersion: number;
  collection: string;
  createdAt: string;
  embedder: IndexEmbedderDescriptor;
  /** Number of points. */
  size: number;
  ids: PointId[];
  /** Point i's payload, parsed on first access and cached (unfiltered queries parse only hits). */
  payload(i: number): Payload;
  /** n × dims, row-major, rows L2-normalised. */
  dense: { name: string; dims: number; vectors: Float32Array };
  /** CSR: point i's entries are offsets[i]..offsets[i+1]; indices ascending within a point. */
  sparse: { name: string; offsets: Uint32Array; indices: Uint32Array; values: Float32Array };
  /** `N` = points; df[k] = number of points whose sparse vector contains dfTerms[k] (ascending). */
  bm25: { avgLen: number; N: number; dfTerms: Uint32Array; dfCounts: Uint32Array };
  lsa: LsaModel | null;
  /** Null for indexes built without one: the off-topic rule then relies on coverage alone. */
  lexicon: LexiconFilter | null;
  /** Titles-and-headings BM25 vectors (CSR like `sparse`); null in indexes built before them. */
  fields: { name: string; avgLen: number; offsets: Uint32Array; indices: Uint32Array; values: Float32Array } | null;
  /**
   * The book's stems that `lsa.vocab` lacks (all of them without an LSA model): BM25's ids are hashes,
   * so these and the LSA vocabulary are the book's words as text. Empty in indexes built before them.
   */
  otherStems: readonly string[];
}
