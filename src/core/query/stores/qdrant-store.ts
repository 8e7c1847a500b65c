/**
 * Qdrant over REST with injected fetch. Qdrant's schema types come from `@qdrant/js-client-rest`
 * (type-only); its runtime is not used because it cannot take an injected fetch or a per-request
 * deadline, and it adds an extra `GET /` per client unless told otherwise (README, "Dependencies").
 */
import type { Schemas } from '@qdrant/js-client-rest';
import { RetrieverError } from '../../common/errors';
import type { Deadline } from '../../common/http/deadline';
import { upstreamFetch, type FetchLike, type UpstreamFailure } from '../../common/http/upstream-fetch';
import type { ScoredPoint } from '../../common/types';
import { closestName } from './closest-name';
import type { CollectionInfo, StoreQuery, VectorStore } from './vector-store';

/** Connection settings for one collection. */
export interface QdrantStoreOptions {
  url: string;
  apiKey?: string | undefined;
  collection: string;
  fetch: FetchLike;
  deadline: Deadline;
  timeoutMs: number;
  onAttempt?: () => void;
}

type QueryResponse = { result: Schemas['QueryResponse'] };
type BatchResponse = { result: Schemas['QueryResponse'][] };
type CollectionResponse = { result: Schemas['CollectionInfo'] };
type CollectionsResponse = { result: Schemas['CollectionsResponse'] };

/**
 * A `VectorStore` backed by a Qdrant collection. Several queries go out as one
 * `points/query/batch` call: one round trip whatever the mode.
 *
 * @example
 * const store = createQdrantStore({ url, apiKey, collection: 'textbook_chunks', fetch, deadline, timeoutMs: 5000 });
 * const [hits] = await store.queryBatch([{ dense: { vector }, limit: 5 }]);
 */
export function createQdrantStore(options: QdrantStoreOptions): VectorStore & {
  request<T>(method: string, path: string, body?: unknown, map404?: boolean): Promise<T>;
  listCollections(): Promise<string[]>;
} {
  const base = options.url.replace(/\/+$/, '');
  const collectionPath = `/collections/${encodeURIComponent(options.collection)}`;

  const request = async <T>(method: string, path: string, body?: unknown, map404 = true): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers['api-key'] = options.apiKey;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await upstreamFetch(
      `${base}${path}`,
      init,
      {
        fetch: options.fetch,
        deadline: options.deadline,
        timeoutMs: options.timeoutMs,
        service: 'Qdrant',
        failureCode: 'vector_store_unavailable',
        unreachableCode: 'vector_store_unavailable',
        ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
      },
      (failure) => mapFailure(failure, map404),
    );
    return (await response.json()) as T;
  };

  const listCollections = async (): Promise<string[]> => {
    const json = await request<CollectionsResponse>('GET', '/collections', undefined, false);
    return json.result.collections.map((c) => c.name).sort();
  };

  const mapFailure = async (failure: UpstreamFailure, map404: boolean): Promise<RetrieverError | undefined> => {
    const message = qdrantMessage(failure.snippet);
    if (failure.status === 404 && map404 && /collection/i.test(message)) {
      const available = await listCollections().catch(() => [] as string[]);
      const suggestion = closestName(options.collection, available);
      return new RetrieverError(
        'collection_not_found',
        `Collection "${options.collection}" does not exist${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
        { collection: options.collection, available, suggestion },
      );
    }
    const dims = /expected dim: (\d+), got (\d+)/.exec(message);
    if (failure.status === 400 && dims) {
      return new RetrieverError('dimension_mismatch', `Query vector has ${dims[2]} dimensions but the collection expects ${dims[1]}`, {
        expected: Number(dims[1]),
        got: Number(dims[2]),
      });
    }
    if (failure.status === 401 || failure.status === 403) {
      return new RetrieverError('vector_store_error', `Qdrant rejected the credentials (${failure.status}); check QDRANT_API_KEY`, {
        upstream: 'qdrant',
        upstream_status: failure.status,
      });
    }
    if (failure.status >= 400 && failure.status < 500) {
      return new RetrieverError('vector_store_error', `Qdrant rejected the request (${failure.status}): ${message}`, {
        upstream: 'qdrant',
        upstream_status: failure.status,
      });
    }
    return undefined;
  };

  return {
    kind: 'qdrant',
    collection: options.collection,
    request,
    listCollections,
    async describe() {
      const json = await request<CollectionResponse>('GET', collectionPath);
      return toCollectionInfo(options.collection, json.result);
    },
    async queryBatch(queries) {
      const bodies = queries.map(toQueryRequest);
      if (bodies.length === 1) {
        const json = await request<QueryResponse>('POST', `${collectionPath}/points/query`, bodies[0]);
        return [json.result.points.map(toScoredPoint)];
      }
      const json = await request<BatchResponse>('POST', `${collectionPath}/points/query/batch`, { searches: bodies });
      return json.result.map((r) => r.points.map(toScoredPoint));
    },
  };
}

/** Translates a store query into Qdrant's `QueryRequest`. */
export function toQueryRequest(query: StoreQuery): Schemas['QueryRequest'] {
  const body: Schemas['QueryRequest'] = { limit: query.limit, with_payload: true };
  if (query.dense) {
    body.query = Array.from(query.dense.vector);
    if (query.dense.using) body.using = query.dense.using;
    if (query.withVector) body.with_vector = query.dense.using ? [query.dense.using] : true;
  } else if (query.sparse) {
    body.query = { indices: query.sparse.vector.indices, values: query.sparse.vector.values };
    body.using = query.sparse.using;
    // MMR over keyword hits needs their dense vectors; the sparse one is skipped when mapping.
    if (query.withVector) body.with_vector = true;
  }
  if (query.filter) body.filter = query.filter;
  if (query.scoreThreshold !== undefined) body.score_threshold = query.scoreThreshold;
  return body;
}

function toScoredPoint(point: Schemas['ScoredPoint']): ScoredPoint {
  const scored: ScoredPoint = { id: point.id, score: point.score, payload: (point.payload ?? {}) as Record<string, unknown> };
  const vector = point.vector;
  if (Array.isArray(vector)) scored.vector = vector as number[];
  else if (vector && typeof vector === 'object') {
    const first = Object.values(vector).find(Array.isArray);
    if (first) scored.vector = first as number[];
  }
  return scored;
}

function toCollectionInfo(name: string, info: Schemas['CollectionInfo']): CollectionInfo {
  const vectors = info.config.params.vectors as Record<string, unknown> | undefined;
  const denseVectors: CollectionInfo['denseVectors'] = {};
  if (vectors && typeof vectors.size === 'number') {
    denseVectors[''] = { size: vectors.size, distance: String(vectors.distance) };
  } else if (vectors) {
    for (const [vectorName, params] of Object.entries(vectors as Record<string, { size: number; distance: string }>)) {
      denseVectors[vectorName] = { size: params.size, distance: String(params.distance) };
    }
  }
  const sparseVectors: CollectionInfo['sparseVectors'] = {};
  for (const [sparseName, params] of Object.entries(info.config.params.sparse_vectors ?? {})) {
    sparseVectors[sparseName] = { modifier: String(params?.modifier ?? 'none') };
  }
  return {
    name,
    pointsCount: info.points_count ?? null,
    denseVectors,
    sparseVectors,
    metadata: (info.config.metadata ?? {}) as Record<string, unknown>,
  };
}

function qdrantMessage(snippet: string): string {
  try {
    const parsed = JSON.parse(snippet) as { status?: { error?: string } };
    return parsed.status?.error ?? snippet;
  } catch {
    return snippet;
  }
}
