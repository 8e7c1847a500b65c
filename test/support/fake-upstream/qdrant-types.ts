/**
 * The fake Qdrant's in-memory model. Kept apart so state, handlers and the query engine can
 * share it without import cycles.
 */

/** A Qdrant point id as it appears on the wire: unsigned integer or hyphenated UUID. */
export type PointId = number | string;

/** Distances Qdrant supports for dense vectors. */
export type Distance = 'Cosine' | 'Dot' | 'Euclid' | 'Manhattan';

/** A sparse vector (indices kept sorted ascending, as Qdrant stores them). */
export interface SparseVec {
  indices: number[];
  values: number[];
}

/** One dense vector slot of a collection. */
export interface DenseParams {
  size: number;
  distance: Distance;
  /** The params exactly as created, echoed back by `GET /collections/{c}`. */
  raw: Record<string, unknown>;
}

/** One sparse vector slot of a collection. */
export interface SparseParams {
  modifier: 'idf' | 'none';
  raw: Record<string, unknown>;
}

/** A stored point. Dense vectors are stored as Qdrant does: f32, and normalized for Cosine. */
export interface StoredPoint {
  id: PointId;
  version: number;
  dense: Map<string, number[]>;
  sparse: Map<string, SparseVec>;
  payload: Record<string, unknown>;
}

/** A payload index created with `PUT /collections/{c}/index`. */
export interface PayloadIndex {
  dataType: string;
  params?: Record<string, unknown>;
}

/** One collection. */
export interface Collection {
  name: string;
  /** Dense vectors by name; the unnamed default vector is stored under ''. */
  dense: Map<string, DenseParams>;
  /** Created with a single unnamed `{size, distance}` (vectors are returned as plain arrays). */
  unnamed: boolean;
  sparse: Map<string, SparseParams>;
  /** The create body, for the parts of the config we only echo (hnsw_config, …). */
  createBody: Record<string, unknown>;
  metadata: Record<string, unknown> | undefined;
  payloadIndexes: Map<string, PayloadIndex>;
  /** `strict_mode_config` as created or last updated (Qdrant's default: `{enabled: false}`). */
  strictMode: Record<string, unknown>;
  /** Keyed by the canonical id string (decimal integer or lowercase hyphenated UUID). */
  points: Map<string, StoredPoint>;
  operationId: number;
}
