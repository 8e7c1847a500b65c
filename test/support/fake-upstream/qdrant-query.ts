/**
 * The fake Qdrant's Query API (`points/query`, `points/query/batch`): exact (brute-force)
 * nearest-neighbour search over dense vectors, sparse dot product with optional server-side IDF,
 * prefetch + fusion (RRF, DBSF) or formula rescoring (qdrant-formula.ts), filters, score_threshold,
 * limit/offset and output selection.
 *
 * RRF as in Qdrant: score = Σ_lists 1 / ((rank + 1) / w + k − 1) with 0-based ranks, default
 * k = 2 and weight w = 1, i.e. 1 / (rank + 2): the top hit of one list adds 1/2.
 * DBSF as in Qdrant: each list normalized with mean ± 3·(sample std) as 0 and 1 (a list of one →
 * 0.5), then summed.
 */
import { compileFilter, type PointPredicate } from './filter';
import { applyFormula } from './qdrant-formula';
import { checkStrictFilters } from './qdrant-strict';
import { isObject } from './http-io';
import { badRequest, QdrantError, unsupported, validatorError, vectorNameError } from './qdrant-errors';
import { compareIds, idKey } from './qdrant-ids';
import { denseFor, formatPoint, sortSparse } from './qdrant-points';
import type { Collection, PointId, SparseVec, StoredPoint } from './qdrant-types';

interface Scored {
  point: StoredPoint;
  score: number;
}

/** A ranked list and which way its scores point (distances: smaller is better). */
interface Ranked {
  hits: Scored[];
  smallerBetter: boolean;
}

const DEFAULT_RRF_K = 2;
const OTHER_QUERIES = ['recommend', 'discover', 'context', 'order_by', 'sample', 'relevance_feedback'];

/**
 * Runs one `QueryRequest` and returns the `QueryResponse` (`{points}`).
 *
 * @example
 * runQuery(collection, { query: [0.1, 0.9], limit: 3, with_payload: true });
 */
export function runQuery(collection: Collection, request: Record<string, unknown>): Record<string, unknown> {
  if (request.lookup_from !== undefined && request.lookup_from !== null) throw unsupported('lookup_from');
  checkStrictFilters(collection, request);
  const ranked = execute(collection, request, () => true, true);
  const offset = (request.offset as number | null | undefined) ?? 0;
  const limit = (request.limit as number | null | undefined) ?? 10;
  return {
    points: ranked.hits.slice(offset, offset + limit).map(({ point, score }) => ({
      ...withVersion(formatPoint(collection, point, request.with_payload ?? false, request.with_vector ?? false), point.version),
      score,
    })),
  };
}

function withVersion(record: Record<string, unknown>, version: number): Record<string, unknown> {
  const { id, ...rest } = record;
  return { id, version, ...rest };
}

