/**
 * The Qdrant `VectorStore`: store queries → Qdrant's Query API bodies and back, over the Qdrant
 * transport. Qdrant's schema types come from `@qdrant/js-client-rest` (type-only); its runtime is
 * not used because it cannot take an injected fetch or a per-request deadline, and it adds an
 * extra `GET /` per client unless told otherwise (README, "Dependencies").
 */
import type { Schemas } from '@qdrant/js-client-rest';
import type { ScoredPoint } from '../../common/types';
import type { QdrantTransport } from '../../common/upstream/qdrant-transport';
import type { CollectionInfo, StoreQuery, VectorStore } from '../ports';
import { collectionInfoResult, queryResultPoints, retrieveResultRecords } from './qdrant-response';
import { prefetchDepth, qdrantFormula } from './score-formula';

/**
 * A `VectorStore` backed by a Qdrant collection. Several queries go out as one
 * `points/query/batch` call: one round trip whatever the mode.
 *
 * @example
 * const store = createQdrantStore(createQdrantTransport({ url, apiKey, collection: 'textbook_chunks', fetch, deadline, timeoutMs: 5000 }));
 * const [hits] = await store.queryBatch([{ dense: { vector }, limit: 5 }]);
 */
export function createQdrantStore(qdrant: QdrantTransport): VectorStore {
  return {
    kind: 'qdrant',
    collection: qdrant.collection,
    async describe(options) {
      const json = await qdrant.request<unknown>('GET', qdrant.collectionPath(), undefined, options?.once ? { maxAttempts: 1 } : {});
      return toCollectionInfo(qdrant.collection, collectionInfoResult(json));
    },
    async queryBatch(queries) {
      const bodies = queries.map(toQueryRequest);
      const json =
        bodies.length === 1
          ? await qdrant.request<unknown>('POST', qdrant.collectionPath('/points/query'), bodies[0])
          : await qdrant.request<unknown>('POST', qdrant.collectionPath('/points/query/batch'), { searches: bodies });
      return queryResultPoints(json, bodies.length).map((points, i) => {
        const name = denseNameOf(queries[i]!);
        return points.map((point) => toScoredPoint(point, name));
      });
    },
    async retrieve(ids) {
      if (ids.length === 0) return [];
      const json = await qdrant.request<unknown>('POST', qdrant.collectionPath('/points'), { ids, with_payload: true, with_vector: false });
      return retrieveResultRecords(json).map((record) => ({ id: record.id, payload: (record.payload ?? {}) as Record<string, unknown> }));
    },
  };
}

/**
 * Translates a store query into Qdrant's `QueryRequest`. With a prior or a field vector the
 * search becomes prefetch(es) rescored by a formula in the same request (one round trip).
 */
export function toQueryRequest(query: StoreQuery): Schemas['QueryRequest'] {
  const body: Schemas['QueryRequest'] = { limit: query.limit, with_payload: true };
  // MMR compares the hits' dense vectors, keyword hits included: only the searched dense vector is
  // asked for (a collection may hold others, and the sparse ones). The unnamed vector has no name
  // to select it by, so `true` asks for all and toScoredPoint picks it.
  if (query.withVector) {
    const name = denseNameOf(query);
    body.with_vector = name ? [name] : true;
  }
  if (query.filter) body.filter = query.filter;
  if (query.scoreThreshold !== undefined) body.score_threshold = query.scoreThreshold;
  const fields = query.sparse ? query.fields : undefined;
  if (!query.priors?.length && !fields) return { ...body, ...searchOf(query) };
  const depth = prefetchDepth(query.limit, { keyword: query.sparse !== undefined, priors: query.priors });
  const prefetch = (search: ReturnType<typeof searchOf>): Schemas['Prefetch'] => ({ ...search, limit: depth, ...(query.filter ? { filter: query.filter } : {}) });
  body.prefetch = [prefetch(searchOf(query)), ...(fields ? [prefetch({ query: sparseOf(fields.vector), using: fields.using })] : [])];
  body.query = qdrantFormula(query.priors, fields) as Schemas['FormulaQuery'];
  return body;
}

function searchOf(query: StoreQuery): Pick<Schemas['QueryRequest'], 'query' | 'using'> {
  if (query.dense) return { query: Array.from(query.dense.vector), ...(query.dense.using ? { using: query.dense.using } : {}) };
  if (query.sparse) return { query: sparseOf(query.sparse.vector), using: query.sparse.using };
  return {};
}

function sparseOf(vector: { indices: ArrayLike<number>; values: ArrayLike<number> }): Schemas['SparseVector'] {
  return { indices: Array.from(vector.indices), values: Array.from(vector.values) };
}

/** The dense vector a query searches or, for a sparse query, returns (null = the unnamed one). */
function denseNameOf(query: StoreQuery): string | null {
  return (query.dense ? query.dense.using : query.denseUsing) ?? null;
}

/**
 * A hit with its dense vector `name` (null = unnamed) when Qdrant returned it: the bare array is
 * the unnamed vector alone; a map holds it under its name ("" for the unnamed one).
 */
function toScoredPoint(point: Schemas['ScoredPoint'], name: string | null): ScoredPoint {
  const scored: ScoredPoint = { id: point.id, score: point.score, payload: (point.payload ?? {}) as Record<string, unknown> };
  const vector = point.vector;
  if (Array.isArray(vector)) {
    if (name === null) scored.vector = vector as number[];
  } else if (vector && typeof vector === 'object') {
    const named = (vector as Record<string, unknown>)[name ?? ''];
    if (Array.isArray(named)) scored.vector = named as number[];
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
    filtering: {
      strict: info.config.strict_mode_config?.enabled === true && info.config.strict_mode_config.unindexed_filtering_retrieve === false,
      indexed: Object.keys(info.payload_schema ?? {}).sort(),
    },
  };
}
