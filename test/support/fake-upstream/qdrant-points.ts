/**
 * Point operations of the fake Qdrant: upsert (with the server's vector checks), delete, scroll,
 * count, retrieve, and the shared `payload`/`vector` selection of answers.
 */
import { compileFilter } from './filter';
import { isObject } from './http-io';
import { dimensionError, unsupported, validatorError, vectorNameError, wrongInput, type QdrantError } from './qdrant-errors';
import { compareIds, idKey, normalizeId } from './qdrant-ids';
import type { Collection, PointId, SparseVec, StoredPoint } from './qdrant-types';

/** `{operation_id, status}`: "completed" with `?wait=true`, else "acknowledged". */
export function updateResult(collection: Collection, wait: boolean): Record<string, unknown> {
  collection.operationId += 1;
  return { operation_id: collection.operationId, status: wait ? 'completed' : 'acknowledged' };
}

/** `PUT /collections/{c}/points` (PointsList or PointsBatch). All points are checked before any is stored. */
export function upsertPoints(collection: Collection, body: Record<string, unknown>, wait: boolean): Record<string, unknown> {
  if (body.update_filter !== undefined && body.update_filter !== null) throw unsupported('update_filter');
  const points = isObject(body.batch) ? batchToPoints(body.batch) : (body.points as Record<string, unknown>[]);
  // Validation (422) comes first on the server: it runs when the body is extracted.
  points.forEach((p, i) => checkVectorShapes(p.vector, `points[${i}].vector`));
  const prepared = points.map((p) => ({ id: normalizeId(p.id as PointId), ...storeVectors(collection, p.vector), payload: p.payload }));
  const mode = body.update_mode ?? 'upsert';
  const result = updateResult(collection, wait);
  for (const p of prepared) {
    const key = idKey(p.id);
    const exists = collection.points.has(key);
    if ((mode === 'insert_only' && exists) || (mode === 'update_only' && !exists)) continue;
    collection.points.set(key, {
      id: p.id,
      version: collection.operationId,
      dense: p.dense,
      sparse: p.sparse,
      payload: isObject(p.payload) ? structuredClone(p.payload) : {},
    });
  }
  return result;
}

function batchToPoints(batch: Record<string, unknown>): Record<string, unknown>[] {
  const ids = batch.ids as PointId[];
  const vectors = batch.vectors;
  const payloads = (batch.payloads as unknown[] | null | undefined) ?? [];
  return ids.map((id, i) => ({
    id,
    vector: Array.isArray(vectors)
      ? vectors[i]
      : Object.fromEntries(Object.entries(vectors as Record<string, unknown[]>).map(([name, list]) => [name, list[i]])),
    payload: payloads[i],
  }));
}

/** The checks the server's validator makes on vectors before touching any collection. */
function checkVectorShapes(vector: unknown, path: string): void {
  const check = (v: unknown, at: string) => {
    if (Array.isArray(v) && v.length === 0) throw validatorError(at, 'dense vector must not be empty');
    if (isObject(v) && Array.isArray(v.indices)) {
      const sparse = v as unknown as SparseVec;
      if (new Set(sparse.indices).size !== sparse.indices.length) throw validatorError(`${at}.indices`, 'must be unique');
      if (sparse.values.length !== sparse.indices.length) throw validatorError(`${at}.values`, 'must be the same length as indices');
    }
  };
  // Qdrant prints the named-vector slot as `?` (a known quirk of its validation paths).
  if (isObject(vector) && !isInference(vector)) for (const v of Object.values(vector)) check(v, `${path}.?`);
  else check(vector, path);
}

/** Turns a point's `vector` into stored vectors, with the server's name and dimension errors. */
export function storeVectors(collection: Collection, vector: unknown): Pick<StoredPoint, 'dense' | 'sparse'> {
  const dense = new Map<string, number[]>();
  const sparse = new Map<string, SparseVec>();
  const entries: [string, unknown][] = Array.isArray(vector) ? [['', vector]] : Object.entries(vector as Record<string, unknown>);
  if (isObject(vector) && isInference(vector)) throw unsupported('Inference (Document/Image/Object vectors)');
  for (const [name, v] of entries) {
    if (Array.isArray(v)) {
      if (v.some(Array.isArray)) throw unsupported('Multi-vectors');
      dense.set(name, denseFor(collection, name, v as number[]));
    } else if (isObject(v) && Array.isArray(v.indices)) {
      if (!collection.sparse.has(name)) throw collection.dense.has(name) ? conversionError() : vectorNameError(name);
      sparse.set(name, sortSparse(v as unknown as SparseVec));
    } else {
      throw unsupported('Inference (Document/Image/Object vectors)');
    }
  }
  return { dense, sparse };
}

/** Checks a dense vector against the collection and returns it as stored (f32; unit length for Cosine). */
export function denseFor(collection: Collection, name: string, vector: number[]): number[] {
  const params = collection.dense.get(name);
  if (!params) throw collection.sparse.has(name) ? conversionError() : vectorNameError(name);
  if (vector.length !== params.size) throw dimensionError(params.size, vector.length);
  if (params.distance !== 'Cosine') return vector.map(Math.fround);
  const norm = Math.sqrt(vector.reduce((s, x) => s + x * x, 0));
  return vector.map((x) => Math.fround(norm === 0 ? x : x / norm));
}

