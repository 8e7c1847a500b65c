import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../../../../src/core/query/local-index/embedded-store';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { INDEX_FORMAT_VERSION } from '../../../../src/core/query/local-index/index-layout';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import type { EmbeddedIndexData } from '../../../../src/core/query/local-index/index-types';
import { mulberry32 } from '../../../../src/core/build-time/local-index/prng';
import { RetrieverError } from '../../../../src/core/common/errors';
import type { StoreQuery } from '../../../../src/core/query/ports';
import type { Payload, PointId, QdrantFilter, SparseVector } from '../../../../src/core/common/types';
import { randomIndexData } from './random-index';

/** Qdrant's order, written independently of the store: integers (numerically) before UUIDs. */
function byScoreThenId(a: { id: PointId; score: number }, b: { id: PointId; score: number }): number {
  if (a.score !== b.score) return b.score - a.score;
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  if (typeof a.id === 'number') return -1;
  if (typeof b.id === 'number') return 1;
  const x = a.id.toLowerCase();
  const y = b.id.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

interface Case {
  limit: number;
  threshold?: number;
  filter?: QdrantFilter;
  /** The same filter as plain JS, for the brute force. */
  keep?: (payload: Payload, id: PointId) => boolean;
}

const cases: Case[] = [
  { limit: 10 },
  { limit: 25, threshold: 0.2 },
  { limit: 7, filter: { must: [{ key: 'group', match: { value: 'b' } }] }, keep: (p) => p.group === 'b' },
  {
    limit: 12,
    threshold: -0.1,
    filter: { should: [{ key: 'tags', match: { value: 'even4' } }, { key: 'rank', range: { gte: 150 } }], must_not: [{ key: 'group', match: { value: 'c' } }] },
    keep: (p) => ((p.tags as string[]).includes('even4') || (p.rank as number) >= 150) && p.group !== 'c',
  },
  { limit: 500 },
  { limit: 0 },
];

describe('embedded store vs brute force on random data', () => {
  const data = randomIndexData({ n: 200, dims: 16, seed: 11 });
  const decoded = decodeIndex(encodeIndex(data));
  const store = createEmbeddedStore(decoded);
  const next = mulberry32(99);
  // The rows the index holds (unit length, int8-rounded): the brute force scores against these.
  const stored = data.ids.map((_, i) => decoded.dense.vectors.subarray(i * 16, (i + 1) * 16));

  it('dense: cosine, threshold, filter, limit and tie order match a direct computation', async () => {
    for (const c of cases) {
      // Query along a stored vector so exact ties (the scaled duplicates) reach the top.
      const base = data.dense.vectors[9]!;
      const q = Array.from(base, (x, k) => x * 3 + (k === c.limit % 16 ? next() * 0.1 : 0));
      const qn = Math.hypot(...q);
      const expected = data.ids
        .map((id, i) => {
          const score = Array.from(stored[i]!).reduce((s, x, k) => s + x * q[k]!, 0) / qn;
          return { id, score, payload: data.payloads[i]! };
        })
        .filter((h) => (c.threshold === undefined || h.score >= c.threshold) && (!c.keep || c.keep(h.payload, h.id)))
        .sort(byScoreThenId)
        .slice(0, c.limit);
      const query: StoreQuery = { dense: { vector: q }, limit: c.limit, ...(c.threshold !== undefined ? { scoreThreshold: c.threshold } : {}), ...(c.filter ? { filter: c.filter } : {}) };
      const [hits] = await store.queryBatch([query]);
      expect(hits!.map((h) => h.id)).toEqual(expected.map((h) => h.id));
      hits!.forEach((h, i) => {
        expect(h.score).toBeCloseTo(expected[i]!.score, 5);
        expect(h.payload).toEqual(expected[i]!.payload);
      });
    }
  });

  it('dense: exact ties are broken by id ascending, integers before UUIDs', async () => {
    const uuid = 'aaaaaaaa-0000-4000-8000-000000000000';
    const tied = randomIndexData({ n: 12, dims: 3, seed: 5 });
    tied.ids = [50, uuid, 7, 900, 3, 'AAAAAAA0-0000-4000-8000-000000000000', 11, 12, 13, 14, 15, 16];
    for (let i = 0; i < 6; i++) tied.dense.vectors[i] = [1, 2, 3].map((x) => x * (i + 1)); // same direction, different lengths
    const tiedStore = createEmbeddedStore(decodeIndex(encodeIndex(tied)));
    for (const limit of [6, 3]) {
      const [hits] = await tiedStore.queryBatch([{ dense: { vector: [1, 2, 3] }, limit }]);
      expect(new Set(hits!.map((h) => h.score)).size).toBe(1);
      expect(hits!.map((h) => h.id)).toEqual([3, 7, 50, 900, 'AAAAAAA0-0000-4000-8000-000000000000', uuid].slice(0, limit));
    }
  });

  it('sparse: Qdrant IDF, only overlapping points, threshold, filter, limit', async () => {
    const query: SparseVector = { indices: [4_000_000_000, 17, 5], values: [1, 0.5, 1] }; // 5 is in no document
    const df = new Map<number, number>();
    for (const v of data.sparse.vectors) for (const t of v.indices) df.set(t, (df.get(t) ?? 0) + 1);
    const n = data.ids.length;
    for (const c of cases) {
      const expected = data.ids
        .map((id, i) => {
          const doc = data.sparse.vectors[i]!;
          let score = 0;
          let overlap = false;
          query.indices.forEach((t, k) => {
            const at = doc.indices.indexOf(t);
            if (at < 0) return;
            overlap = true;
            const d = df.get(t)!;
            score += query.values[k]! * Math.log((n - d + 0.5) / (d + 0.5) + 1) * doc.values[at]!;
          });
          return { id, score, overlap, payload: data.payloads[i]! };
        })
        .filter((h) => h.overlap && (c.threshold === undefined || h.score >= c.threshold) && (!c.keep || c.keep(h.payload, h.id)))
        .sort(byScoreThenId)
        .slice(0, c.limit);
      const [hits] = await store.queryBatch([{ sparse: { vector: query, using: 'bm25' }, limit: c.limit, scoreThreshold: c.threshold, filter: c.filter }]);
      expect(hits!.map((h) => h.id)).toEqual(expected.map((h) => h.id));
      hits!.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.score, 5));
    }
  });

  it('answers a batch in order and returns normalised vectors on request', async () => {
    const q = Array.from(data.dense.vectors[0]!);
    const [a, b] = await store.queryBatch([
      { dense: { vector: q }, limit: 1, withVector: true },
      { sparse: { vector: { indices: [3], values: [1] }, using: 'bm25' }, limit: 3 },
    ]);
    expect(a![0]!.id).toBe(data.ids[0]);
    const v = a![0]!.vector!;
    expect(Math.hypot(...Array.from(v))).toBeCloseTo(1, 6);
    expect(b).toHaveLength(3);
    expect(b!.every((h) => h.vector === undefined)).toBe(true);
  });

  it('returns payload copies (mutating a hit does not change the index)', async () => {
    const query: StoreQuery = { dense: { vector: Array.from(data.dense.vectors[0]!) }, limit: 1 };
    const [first] = await store.queryBatch([query]);
    first![0]!.payload.group = 'mutated';
    const [second] = await store.queryBatch([query]);
    expect(second![0]!.payload.group).toBe(data.payloads[0]!.group);
  });
});

