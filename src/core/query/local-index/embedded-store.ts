/**
 * The embedded store: answers `VectorStore` queries from the index bundled into the Worker, by
 * exact brute force, with the same scores, filters, thresholds and tie order Qdrant would give.
 */
import { RetrieverError } from '../../common/errors';
import { byScoreThenId } from '../../common/ordering';
import { prefetchDepth, priorCondition, rescore } from '../stores/score-formula';
import type { CollectionInfo, StoreQuery, VectorStore } from '../ports';
import type { DenseVector, PointId, ScoredPoint, SparseVector } from '../../common/types';
import { compileFilter, type PointPredicate } from './filter-eval';
import type { EmbeddedIndex } from './index-types';
import { FIELDS_SPARSE_VECTOR, scoreFields } from './field-index';
import { scoreSparse } from './sparse-scan';
import { TopK } from './top-k';

/** Options of `createEmbeddedStore`. */
export interface EmbeddedStoreOptions {
  /** The collection the caller asked for; when it is not the index's, calls fail with `collection_not_found`. */
  collection?: string;
}

function checkLimit(query: StoreQuery): void {
  if (!Number.isInteger(query.limit) || query.limit < 0) {
    throw new RetrieverError('invalid_request', '`limit` must be a non-negative integer', { params: ['limit'], got: query.limit });
  }
}

/** The query as a unit Float64Array (a zero vector stays zero and scores 0, as in Qdrant). */
function normalizedQuery(vector: DenseVector, dims: number): Float64Array {
  if (vector.length !== dims) {
    throw new RetrieverError('dimension_mismatch', `Query vector has ${vector.length} dimensions but the embedded index expects ${dims}`, {
      expected: dims,
      got: vector.length,
    });
  }
  const q = Float64Array.from(vector);
  let norm = 0;
  for (let c = 0; c < dims; c++) norm += q[c]! * q[c]!;
  if (!Number.isFinite(norm)) throw new RetrieverError('invalid_request', 'The query vector has a non-finite component', { params: ['vector'] });
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let c = 0; c < dims; c++) q[c]! *= inv;
  }
  return q;
}

function denseTopK(index: EmbeddedIndex, q: Float64Array, top: TopK, threshold: number, pass: PointPredicate | null): void {
  const { vectors, dims } = index.dense;
  const n = index.size;
  const tail = dims - (dims % 4);
  for (let p = 0, base = 0; p < n; p++, base += dims) {
    // Four independent accumulators let the CPU overlap the multiply-adds.
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    let c = 0;
    for (; c < tail; c += 4) {
      s0 += vectors[base + c]! * q[c]!;
      s1 += vectors[base + c + 1]! * q[c + 1]!;
      s2 += vectors[base + c + 2]! * q[c + 2]!;
      s3 += vectors[base + c + 3]! * q[c + 3]!;
    }
    for (; c < dims; c++) s0 += vectors[base + c]! * q[c]!;
    const score = s0 + s1 + s2 + s3;
    if (score < threshold || !top.accepts(p, score)) continue;
    // The filter runs only on points that would make the cut: most payloads are never parsed.
    if (pass && !pass(index.payload(p), index.ids[p]!)) continue;
    top.push(p, score);
  }
}

function checkSparse(vector: SparseVector): void {
  const { indices, values } = vector;
  if (!Array.isArray(indices) || !Array.isArray(values) || indices.length !== values.length) {
    throw new RetrieverError('invalid_request', 'A sparse vector needs `indices` and `values` of the same length', { params: ['sparse'] });
  }
  const seen = new Set<number>();
  indices.forEach((i, k) => {
    if (!Number.isInteger(i) || i < 0 || i > 0xffffffff || seen.has(i)) {
      throw new RetrieverError('invalid_request', 'Sparse indices must be unique unsigned 32-bit integers', { params: ['sparse'], index: i });
    }
    if (!Number.isFinite(values[k])) throw new RetrieverError('invalid_request', 'Sparse values must be finite numbers', { params: ['sparse'] });
    seen.add(i);
  });
}

const positionCache = new WeakMap<EmbeddedIndex, Map<string, number>>();

/** Point position by id (as a string: Qdrant ids are integers or UUIDs, never both equal), built once per index. */
function positionsOf(index: EmbeddedIndex): Map<string, number> {
  let positions = positionCache.get(index);
  if (!positions) {
    // A plain loop, as for the LSA vocabulary (lsa-model.ts): it runs once, cold, over every point.
    positions = new Map();
    for (let point = 0; point < index.ids.length; point++) positions.set(String(index.ids[point]), point);
    positionCache.set(index, positions);
  }
  return positions;
}

/**
 * A `VectorStore` over a decoded embedded index (see `decodeIndex`).
 *
 * @example
 * const store = createEmbeddedStore(decodeIndex(indexBin));
 * const [hits] = await store.queryBatch([{ dense: { vector: embedWithLsa(index.lsa!, q) }, limit: 5 }]);
 */