function conversionError(): QdrantError {
  return wrongInput('Conversion between sparse and regular vectors failed');
}

/** A sparse vector as Qdrant stores it: sorted by index, f32 values. */
export function sortSparse(v: SparseVec): SparseVec {
  const order = v.indices.map((_, i) => i).sort((a, b) => (v.indices[a] ?? 0) - (v.indices[b] ?? 0));
  return { indices: order.map((i) => v.indices[i] ?? 0), values: order.map((i) => Math.fround(v.values[i] ?? 0)) };
}

function isInference(v: Record<string, unknown>): boolean {
  return (typeof v.text === 'string' || typeof v.image === 'string' || 'object' in v) && typeof v.model === 'string';
}

/** `POST /collections/{c}/points/delete` by ids or by filter. */
export function deletePoints(collection: Collection, body: Record<string, unknown>, wait: boolean): Record<string, unknown> {
  if (Array.isArray(body.points)) {
    for (const id of body.points as PointId[]) collection.points.delete(idKey(id));
  } else {
    const keep = compileFilter(body.filter);
    for (const [key, point] of collection.points) if (keep(point)) collection.points.delete(key);
  }
  return updateResult(collection, wait);
}

/** Points passing a filter, in Qdrant's id order. */
export function filteredPoints(collection: Collection, filter: unknown): StoredPoint[] {
  const keep = compileFilter(filter);
  return [...collection.points.values()].filter(keep).sort((a, b) => compareIds(a.id, b.id));
}

/** `POST /collections/{c}/points/scroll`: pages in id order from `offset` (inclusive). */
export function scrollPoints(collection: Collection, body: Record<string, unknown>): Record<string, unknown> {
  if (body.order_by !== undefined && body.order_by !== null) throw unsupported('order_by');
  const limit = (body.limit as number | null | undefined) ?? 10;
  let points = filteredPoints(collection, body.filter);
  if (body.offset !== undefined && body.offset !== null) {
    const start = normalizeId(body.offset as PointId);
    points = points.filter((p) => compareIds(p.id, start) >= 0);
  }
  return {
    points: points.slice(0, limit).map((p) => formatPoint(collection, p, body.with_payload ?? true, body.with_vector ?? false)),
    next_page_offset: points[limit]?.id ?? null,
  };
}

/** `POST /collections/{c}/points/count`. */
export function countPoints(collection: Collection, body: Record<string, unknown>): Record<string, unknown> {
  return { count: filteredPoints(collection, body.filter).length };
}

/** `POST /collections/{c}/points` (retrieve by ids; missing ids are skipped, as in Qdrant). */
export function retrievePoints(collection: Collection, body: Record<string, unknown>): Record<string, unknown>[] {
  return (body.ids as PointId[])
    .map((id) => collection.points.get(idKey(id)))
    .filter((p): p is StoredPoint => p !== undefined)
    .map((p) => formatPoint(collection, p, body.with_payload ?? true, body.with_vector ?? false));
}

/** A `Record`: `payload`/`vector` only when selected (Qdrant skips absent fields). */
export function formatPoint(collection: Collection, point: StoredPoint, withPayload: unknown, withVector: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { id: point.id };
  const payload = selectPayload(point.payload, withPayload);
  if (payload !== undefined) out.payload = payload;
  const vector = selectVectors(collection, point, withVector);
  if (vector !== undefined) out.vector = vector;
  return out;
}

function selectPayload(payload: Record<string, unknown>, selector: unknown): Record<string, unknown> | undefined {
  if (selector === true) return structuredClone(payload);
  const include = Array.isArray(selector) ? (selector as string[]) : isObject(selector) && Array.isArray(selector.include) ? (selector.include as string[]) : undefined;
  if (include) {
    const out: Record<string, unknown> = {};
    for (const key of include) copyPath(payload, out, key.split('.'));
    return out;
  }
  if (isObject(selector) && Array.isArray(selector.exclude)) {
    const out = structuredClone(payload);
    for (const key of selector.exclude as string[]) deletePath(out, key.split('.'));
    return out;
  }
  return undefined;
}

function copyPath(from: Record<string, unknown>, to: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in from)) return;
  const value = from[head];
  if (rest.length === 0) to[head] = structuredClone(value);
  else if (isObject(value)) {
    const child = isObject(to[head]) ? (to[head] as Record<string, unknown>) : {};
    to[head] = child;
    copyPath(value, child, rest);
  }
}

function deletePath(target: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) delete target[head];
  else if (isObject(target[head])) deletePath(target[head] as Record<string, unknown>, rest);
}

function selectVectors(collection: Collection, point: StoredPoint, selector: unknown): unknown {
  if (selector !== true && !Array.isArray(selector)) return undefined;
  if (collection.unnamed && (selector === true || (selector as string[]).includes(''))) return point.dense.get('');
  const wanted = selector === true ? undefined : new Set(selector as string[]);
  const out: Record<string, unknown> = {};
  for (const [name, v] of point.dense) if (!wanted || wanted.has(name)) out[name] = [...v];
  for (const [name, v] of point.sparse) if (!wanted || wanted.has(name)) out[name] = { indices: [...v.indices], values: [...v.values] };
  return out;
}
