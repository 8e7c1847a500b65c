import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { ids, queryCollection, type Hit } from './query-collection';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const collection = (create: unknown, points: unknown[]) => queryCollection(fake.url, create, points);

describe('dense queries', () => {
  const points = [
    { id: 1, vector: [1, 0], payload: { name: 'east' } },
    { id: 2, vector: [0.6, 0.8], payload: { name: 'north-east' } },
    { id: 3, vector: [0, 1], payload: { name: 'north' } },
    { id: 4, vector: [-1, 0], payload: { name: 'west' } },
  ];

  it('ranks by cosine with hand-computed scores, without payload by default', async () => {
    const { hits } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, points);
    const result = await hits({ query: [2, 0] });
    expect(ids(result)).toEqual([1, 2, 3, 4]);
    [1, 0.6, 0, -1].forEach((s, i) => expect(result[i]?.score).toBeCloseTo(s, 6));
    expect(result[0]).not.toHaveProperty('payload');
    expect(result[0]).not.toHaveProperty('vector');
    expect(typeof result[0]?.version).toBe('number');
  });

  it('applies limit, offset, score_threshold and output selection', async () => {
    const { hits } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, points);
    expect(ids(await hits({ query: [1, 0], limit: 2, offset: 1 }))).toEqual([2, 3]);
    expect(ids(await hits({ query: [1, 0], score_threshold: 0.5 }))).toEqual([1, 2]);
    const [top] = await hits({ query: [1, 0], limit: 1, with_payload: ['name'], with_vector: true });
    expect(top).toMatchObject({ id: 1, payload: { name: 'east' }, vector: [1, 0] });
    const many = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, vector: [1, i] }));
    const big = await collection({ vectors: { size: 2, distance: 'Dot' } }, many);
    expect(await big.hits({ query: [0, 1] })).toHaveLength(10);
  });

  it('orders Euclid by distance ascending and Dot by raw product', async () => {
    const euclid = await collection({ vectors: { size: 2, distance: 'Euclid' } }, [
      { id: 1, vector: [0, 0] },
      { id: 2, vector: [3, 4] },
      { id: 3, vector: [1, 0] },
    ]);
    const result = await euclid.hits({ query: [0, 0] });
    expect(ids(result)).toEqual([1, 3, 2]);
    expect(result.map((h) => h.score)).toEqual([0, 1, 5]);
    expect(ids(await euclid.hits({ query: [0, 0], score_threshold: 1 }))).toEqual([1, 3]);
    const dot = await collection({ vectors: { size: 2, distance: 'Dot' } }, [
      { id: 1, vector: [1, 2] },
      { id: 2, vector: [3, 1] },
    ]);
    expect((await dot.hits({ query: [1, 1] })).map((h) => [h.id, h.score])).toEqual([[2, 4], [1, 3]]);
  });

  it('answers the server’s errors for dimensions and vector names', async () => {
    const { query } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, points);
    const dims = await query({ query: [1, 0, 0] });
    expect(dims.status).toBe(400);
    expect(dims.json.status.error).toBe('Wrong input: Vector dimension error: expected dim: 2, got 3');
    const named = await collection({ vectors: { dense: { size: 2, distance: 'Cosine' } } }, []);
    expect((await named.query({ query: [1, 0] })).json.status.error).toBe('Wrong input: Not existing vector name error: ');
    expect((await named.query({ query: [1, 0], using: 'bm25' })).json.status.error).toBe('Wrong input: Not existing vector name error: bm25');
    expect((await named.query({ query: [1, 0], using: 'dense' })).status).toBe(200);
  });
});

/** Sparse fixture: N = 4, df(1) = 1, df(2) = 3. */
const sparsePoints = [
  { id: 1, vector: { bm25: { indices: [1, 2], values: [0.5, 1.0] } } },
  { id: 2, vector: { bm25: { indices: [2], values: [2.0] } } },
  { id: 3, vector: { bm25: { indices: [7, 2], values: [1.0, 1.0] } } },
  { id: 4, vector: { bm25: { indices: [9], values: [1.0] } } },
];

describe('sparse queries', () => {
  it('multiplies query weights by the server IDF (hand-computed)', async () => {
    const { hits } = await collection({ sparse_vectors: { bm25: { modifier: 'idf' } } }, sparsePoints);
    // idf(1) = ln((4 − 1 + 0.5)/(1 + 0.5) + 1) = ln(10/3) = 1.2039728;
    // idf(2) = ln((4 − 3 + 0.5)/(3 + 0.5) + 1) = ln(10/7) = 0.3566749.
    const result = await hits({ query: { indices: [2, 1], values: [1, 1] }, using: 'bm25' });
    expect(ids(result)).toEqual([1, 2, 3]); // point 4 shares no index: not found at all
    expect(result[0]?.score).toBeCloseTo(0.5 * 1.2039728 + 0.3566749, 5);
    expect(result[1]?.score).toBeCloseTo(2 * 0.3566749, 5);
    expect(result[2]?.score).toBeCloseTo(0.3566749, 5);
  });

  it('is a plain dot product without the idf modifier', async () => {
    const { hits } = await collection({ sparse_vectors: { bm25: {} } }, sparsePoints);
    const result = await hits({ query: { indices: [1, 2], values: [1, 1] }, using: 'bm25' });
    expect(result.map((h) => [h.id, h.score])).toEqual([[2, 2], [1, 1.5], [3, 1]]);
  });

  it('checks sparse queries', async () => {
    const { query } = await collection({ sparse_vectors: { bm25: { modifier: 'idf' } } }, sparsePoints);
    expect((await query({ query: { indices: [1, 1], values: [1, 1] }, using: 'bm25' })).status).toBe(422);
    expect((await query({ query: { indices: [1], values: [1] }, using: 'splade' })).json.status.error).toBe(
      'Wrong input: Not existing vector name error: splade',
    );
  });
});

