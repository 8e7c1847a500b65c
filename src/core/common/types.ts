/**
 * Shapes shared by the search pipeline, the stores and the embedders. Qdrant's own schema types
 * are reused (type-only import: nothing of the client is bundled).
 */
import type { Schemas } from '@qdrant/js-client-rest';

/** A Qdrant point id: unsigned integer or UUID string. */
export type PointId = string | number;

/** A point's payload as stored. */
export type Payload = Record<string, unknown>;

/** Qdrant filter JSON (`must` / `should` / `must_not` / `min_should`), used by both stores. */
export type QdrantFilter = Schemas['Filter'];

/** A sparse vector in Qdrant's shape; `indices` ascending and unique. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** A dense vector; Float32Array inside the Worker, plain arrays on the wire. */
export type DenseVector = Float32Array | number[];

/** One hit as a store returns it, before mapping to the API's result shape. */
export interface ScoredPoint {
  id: PointId;
  score: number;
  payload: Payload;
  /** Only when asked for (MMR needs the candidates' vectors). */
  vector?: number[] | Float32Array;
}
