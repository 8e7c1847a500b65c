/**
 * Checks the shape of Qdrant's successful answers (query, retrieve by id, collection info) before
 * anything reads them. A 200 whose JSON is not what the API documents (a proxy's page, a version mismatch, a truncated-but-valid
 * prefix) is Qdrant's failure — 502 `vector_store_error` — not a TypeError deep in the pipeline.
 */
import type { Schemas } from '@qdrant/js-client-rest';
import { RetrieverError } from '../../common/errors';

type Point = Schemas['ScoredPoint'];
type Info = Schemas['CollectionInfo'];
type StoredRecord = Schemas['Record'];

/**
 * The points of each list in a `points/query` (one list) or `points/query/batch` answer.
 *
 * @example
 * const [hits] = queryResultPoints(json, 1);
 */
export function queryResultPoints(json: unknown, lists: number): Point[][] {
  const result = (json as { result?: unknown } | null)?.result;
  const groups = lists === 1 && !Array.isArray(result) ? [result] : result;
  if (!Array.isArray(groups) || groups.length !== lists) {
    throw malformed(`expected ${lists} result list${lists === 1 ? '' : 's'}`);
  }
  return groups.map((group, i) => {
    const points = (group as { points?: unknown } | null)?.points;
    if (!Array.isArray(points)) throw malformed(`result ${i} has no points array`);
    points.forEach((point, j) => {
      if (!isPoint(point)) throw malformed(`result ${i}, point ${j} lacks a valid id or score`);
    });
    return points as Point[];
  });
}

/**
 * The records of a `POST /collections/{name}/points` (retrieve by id) answer, each with a valid id
 * and a payload that is an object (or absent).
 *
 * @example
 * const records = retrieveResultRecords(json);
 */
export function retrieveResultRecords(json: unknown): StoredRecord[] {
  const result = (json as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) throw malformed('retrieve result is not an array');
  result.forEach((record, i) => {
    if (!isRecord(record)) throw malformed(`retrieve record ${i} lacks a valid id or payload`);
  });
  return result as StoredRecord[];
}

/** The `result` of `GET /collections/{name}`, checked down to what `describe` reads. */
export function collectionInfoResult(json: unknown): Info {
  const result = (json as { result?: unknown } | null)?.result as Info | undefined;
  const params = result?.config?.params as Record<string, unknown> | undefined;
  if (!params || typeof params !== 'object') throw malformed('collection info has no config.params');
  const vectors = params.vectors;
  if (vectors !== undefined && (typeof vectors !== 'object' || vectors === null)) throw malformed('config.params.vectors is not an object');
  const sparse = params.sparse_vectors;
  if (sparse !== undefined && sparse !== null && typeof sparse !== 'object') throw malformed('config.params.sparse_vectors is not an object');
  return result as Info;
}

function isPoint(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { score } = value as Record<string, unknown>;
  return typeof score === 'number' && Number.isFinite(score);
}

/** A point as retrieve gives it: an id, and a payload that is an object when present. */
function isRecord(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { id, payload } = value as Record<string, unknown>;
  const idOk = (typeof id === 'number' && Number.isFinite(id)) || typeof id === 'string';
  const payloadOk = payload === undefined || payload === null || (typeof payload === 'object' && !Array.isArray(payload));
  return idOk && payloadOk;
}

function malformed(what: string): RetrieverError {
  return new RetrieverError('vector_store_error', 'Qdrant answered with an unexpected response shape', { upstream: 'qdrant' }, { internal: `Qdrant: ${what}` });
}
