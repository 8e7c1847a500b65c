/**
 * The ports of query time: what the search pipeline needs from the outside world (a store, an
 * embedder, an embedding cache, a reranker), as interfaces. The pipeline depends on these only;
 * the adapters (stores/, embedders/, local-index/, rerank/) implement them and compose/ wires
 * them together from the configuration.
 */
import type { Config } from '../common/config/parse-config';
import type { DenseVector, Payload, PointId, QdrantFilter, ScoredPoint, SparseVector } from '../common/types';

/**
 * Multiplies the score of points whose payload `key` equals `value` (or, with `any`, holds one of
 * those values — an array field matches when one element does) by `factor`.
 */
export interface ScorePrior {
  key: string;
  value?: string;
  any?: readonly string[];
  factor: number;
}

/** A second sparse vector searched alongside a keyword query; its score is added × `weight`. */
export interface FieldVector {
  vector: SparseVector;
  using: string;
  weight: number;
}

/** Concurrent callers of one key share one computation (`cache/single-flight.ts` implements it). */
export interface InFlight<T> {
  run(key: string, work: () => Promise<T>, keepAlive?: (work: Promise<unknown>) => void): Promise<{ value: T; shared: boolean }>;
  has(key: string): boolean;
}

/** One nearest-neighbour search. Exactly one of `dense` / `sparse` is set. */
export interface StoreQuery {
  /** Cosine search on a dense vector; `using` names the vector (null/undefined = unnamed). */
  dense?: { vector: DenseVector; using?: string | null };
  /** Dot-product search on a sparse vector (IDF applied as the collection's modifier says). */
  sparse?: { vector: SparseVector; using: string };
  filter?: QdrantFilter;
  limit: number;
  /** Drop points scoring below this (Qdrant's `score_threshold`). */
  scoreThreshold?: number;
  /** Return the stored dense vector of each hit (for MMR): `dense.using`'s, or for a sparse query `denseUsing`'s. */
  withVector?: boolean;
  /** Sparse queries with `withVector`: the name of the dense vector to return (null/undefined = unnamed). */
  denseUsing?: string | null;
  /** Ranking priors applied in the store, in the same query (see stores/score-formula.ts). */
  priors?: readonly ScorePrior[];
  /** Sparse queries only: a second sparse vector (titles + headings) added to the score. */
  fields?: FieldVector;
}

/** What the service needs to know about a collection. */
export interface CollectionInfo {
  name: string;
  pointsCount: number | null;
  /** Dense vectors by name; the unnamed vector is under the key "" . */
  denseVectors: Record<string, { size: number; distance: string }>;
  /** Sparse vector names, with their modifier ("idf" or "none"). */
  sparseVectors: Record<string, { modifier: string }>;
  /** Free-form metadata (Qdrant collection metadata / embedded index header), e.g. the embedder. */
  metadata: Record<string, unknown>;
  /**
   * Which payload keys searches may filter on: `strict` when the collection refuses filters on
   * keys without a payload index (Qdrant strict mode with `unindexed_filtering_retrieve: false`,
   * the default for new collections on Qdrant Cloud), and the indexed keys. Absent = unknown
   * (facts remembered by an older version), treated as not strict.
   */
  filtering?: { strict: boolean; indexed: string[] };
}

/** The book's word statistics the term rule reads (book-terms/book-vocabulary.ts makes them from either store). */
export interface BookVocabulary {
  /** Number of chunks (BM25's N). */
  n: number;
  /** In how many chunks a stem occurs (0: the book never uses it). */
  df: (stem: string) => number;
  /** Whether a stem is an ordinary English word (true for every word when the lexicon is unknown). */
  isOrdinary: (stem: string) => boolean;
  /** The book's stems, for telling a misspelt book word from a new one. */
  bookStems: readonly string[];
}

/** How a store is asked for a collection's facts ({@link VectorStore.describe}). */
export interface DescribeOptions {
  /** One attempt, no retry: what a search asks (see {@link VectorStore.describe}). */
  once?: boolean;
}

/** A store: Qdrant Cloud or the embedded index. Both fulfil it, so every mode, filter and threshold behaves the same on both. */
export interface VectorStore {
  readonly kind: 'qdrant' | 'embedded';
  readonly collection: string;
  /**
   * Collection facts; throws `collection_not_found` (with the available names) when missing.
   * `once`: one attempt, no retry (what a search asks: a Retry-After waited for would hold its
   * answer, and the facts are learned again by a later request).
   */
  describe(options?: DescribeOptions): Promise<CollectionInfo>;
  /** Run several searches in ONE round trip; results in the order of `queries`, best first. */
  queryBatch(queries: StoreQuery[]): Promise<ScoredPoint[][]>;
  /** Points by id with their payloads, in ONE round trip; ids that do not exist are left out. */
  retrieve(ids: PointId[]): Promise<{ id: PointId; payload: Payload }[]>;
}

/** Who produced a vector, so a store can refuse vectors from another model. */
export interface EmbedderDescriptor {
  kind: 'cohere' | 'lsa';
  /** Model name, e.g. `embed-english-v3.0`, or the LSA model id `lsa-128-ab12cd34`. */
  model: string;
  /** Output size, when known before the first call. */
  dimension: number | null;
}

