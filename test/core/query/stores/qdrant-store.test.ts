import { describe, expect, it } from 'vitest';
import type { QdrantTransport } from '../../../../src/core/common/upstream/qdrant-transport';
import type { StoreQuery } from '../../../../src/core/query/ports';
import { createQdrantStore, toQueryRequest } from '../../../../src/core/query/stores/qdrant-store';

const sparse = { vector: { indices: [1], values: [1] }, using: 'bm25' };

/** A transport answering every query with one point carrying `vector`; records the bodies sent. */
function answering(vector: unknown): { transport: QdrantTransport; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const transport: QdrantTransport = {
    collection: 'book',
    collectionPath: (suffix = '') => `/collections/book${suffix}`,
    async request<T>(_method: string, _path: string, body?: unknown) {
      bodies.push(body);
      return { result: { points: [{ id: 1, score: 0.5, payload: {}, vector }] } } as T;
    },
    listCollections: async () => ['book'],
  };
  return { transport, bodies };
}

describe('the dense vector MMR compares', () => {
  it('is the only vector a query asks for: the searched one, or for a keyword list the one it names', () => {
    expect(toQueryRequest({ limit: 4, sparse, withVector: true, denseUsing: 'dense' }).with_vector).toEqual(['dense']);
    expect(toQueryRequest({ limit: 4, dense: { vector: [1, 0], using: 'dense' }, withVector: true }).with_vector).toEqual(['dense']);
    // The unnamed vector has no name to ask for: all are returned and it is picked by its key "".
    expect(toQueryRequest({ limit: 4, sparse, withVector: true, denseUsing: null }).with_vector).toBe(true);
    expect(toQueryRequest({ limit: 4, sparse }).with_vector).toBeUndefined();
  });

  it('is picked from the answer by name, never as the first array found', async () => {
    const query: StoreQuery = { limit: 4, sparse, withVector: true, denseUsing: 'dense' };
    const named = answering({ title: [9, 9], dense: [1, 2], bm25: { indices: [1], values: [1] } });
    const first = async (transport: QdrantTransport, q: StoreQuery) => (await createQdrantStore(transport).queryBatch([q]))[0]![0]!;
    const hit = await first(named.transport, query);
    expect(hit.vector).toEqual([1, 2]);
    expect((named.bodies[0] as { with_vector: unknown }).with_vector).toEqual(['dense']);
    const unnamed = answering({ bm25: { indices: [1], values: [1] }, '': [3, 4] });
    expect((await first(unnamed.transport, { ...query, denseUsing: null })).vector).toEqual([3, 4]);
    // Without the named vector in the answer the hit has none (MMR leaves it out), not another one.
    const missing = answering({ title: [9, 9] });
    expect((await first(missing.transport, query)).vector).toBeUndefined();
  });
});
