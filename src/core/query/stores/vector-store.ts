/**
 * The contract both stores (Qdrant over REST, and the embedded in-Worker index) fulfil. The
 * search pipeline only talks to this interface, so every mode, filter and threshold behaves the
 * same on both.
 */
import type { DenseVector, QdrantFilter, ScoredPoint, SparseVector } from '../../common/types';

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
  /** Return the stored vector of each hit (for MMR). */
  withVector?: boolean;
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
}

/** A store: Qdrant Cloud or the embedded index. */
export interface VectorStore {
  readonly kind: 'qdrant' | 'embedded';
  readonly collection: string;
  /** Collection facts; throws `collection_not_found` (with the available names) when missing. */
  describe(): Promise<CollectionInfo>;
  /** Run several searches in ONE round trip; results in the order of `queries`, best first. */
  queryBatch(queries: StoreQuery[]): Promise<ScoredPoint[][]>;
}