/** Embeds one search query: Cohere over REST, or the local LSA model bundled with the embedded index. */
export interface QueryEmbedder {
  readonly descriptor: EmbedderDescriptor;
  /** Whether results may be cached (remote, billed embedders). */
  readonly cacheable: boolean;
  embedQuery(text: string): Promise<Float32Array>;
  /** Several queries in ONE upstream call (batch search); absent → one `embedQuery` each. */
  embedQueries?(texts: string[]): Promise<Float32Array[]>;
  /**
   * Embeds a short text at once and at no cost, which only a local model can: ranking compares the
   * question with each fused candidate's title and headings (search/heading-match.ts). Absent for Cohere.
   */
  embedLabel?(text: string): Float32Array;
}

/** What the book's own vocabulary says about a query (see book-terms/term-evidence.ts). */
export interface TermEvidence {
  /** IDF-weighted share of the query's words that occur in the book (0–1). */
  coverage: number;
  /** Query words the book never uses. */
  unknown: string[];
  /** The unknown words that are not ordinary English words either: names the book never mentions. */
  foreign: string[];
  /** False when the rule judges that the book does not cover the question. */
  covered: boolean;
  /** Not covered because its words only resemble book words: several read as book words, none written as the book does. */
  onlyGuesses?: boolean;
}

/** Persistent query-embedding storage, e.g. a KV namespace adapter. */
export interface EmbeddingCacheStore {
  get(key: string): Promise<ArrayBuffer | null>;
  put(key: string, value: ArrayBuffer, ttlSeconds: number): Promise<void>;
}

/** An in-memory cache (the per-isolate LRU). */
export interface MemoryCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

/** Where a query vector came from. */
export type CacheStatus = 'hit' | 'miss' | 'none';

/** What the cached embedding step needs besides the embedder. */
export interface CachedEmbedOptions {
  store: EmbeddingCacheStore | null;
  memory: MemoryCache<Float32Array>;
  ttlSeconds: number;
  /** Schedules work that must outlive the response (the Worker's `waitUntil`). */
  defer: (work: Promise<unknown>) => void;
  log: (message: string, error: unknown) => void;
  /** In-flight embeddings shared by concurrent requests of this isolate (absent: no sharing). */
  flights?: InFlight<{ vector: Float32Array; cache: CacheStatus }>;
  /**
   * This request's early reads (query text → its key and what the store held), started by
   * `prefetchEmbedding` while the result cache is asked; the embedding step reuses them.
   */
  early?: Map<string, Promise<EarlyRead>>;
}

/** An embedding-cache read made ahead of the embedding step. */
export interface EarlyRead {
  key: string;
  /** What the store held; undefined when the read was skipped (the key was in memory or in flight). */
  stored: Float32Array | null | undefined;
}

/** Shared storage for collection facts (a KV adapter in the Worker). */
export interface FactsStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** The facts of one collection as a search sees them (search/collection-facts.ts). */
export interface CollectionFacts {
  /** Facts without any upstream call, or null when none are known. */
  known(): Promise<CollectionInfo | null>;
  /**
   * Reads the facts from the store (one upstream call for Qdrant) and remembers them. `once`: one
   * attempt, no retry (see {@link VectorStore.describe}).
   */
  learn(options?: DescribeOptions): Promise<CollectionInfo>;
  /**
   * Completes facts remembered from the shared store with the book's vocabulary, kept there under
   * its own key (no upstream call; a failed read leaves them without). Absent for local facts.
   */
  readVocabulary?(): Promise<void>;
}

/** Index into the reranked documents and its relevance, best first. */
export interface RerankScore {
  index: number;
  relevance_score: number;
}

/**
 * Reranks `documents` for `query`, returning the best `topN`. `leaveBudget`: the search still makes a
 * store call after it (`expand`'s neighbours), so a failing reranker must not spend the whole budget.
 */
export type Reranker = (query: string, documents: string[], topN: number, options?: { leaveBudget?: boolean }) => Promise<RerankScore[]>;

/** Everything a search needs, built per request by the Worker or the CLI (see compose/). */
export interface SearchContext {
  config: Config;
  store: VectorStore;
  /** Collection facts, known without an upstream call or learned alongside the query. */
  facts: CollectionFacts;
  /** Created on demand: keyword search never needs it. */
  embedder: () => QueryEmbedder;
  cache: CachedEmbedOptions;
  /** Cohere rerank, when a key is configured. */
  rerank: Reranker | null;
  /**
   * The book's vocabulary, against which the term rule judges a query's words: the embedded
   * index's, or the one recorded in the collection facts (`info`); null when the store has none.
   */
  bookVocabulary?: (info: CollectionInfo | null) => BookVocabulary | null;
  /** Upstream HTTP attempts made so far for this request. */
  upstreamCalls: () => number;
  /** Logs a failure the search survived (a degraded cache or reranker), with its cause. */
  log: (message: string, error: unknown) => void;
  now?: () => number;
}
