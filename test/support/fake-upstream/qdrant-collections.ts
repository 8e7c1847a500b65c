/**
 * Collection-level operations of the fake Qdrant: create, describe (full `CollectionInfo`),
 * exists, update metadata, delete, and payload indexes.
 */
import { valuesAt } from './filter';
import { isObject } from './http-io';
import { collectionNotFound, QdrantError, wrongInput } from './qdrant-errors';
import type { Collection, DenseParams, Distance, SparseParams } from './qdrant-types';

/** Looks a collection up or throws Qdrant's 404. */
export function requireCollection(collections: Map<string, Collection>, name: string): Collection {
  const collection = collections.get(name);
  if (!collection) throw collectionNotFound(name);
  return collection;
}

/** `PUT /collections/{name}` with an already schema-checked `CreateCollection` body. */
export function createCollection(collections: Map<string, Collection>, name: string, body: Record<string, unknown>): true {
  // Qdrant's `StorageError::AlreadyExists`: 409, but worded as bad input.
  if (collections.has(name)) throw new QdrantError(409, `Wrong input: Collection \`${name}\` already exists!`);
  const dense = new Map<string, DenseParams>();
  let unnamed = false;
  const vectors = body.vectors;
  if (isObject(vectors) && typeof vectors.size === 'number') {
    unnamed = true;
    dense.set('', toDense(vectors));
  } else if (isObject(vectors)) {
    for (const [vectorName, params] of Object.entries(vectors)) dense.set(vectorName, toDense(params as Record<string, unknown>));
  }
  const sparse = new Map<string, SparseParams>();
  for (const [vectorName, params] of Object.entries(isObject(body.sparse_vectors) ? body.sparse_vectors : {})) {
    const raw = (params ?? {}) as Record<string, unknown>;
    if (dense.has(vectorName)) throw wrongInput(`Vector name \`${vectorName}\` is used for both dense and sparse vectors`);
    sparse.set(vectorName, { modifier: raw.modifier === 'idf' ? 'idf' : 'none', raw });
  }
  collections.set(name, {
    name,
    dense,
    unnamed,
    sparse,
    createBody: body,
    metadata: isObject(body.metadata) ? { ...body.metadata } : undefined,
    payloadIndexes: new Map(),
    strictMode: isObject(body.strict_mode_config) ? { ...body.strict_mode_config } : { enabled: false },
    points: new Map(),
    operationId: 0,
  });
  return true;
}

function toDense(params: Record<string, unknown>): DenseParams {
  return { size: params.size as number, distance: params.distance as Distance, raw: params };
}

/** `PATCH /collections/{name}`: the fake only applies `metadata` (merged, as Qdrant does). */
export function updateCollection(collection: Collection, body: Record<string, unknown>): true {
  if (isObject(body.metadata)) collection.metadata = { ...(collection.metadata ?? {}), ...body.metadata };
  if (isObject(body.strict_mode_config)) collection.strictMode = { ...collection.strictMode, ...body.strict_mode_config };
  return true;
}

/** `GET /collections/{name}`: a `CollectionInfo` with Qdrant's defaults filled in. */
export function describeCollection(collection: Collection): Record<string, unknown> {
  const body = collection.createBody;
  const vectors = collection.unnamed
    ? collection.dense.get('')?.raw
    : Object.fromEntries([...collection.dense].map(([n, p]) => [n, p.raw]));
  const params: Record<string, unknown> = {
    vectors: vectors ?? {},
    shard_number: body.shard_number ?? 1,
    replication_factor: body.replication_factor ?? 1,
    write_consistency_factor: body.write_consistency_factor ?? 1,
    on_disk_payload: body.on_disk_payload ?? true,
  };
  if (collection.sparse.size > 0) params.sparse_vectors = Object.fromEntries([...collection.sparse].map(([n, p]) => [n, p.raw]));
  const config: Record<string, unknown> = {
    params,
    hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000, max_indexing_threads: 0, on_disk: false, ...asObject(body.hnsw_config) },
    optimizer_config: {
      deleted_threshold: 0.2,
      vacuum_min_vector_number: 1000,
      default_segment_number: 0,
      max_segment_size: null,
      memmap_threshold: null,
      indexing_threshold: 10000,
      flush_interval_sec: 5,
      max_optimization_threads: null,
      ...asObject(body.optimizers_config),
    },
    wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0, wal_retain_closed: 1, ...asObject(body.wal_config) },
    quantization_config: body.quantization_config ?? null,
    strict_mode_config: { ...collection.strictMode },
  };
  if (collection.metadata) config.metadata = collection.metadata;
  return {
    status: 'green',
    optimizer_status: 'ok',
    indexed_vectors_count: 0,
    points_count: collection.points.size,
    segments_count: 1,
    config,
    payload_schema: payloadSchema(collection),
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

function payloadSchema(collection: Collection): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  for (const [field, index] of collection.payloadIndexes) {
    let points = 0;
    for (const point of collection.points.values()) if (valuesAt(point.payload, field).some((v) => v !== null)) points += 1;
    schema[field] = { data_type: index.dataType, ...(index.params ? { params: index.params } : {}), points };
  }
  return schema;
}

/** `PUT /collections/{name}/index`: records the index so it shows in `payload_schema`. */
export function createFieldIndex(collection: Collection, body: Record<string, unknown>): void {
  const schema = body.field_schema;
  if (schema === undefined || schema === null) {
    // Qdrant infers the type from stored values; without values it cannot.
    throw wrongInput(`Cannot infer field type for \`${String(body.field_name)}\`; specify field_schema`);
  }
  const dataType = typeof schema === 'string' ? schema : String((schema as Record<string, unknown>).type);
  collection.payloadIndexes.set(body.field_name as string, typeof schema === 'string' ? { dataType } : { dataType, params: schema as Record<string, unknown> });
}