/** One level of the request tree; the parent's filter applies to every prefetch below it. */
function execute(collection: Collection, request: Record<string, unknown>, parentFilter: PointPredicate, root: boolean): Ranked {
  const own = compileFilter(request.filter);
  const keep: PointPredicate = (p) => parentFilter(p) && own(p);
  const prefetches = request.prefetch === undefined || request.prefetch === null ? [] : Array.isArray(request.prefetch) ? request.prefetch : [request.prefetch];
  let query: unknown = request.query ?? undefined;
  if (isObject(query) && 'nearest' in query) {
    if (query.mmr !== undefined && query.mmr !== null) throw unsupported('MMR (`nearest.mmr`)');
    query = query.nearest;
  }
  const fusion = isObject(query) ? fusionOf(query, prefetches.length) : undefined;
  let ranked: Ranked;
  if (prefetches.length > 0) {
    const lists = prefetches.map((p) => execute(collection, p as Record<string, unknown>, keep, false));
    if (fusion) ranked = fusion(lists);
    else if (query === undefined) throw badRequest("A query is needed to merge the prefetches. Can't have prefetches without defining a query.");
    else {
      const union = new Map<string, StoredPoint>();
      for (const list of lists) for (const hit of list.hits) union.set(idKey(hit.point.id), hit.point);
      ranked = scoreByVector(collection, [...union.values()], query, request.using as string | undefined);
    }
  } else if (fusion) {
    throw badRequest(isObject(query) && 'formula' in query ? 'Formula queries need at least one prefetch to rescore' : 'Fusion queries need prefetches to fuse');
  } else {
    const candidates = [...collection.points.values()].filter(keep);
    ranked =
      query === undefined
        ? { hits: candidates.map((point) => ({ point, score: 0 })), smallerBetter: false }
        : scoreByVector(collection, candidates, query, request.using as string | undefined);
  }
  const threshold = request.score_threshold as number | null | undefined;
  let hits = ranked.hits;
  if (typeof threshold === 'number') hits = hits.filter((h) => (ranked.smallerBetter ? h.score <= threshold : h.score >= threshold));
  hits.sort((a, b) => (ranked.smallerBetter ? a.score - b.score : b.score - a.score) || compareIds(a.point.id, b.point.id));
  // Only the root request has an offset; a prefetch returns its own `limit` (default 10).
  if (!root) hits = hits.slice(0, (request.limit as number | null | undefined) ?? 10);
  return { hits, smallerBetter: ranked.smallerBetter };
}

function fusionOf(query: Record<string, unknown>, lists: number): ((ranked: Ranked[]) => Ranked) | undefined {
  if ('formula' in query) return (ranked) => ({ hits: applyFormula(query, ranked.map((r) => r.hits)), smallerBetter: false });
  if (query.fusion === 'rrf') return (r) => rrf(r, DEFAULT_RRF_K, []);
  if (query.fusion === 'dbsf') return dbsf;
  if (isObject(query.rrf)) {
    const k = (query.rrf.k as number | null | undefined) ?? DEFAULT_RRF_K;
    const weights = (query.rrf.weights as number[] | null | undefined) ?? [];
    if (weights.length > 0 && weights.length !== lists) throw badRequest(`Number of RRF weights (${weights.length}) must match the number of prefetches (${lists})`);
    return (r) => rrf(r, k, weights);
  }
  const other = OTHER_QUERIES.find((key) => key in query);
  if (other) throw unsupported(`The \`${other}\` query`);
  return undefined;
}

function rrf(lists: Ranked[], k: number, weights: number[]): Ranked {
  const scores = new Map<string, Scored>();
  lists.forEach((list, i) => {
    const w = weights[i] ?? 1;
    list.hits.forEach((hit, rank) => add(scores, hit.point, 1 / ((rank + 1) / w + k - 1)));
  });
  return { hits: [...scores.values()].map((s) => ({ ...s, score: Math.fround(s.score) })), smallerBetter: false };
}

function dbsf(lists: Ranked[]): Ranked {
  const scores = new Map<string, Scored>();
  for (const list of lists) {
    const n = list.hits.length;
    const mean = list.hits.reduce((s, h) => s + h.score, 0) / n;
    const std = n > 1 ? Math.sqrt(list.hits.reduce((s, h) => s + (h.score - mean) ** 2, 0) / (n - 1)) : 0;
    const [low, high] = [mean - 3 * std, mean + 3 * std];
    for (const hit of list.hits) {
      const normalized = n === 1 || high === low ? 0.5 : (hit.score - low) / (high - low);
      add(scores, hit.point, list.smallerBetter && n > 1 && high !== low ? 1 - normalized : normalized);
    }
  }
  return { hits: [...scores.values()].map((s) => ({ ...s, score: Math.fround(s.score) })), smallerBetter: false };
}

function add(scores: Map<string, Scored>, point: StoredPoint, score: number): void {
  const key = idKey(point.id);
  const entry = scores.get(key);
  if (entry) entry.score += score;
  else scores.set(key, { point, score });
}