export function createEmbeddedStore(index: EmbeddedIndex, options: EmbeddedStoreOptions = {}): VectorStore {
  const collection = options.collection ?? index.collection;
  const ensureCollection = (): void => {
    if (collection !== index.collection) {
      throw new RetrieverError('collection_not_found', `Collection "${collection}" does not exist in the embedded index; it holds "${index.collection}"`, {
        collection,
        available: [index.collection],
      });
    }
  };
  const denseNames = [index.dense.name];
  const sparseName = index.sparse.name;

  /** The top `limit` points of one list by raw score (filter and threshold applied). */
  const search = (query: StoreQuery, limit: number, threshold: number, pass: PointPredicate | null): { point: number; score: number }[] => {
    const top = new TopK(limit, index.ids);
    if (query.dense && !query.sparse) {
      const name = query.dense.using ?? '';
      if (name !== index.dense.name) {
        throw new RetrieverError('invalid_request', `The embedded index has no dense vector named "${name}"`, {
          params: ['using'],
          available_vectors: denseNames.map((n) => n || '(unnamed)'),
        });
      }
      denseTopK(index, normalizedQuery(query.dense.vector, index.dense.dims), top, threshold, pass);
    } else if (query.sparse && !query.dense) {
      if (query.sparse.using !== sparseName) {
        throw new RetrieverError('invalid_request', `The embedded index has no sparse vector named "${query.sparse.using}"`, {
          params: ['using'],
          available_sparse_vectors: [sparseName],
        });
      }
      if (index.sparse.indices.length === 0) {
        throw new RetrieverError('mode_unavailable', 'The embedded index holds no BM25 vectors: keyword search is unavailable', { mode: 'keyword' });
      }
      checkSparse(query.sparse.vector);
      const { touched, scores } = scoreSparse(index, query.sparse.vector);
      for (const p of touched) {
        const score = scores[p]!;
        if (score < threshold || !top.accepts(p, score)) continue;
        if (pass && !pass(index.payload(p), index.ids[p]!)) continue;
        top.push(p, score);
      }
    } else {
      throw new RetrieverError('invalid_request', 'A store query needs exactly one of `dense` or `sparse`', { params: ['query'] });
    }
    return top.sorted();
  };

  /**
   * Qdrant's formula rescoring (see score-formula.ts), over the same candidates Qdrant sees: the
   * top `prefetchDepth(limit)` of the list, then the prior applied, re-sorted, threshold, cut.
   */
  const rescored = (query: StoreQuery, pass: PointPredicate | null): { point: number; score: number }[] => {
    const depth = prefetchDepth(query.limit, { keyword: query.sparse !== undefined, priors: query.priors });
    const main = new Map(search(query, depth, -Infinity, pass).map((hit) => [hit.point, hit.score]));
    const fields = query.sparse ? query.fields : undefined;
    const field = new Map<number, number>();
    if (fields) {
      const top = new TopK(depth, index.ids);
      for (const [p, score] of scoreFields(index, fields.vector)) {
        if (!top.accepts(p, score) || (pass && !pass(index.payload(p), index.ids[p]!))) continue;
        top.push(p, score);
      }
      for (const hit of top.sorted()) field.set(hit.point, hit.score);
    }
    const priors = query.priors ?? [];
    const matchers = priors.map((prior) => compileFilter({ must: [priorCondition(prior)] })!);
    const threshold = query.scoreThreshold ?? -Infinity;
    return [...new Set([...main.keys(), ...field.keys()])]
      .map((point) => {
        const matched = matchers.map((matches) => matches(index.payload(point), index.ids[point]!));
        return { point, id: index.ids[point]!, score: rescore(main.get(point), field.get(point), fields, matched, priors) };
      })
      .filter((hit) => hit.score >= threshold)
      .sort(byScoreThenId)
      .slice(0, query.limit);
  };

  const runOne = (query: StoreQuery): ScoredPoint[] => {
    checkLimit(query);
    if (query.fields && query.fields.using !== FIELDS_SPARSE_VECTOR) {
      throw new RetrieverError('invalid_request', `The embedded index has no sparse vector named "${query.fields.using}"`, {
        params: ['using'],
        available_sparse_vectors: [sparseName, FIELDS_SPARSE_VECTOR],
      });
    }
    if (query.fields) checkSparse(query.fields.vector);
    const pass = compileFilter(query.filter);
    const hits = query.priors?.length || query.fields ? rescored(query, pass) : search(query, query.limit, query.scoreThreshold ?? -Infinity, pass);
    const { vectors, dims } = index.dense;
    return hits.map(({ point, score }) => {
      // Copies, so a caller mutating a result cannot corrupt the cached payloads or the index.
      const hit: ScoredPoint = { id: index.ids[point]!, score, payload: structuredClone(index.payload(point)) };
      // The dense vector even for keyword queries: MMR, its only user, compares dense vectors.
      if (query.withVector) hit.vector = vectors.slice(point * dims, (point + 1) * dims);
      return hit;
    });
  };

  return {
    kind: 'embedded',
    collection,
    async describe(): Promise<CollectionInfo> {
      ensureCollection();
      return {
        name: index.collection,
        pointsCount: index.size,
        denseVectors: { [index.dense.name]: { size: index.dense.dims, distance: 'Cosine' } },
        // The titles-and-headings field is derived from the payloads (field-index.ts): always there.
        sparseVectors: { [sparseName]: { modifier: 'idf' }, [FIELDS_SPARSE_VECTOR]: { modifier: 'idf' } },
        metadata: {
          embedder: index.embedder,
          index: { format_version: index.formatVersion, created_at: index.createdAt },
          bm25: { avg_len: index.bm25.avgLen },
        },
      };
    },
    async queryBatch(queries: StoreQuery[]): Promise<ScoredPoint[][]> {
      ensureCollection();
      return queries.map(runOne);
    },
    async retrieve(ids: PointId[]) {
      ensureCollection();
      const positions = positionsOf(index);
      return ids.flatMap((id) => {
        const point = positions.get(String(id));
        return point === undefined ? [] : [{ id: index.ids[point]!, payload: structuredClone(index.payload(point)) }];
      });
    },
  };
}