describe('IDF on a hand-computed example', () => {
  // N = 4. df(7) = 1 → idf = ln(3.5/1.5 + 1) = ln(10/3); df(9) = 2 → ln(2.5/2.5 + 1) = ln 2.
  const data: EmbeddedIndexData = {
    collection: 'idf',
    embedder: { kind: 'cohere', model: 'm', dims: 2, model_id: 'm' },
    ids: [1, 2, 3, 4],
    payloads: [{}, {}, {}, {}],
    dense: { vectors: [[1, 0], [0, 1], [1, 1], [1, -1]] },
    sparse: { vectors: [{ indices: [7], values: [1] }, { indices: [9], values: [0.5] }, { indices: [9, 11], values: [1, 1] }, { indices: [11], values: [3] }] },
    bm25: { avgLen: 1.5 },
  };
  const store = createEmbeddedStore(decodeIndex(encodeIndex(data)));

  it('scores Σ query value × idf × document value', async () => {
    const [hits] = await store.queryBatch([{ sparse: { vector: { indices: [7, 9], values: [2, 1] }, using: 'bm25' }, limit: 10 }]);
    const idf7 = Math.log(10 / 3);
    const idf9 = Math.log(2);
    expect(hits!.map((h) => h.id)).toEqual([1, 3, 2]); // point 4 shares no term
    expect(hits![0]!.score).toBeCloseTo(2 * idf7, 6); // 2.4079456
    expect(hits![1]!.score).toBeCloseTo(idf9, 6); // 0.6931472
    expect(hits![2]!.score).toBeCloseTo(0.5 * idf9, 6); // 0.3465736
  });

  it('describes the collection like Qdrant collection info', async () => {
    expect(await store.describe()).toEqual({
      name: 'idf',
      pointsCount: 4,
      denseVectors: { '': { size: 2, distance: 'Cosine' } },
      // bm25_fields: titles and headings, derived from the payloads (field-aware BM25).
      sparseVectors: { bm25: { modifier: 'idf' }, bm25_fields: { modifier: 'idf' } },
      metadata: {
        embedder: { kind: 'cohere', model: 'm', dims: 2, model_id: 'm' },
        index: { format_version: INDEX_FORMAT_VERSION, created_at: expect.any(String) },
        bm25: { avg_len: 1.5 },
      },
    });
  });

  it('treats a zero query vector like Qdrant: every score is 0', async () => {
    const [hits] = await store.queryBatch([{ dense: { vector: [0, 0] }, limit: 2 }]);
    expect(hits!.map((h) => [h.id, h.score])).toEqual([[1, 0], [2, 0]]);
  });

  const expectError = async (promise: Promise<unknown>, code: string, details?: Record<string, unknown>): Promise<void> => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RetrieverError);
    expect((error as RetrieverError).code).toBe(code);
    if (details) expect((error as RetrieverError).details).toMatchObject(details);
  };

  it('rejects a dense vector of the wrong length with dimension_mismatch', async () => {
    await expectError(store.queryBatch([{ dense: { vector: [1, 2, 3] }, limit: 1 }]), 'dimension_mismatch', { expected: 2, got: 3 });
    await expectError(store.queryBatch([{ dense: { vector: new Float32Array(1) }, limit: 1 }]), 'dimension_mismatch', { expected: 2, got: 1 });
  });

  it('rejects unknown vector names, malformed queries and other collections', async () => {
    await expectError(store.queryBatch([{ dense: { vector: [1, 0], using: 'text' }, limit: 1 }]), 'invalid_request', { params: ['using'] });
    await expectError(store.queryBatch([{ sparse: { vector: { indices: [7], values: [1] }, using: 'splade' }, limit: 1 }]), 'invalid_request');
    await expectError(store.queryBatch([{ sparse: { vector: { indices: [7, 7], values: [1, 1] }, using: 'bm25' }, limit: 1 }]), 'invalid_request');
    await expectError(store.queryBatch([{ limit: 1 }]), 'invalid_request');
    await expectError(store.queryBatch([{ dense: { vector: [1, 0] }, limit: -1 }]), 'invalid_request');
    await expectError(store.queryBatch([{ dense: { vector: [1, 0] }, limit: 1, filter: { must: [{ key: 'x', geo_radius: { center: { lat: 0, lon: 0 }, radius: 1 } }] } }]), 'invalid_request');
    const other = createEmbeddedStore(decodeIndex(encodeIndex(data)), { collection: 'textbook' });
    await expectError(other.describe(), 'collection_not_found', { available: ['idf'] });
  });

  it('reports keyword search as unavailable when the index has no BM25 vectors', async () => {
    const empty = createEmbeddedStore(decodeIndex(encodeIndex({ ...data, sparse: { vectors: data.ids.map(() => ({ indices: [], values: [] })) } })));
    await expectError(empty.queryBatch([{ sparse: { vector: { indices: [7], values: [1] }, using: 'bm25' }, limit: 1 }]), 'mode_unavailable');
  });
});