/** Scores candidates against a dense vector, a sparse vector or the vector of a point id. */
function scoreByVector(collection: Collection, candidates: StoredPoint[], query: unknown, using = ''): Ranked {
  if (typeof query === 'number' || typeof query === 'string') return scoreByPointId(collection, candidates, query, using);
  if (Array.isArray(query)) {
    if (query.some(Array.isArray)) throw unsupported('Multi-vector queries');
    const params = collection.dense.get(using);
    const q = denseFor(collection, using, query as number[]);
    const distance = params?.distance ?? 'Cosine';
    const hits = candidates.flatMap((point) => {
      const v = point.dense.get(using);
      return v ? [{ point, score: Math.fround(denseScore(distance, q, v)) }] : [];
    });
    return { hits, smallerBetter: distance === 'Euclid' || distance === 'Manhattan' };
  }
  if (isObject(query) && Array.isArray(query.indices)) return scoreSparse(collection, candidates, query as unknown as SparseVec, using);
  if (isObject(query)) {
    const other = OTHER_QUERIES.find((key) => key in query);
    throw unsupported(other ? `The \`${other}\` query` : 'Inference (Document/Image/Object queries)');
  }
  throw badRequest('Unsupported query');
}

function denseScore(distance: string, q: number[], v: number[]): number {
  let acc = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i] ?? 0;
    const b = v[i] ?? 0;
    acc += distance === 'Euclid' ? (a - b) ** 2 : distance === 'Manhattan' ? Math.abs(a - b) : a * b;
  }
  return distance === 'Euclid' ? Math.sqrt(acc) : acc;
}

/**
 * Sparse dot product over shared indices. With `modifier: idf` each query weight is multiplied
 * by idf = ln((N − df + 0.5) / (df + 0.5) + 1), N = points in the collection, df = points whose
 * vector has that index. Points sharing no index are not found at all (inverted index).
 */
function scoreSparse(collection: Collection, candidates: StoredPoint[], query: SparseVec, using: string): Ranked {
  if (new Set(query.indices).size !== query.indices.length) throw validatorError('query.indices', 'must be unique');
  if (query.values.length !== query.indices.length) throw validatorError('query.values', 'must be the same length as indices');
  const params = collection.sparse.get(using);
  if (!params) throw vectorNameError(using);
  const q = sortSparse(query);
  const weights = new Map<number, number>();
  const n = collection.points.size;
  q.indices.forEach((index, i) => {
    let weight = q.values[i] ?? 0;
    if (params.modifier === 'idf') {
      let df = 0;
      for (const p of collection.points.values()) if (p.sparse.get(using)?.indices.includes(index)) df += 1;
      weight *= Math.log((n - df + 0.5) / (df + 0.5) + 1);
    }
    weights.set(index, weight);
  });
  const hits = candidates.flatMap((point) => {
    const v = point.sparse.get(using);
    if (!v) return [];
    let score = 0;
    let shared = false;
    v.indices.forEach((index, i) => {
      const w = weights.get(index);
      if (w !== undefined) {
        shared = true;
        score += w * (v.values[i] ?? 0);
      }
    });
    return shared ? [{ point, score: Math.fround(score) }] : [];
  });
  return { hits, smallerBetter: false };
}

/** Query by example: the vector of a stored point, which is itself left out of the results. */
function scoreByPointId(collection: Collection, candidates: StoredPoint[], id: PointId, using: string): Ranked {
  const source = collection.points.get(idKey(id));
  if (!source) throw new QdrantError(404, `Not found: No point with id ${String(id)} found`);
  const others = candidates.filter((p) => idKey(p.id) !== idKey(id));
  const dense = source.dense.get(using);
  if (dense) return scoreByVector(collection, others, dense, using);
  const sparse = source.sparse.get(using);
  if (sparse) return scoreSparse(collection, others, sparse, using);
  throw vectorNameError(using);
}