describe('hybrid: batch, prefetch and fusion', () => {
  const hybridPoints = [
    { id: 1, vector: { dense: [1, 0, 0], bm25: { indices: [5], values: [1] } }, payload: { k: 'A' } },
    { id: 2, vector: { dense: [0.8, 0.6, 0], bm25: { indices: [6], values: [1] } }, payload: { k: 'B' } },
    { id: 3, vector: { dense: [0, 1, 0], bm25: { indices: [5], values: [2] } }, payload: { k: 'C' } },
  ];
  const create = { vectors: { dense: { size: 3, distance: 'Cosine' } }, sparse_vectors: { bm25: { modifier: 'idf' } } };
  // Dense ranks A, B, C; sparse ranks C, A (B shares no index).
  const prefetch = [
    { query: [1, 0, 0], using: 'dense', limit: 10 },
    { query: { indices: [5], values: [1] }, using: 'bm25', limit: 10 },
  ];

  it('fuses with RRF, k = 2, 0-based ranks', async () => {
    const { hits } = await collection(create, hybridPoints);
    const result = await hits({ prefetch, query: { fusion: 'rrf' }, with_payload: true });
    expect(result.map((h) => h.payload?.k)).toEqual(['A', 'C', 'B']);
    expect(result[0]?.score).toBeCloseTo(1 / 2 + 1 / 3, 6);
    expect(result[1]?.score).toBeCloseTo(1 / 4 + 1 / 2, 6);
    expect(result[2]?.score).toBeCloseTo(1 / 3, 6);
  });

  it('takes RRF k and weights: 1 / ((rank + 1) / w + k − 1)', async () => {
    const { hits } = await collection(create, hybridPoints);
    const k60 = await hits({ prefetch, query: { rrf: { k: 60 } } });
    expect(k60.map((h) => [h.id, Number(h.score.toFixed(6))])).toEqual([
      [1, Number((1 / 60 + 1 / 61).toFixed(6))],
      [3, Number((1 / 62 + 1 / 60).toFixed(6))],
      [2, Number((1 / 61).toFixed(6))],
    ]);
    const weighted = await hits({ prefetch, query: { rrf: { weights: [0.1, 1] } } });
    expect(ids(weighted)).toEqual([3, 1, 2]);
    expect(weighted[0]?.score).toBeCloseTo(1 / 31 + 1 / 2, 5);
  });

  it('fuses with DBSF (mean ± 3 sample std, summed)', async () => {
    const { hits } = await collection(create, hybridPoints);
    const result = await hits({ prefetch, query: { fusion: 'dbsf' } });
    // Computed independently (Python, float64 with f32-rounded inputs).
    expect(ids(result)).toEqual([1, 3, 2]);
    expect(result[0]?.score).toBeCloseTo(1.008137, 5);
    expect(result[1]?.score).toBeCloseTo(0.928869, 5);
    expect(result[2]?.score).toBeCloseTo(0.562994, 5);
  });

  it('passes the root filter down to the prefetches', async () => {
    const { hits } = await collection(create, hybridPoints);
    const result = await hits({ prefetch, query: { fusion: 'rrf' }, filter: { must_not: [{ has_id: [1] }] } });
    expect(ids(result)).toEqual([3, 2]);
    expect(result[0]?.score).toBeCloseTo(1 / 3 + 1 / 2, 6);
  });

  it('rescores prefetched candidates with a vector query', async () => {
    const { hits } = await collection(create, hybridPoints);
    const result = await hits({ prefetch: { query: { indices: [5], values: [1] }, using: 'bm25' }, query: [0, 1, 0], using: 'dense' });
    expect(ids(result)).toEqual([3, 1]);
  });

  it('answers query/batch with one result per search, in order', async () => {
    const { q } = await collection(create, hybridPoints);
    const res = await q.qdrant('POST', '/collections/c/points/query/batch', {
      searches: [
        { query: [1, 0, 0], using: 'dense', limit: 1 },
        { query: { indices: [5], values: [1] }, using: 'bm25', limit: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.result.map((r: { points: Hit[] }) => ids(r.points))).toEqual([[1], [3, 1]]);
  });

  it('supports nearest, query by point id and with_vector names', async () => {
    const { hits, query } = await collection(create, hybridPoints);
    expect(ids(await hits({ query: { nearest: [1, 0, 0] }, using: 'dense' }))).toEqual([1, 2, 3]);
    expect(ids(await hits({ query: 1, using: 'dense' }))).toEqual([2, 3]);
    const [all] = await hits({ query: [1, 0, 0], using: 'dense', limit: 1, with_vector: true });
    expect(all?.vector).toEqual({ dense: [1, 0, 0], bm25: { indices: [5], values: [1] } });
    const [only] = await hits({ query: [1, 0, 0], using: 'dense', limit: 1, with_vector: ['bm25'] });
    expect(only?.vector).toEqual({ bm25: { indices: [5], values: [1] } });
    const mmr = await query({ query: { nearest: [1, 0, 0], mmr: { diversity: 0.5 } }, using: 'dense' });
    expect(mmr.status).toBe(400);
    expect(mmr.json.status.error).toMatch(/MMR/);
  });

  it('refuses prefetches without a query and fusion without prefetches', async () => {
    const { query } = await collection(create, hybridPoints);
    const noQuery = await query({ prefetch });
    expect(noQuery.status).toBe(400);
    expect(noQuery.json.status.error).toMatch(/A query is needed to merge the prefetches/);
    expect((await query({ query: { fusion: 'rrf' } })).status).toBe(400);
  });
});
