/**
 * Collection management for ingestion: create the collection the service expects, read what is
 * already indexed (ids and content hashes) to diff against, upsert and delete in batches.
 */
import type { Schemas } from '@qdrant/js-client-rest';
import type { PointId, SparseVector } from '../common/types';
import type { QdrantTransport as QdrantConnection } from '../common/upstream/qdrant-transport';

/** How the collection is laid out. */
export interface CollectionLayout {
  dimension: number;
  /** Dense vector name; null = unnamed. */
  denseName: string | null;
  sparseName: string;
  /** Sparse vector over titles and headings (field-aware BM25); null for collections made before it. */
  fieldsName?: string | null;
  /** Recorded in the collection metadata so the Worker can refuse a mismatched embedder. */
  metadata: Record<string, unknown>;
}

/**
 * Payload indexes for every key a search filters on: the filter shortcuts, the payload's other
 * filterable keys, and those of the ranking priors' conditions (`kind`, `defines`, `heading_terms`). Qdrant Cloud creates collections in
 * strict mode, where a filter or formula condition on an unindexed key is refused.
 */
export const PAYLOAD_INDEXES: { field: string; schema: 'keyword' | 'integer' }[] = [
  { field: 'module', schema: 'keyword' },
  { field: 'chapter', schema: 'keyword' },
  { field: 'section', schema: 'keyword' },
  { field: 'kind', schema: 'keyword' },
  { field: 'defines', schema: 'keyword' },
  { field: 'heading_terms', schema: 'keyword' },
  { field: 'tags', schema: 'keyword' },
  { field: 'file_path', schema: 'keyword' },
  { field: 'sidebar_position', schema: 'integer' },
  { field: 'chunk_token_count', schema: 'integer' },
];

const path = (conn: QdrantConnection, suffix = '') => conn.collectionPath(suffix);

/** True when the collection exists. */
export async function collectionExists(conn: QdrantConnection): Promise<boolean> {
  const json = await conn.request<{ result: { exists: boolean } }>('GET', path(conn, '/exists'));
  return json.result.exists;
}

/** Deletes the collection (for `--recreate`). */
export async function deleteCollection(conn: QdrantConnection): Promise<void> {
  await conn.request('DELETE', path(conn));
}

/**
 * Creates the collection with a cosine dense vector, a `bm25` sparse vector with server-side IDF
 * (and, with `fieldsName`, a second one over titles and headings), and keyword/integer payload
 * indexes.
 */
export async function createCollection(conn: QdrantConnection, layout: CollectionLayout): Promise<void> {
  const dense = { size: layout.dimension, distance: 'Cosine' as const };
  const body: Schemas['CreateCollection'] = {
    vectors: layout.denseName ? { [layout.denseName]: dense } : dense,
    sparse_vectors: { [layout.sparseName]: { modifier: 'idf' }, ...(layout.fieldsName ? { [layout.fieldsName]: { modifier: 'idf' as const } } : {}) },
    metadata: layout.metadata,
  };
  await conn.request('PUT', path(conn), body);
  await ensurePayloadIndexes(conn, []);
}

/**
 * Merges `metadata` into the collection's metadata (`PATCH /collections/{c}`; Qdrant merges keys),
 * e.g. the book's vocabulary after a re-ingest.
 */
export async function updateCollectionMetadata(conn: QdrantConnection, metadata: Record<string, unknown>): Promise<void> {
  const body: Schemas['UpdateCollection'] = { metadata };
  await conn.request('PATCH', path(conn), body);
}

/**
 * Creates the payload indexes of `PAYLOAD_INDEXES` the collection lacks (`indexed`: the keys it
 * has), so a collection made by an older version gains the ones added since. Returns the keys made.
 */
export async function ensurePayloadIndexes(conn: QdrantConnection, indexed: readonly string[]): Promise<string[]> {
  const missing = PAYLOAD_INDEXES.filter((index) => !indexed.includes(index.field));
  for (const index of missing) {
    await conn.request('PUT', `${path(conn, '/index')}?wait=true`, { field_name: index.field, field_schema: index.schema });
  }
  return missing.map((index) => index.field);
}

/**
 * What is already indexed: point id → content hash, file and whole payload (compared with the new
 * chunk's payload, so edited front matter or headings are re-ingested even when content is not).
 */
export async function readIndexedPoints(conn: QdrantConnection): Promise<Map<string, { hash: unknown; file: unknown; payload: unknown }>> {
  const found = new Map<string, { hash: unknown; file: unknown; payload: unknown }>();
  let offset: PointId | null | undefined = undefined;
  do {
    const body: Record<string, unknown> = { limit: 256, with_payload: true, with_vector: false };
    if (offset !== undefined && offset !== null) body.offset = offset;
    const json: { result: Schemas['ScrollResult'] } = await conn.request('POST', path(conn, '/points/scroll'), body);
    for (const point of json.result.points) {
      found.set(String(point.id), { hash: point.payload?.content_hash, file: point.payload?.file_path, payload: point.payload ?? undefined });
    }
    offset = json.result.next_page_offset as PointId | null | undefined;
  } while (offset !== undefined && offset !== null);
  return found;
}

/** A point to write. */
export interface PointToWrite {
  id: PointId;
  dense: Float32Array | number[];
  sparse: SparseVector;
  /** Titles-and-headings BM25 vector, written when the layout has `fieldsName`. */
  fields?: SparseVector;
  payload: Record<string, unknown>;
}

/** Upserts points in batches, waiting for each to be applied. */
export async function upsertPoints(conn: QdrantConnection, layout: CollectionLayout, points: PointToWrite[], batchSize = 64, onBatch?: (n: number) => void): Promise<void> {
  for (let start = 0; start < points.length; start += batchSize) {
    const batch = points.slice(start, start + batchSize).map((point) => ({
      id: point.id,
      vector: {
        [layout.denseName ?? '']: Array.from(point.dense),
        [layout.sparseName]: { indices: point.sparse.indices, values: point.sparse.values },
        ...(layout.fieldsName && point.fields ? { [layout.fieldsName]: { indices: point.fields.indices, values: point.fields.values } } : {}),
      },
      payload: point.payload,
    }));
    await conn.request('PUT', `${path(conn, '/points')}?wait=true`, { points: batch });
    onBatch?.(batch.length);
  }
}

/** Deletes points by id, in batches. */
export async function deletePoints(conn: QdrantConnection, ids: PointId[], batchSize = 256): Promise<void> {
  for (let start = 0; start < ids.length; start += batchSize) {
    await conn.request('POST', `${path(conn, '/points/delete')}?wait=true`, { points: ids.slice(start, start + batchSize) });
  }
}

/**
 * Replaces the payloads of existing points, keeping their vectors: one `points/batch` request of
 * `overwrite_payload` operations per batch. For chunks whose embedded text is unchanged but whose
 * payload moved (lines shifted by an edit above them), so no embedding is paid for twice.
 */
export async function overwritePayloads(conn: QdrantConnection, points: readonly { id: PointId; payload: Record<string, unknown> }[], batchSize = 64, onBatch?: (n: number) => void): Promise<void> {
  for (let start = 0; start < points.length; start += batchSize) {
    const batch = points.slice(start, start + batchSize);
    const operations = batch.map((point) => ({ overwrite_payload: { payload: point.payload, points: [point.id] } }));
    await conn.request('POST', `${path(conn, '/points/batch')}?wait=true`, { operations });
    onBatch?.(batch.length);
  }
}
