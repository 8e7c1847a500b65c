import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qdrantSchemaValidator } from '../../support/fake-upstream/qdrant-schema';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { freshTenant, tenantClient } from './fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

async function withCollection(create: unknown) {
  const q = tenantClient(fake.url, freshTenant('points'));
  expect((await q.qdrant('PUT', '/collections/c', create)).status).toBe(200);
  return q;
}
const unnamed4 = { vectors: { size: 4, distance: 'Cosine' } };
const hybrid = { vectors: { dense: { size: 3, distance: 'Cosine' } }, sparse_vectors: { bm25: { modifier: 'idf' } } };

describe('upsert', () => {
  it('answers completed with wait=true, acknowledged without', async () => {
    const q = await withCollection(unnamed4);
    const waited = await q.qdrant('PUT', '/collections/c/points?wait=true', { points: [{ id: 1, vector: [1, 0, 0, 0] }] });
    expect(waited.json.result.status).toBe('completed');
    const later = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 2, vector: [0, 1, 0, 0] }] });
    expect(later.json.result.status).toBe('acknowledged');
    expect(later.json.result.operation_id).toBeGreaterThan(waited.json.result.operation_id);
    expect((await q.qdrant('POST', '/collections/c/points/count', {})).json.result).toEqual({ count: 2 });
  });

  it('answers the dimension error and stores nothing of a failed batch', async () => {
    const q = await withCollection(unnamed4);
    const res = await q.qdrant('PUT', '/collections/c/points?wait=true', {
      points: [
        { id: 1, vector: [1, 0, 0, 0] },
        { id: 2, vector: [1, 0, 0] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.status.error).toBe('Wrong input: Vector dimension error: expected dim: 4, got 3');
    expect((await q.qdrant('POST', '/collections/c/points/count', {})).json.result.count).toBe(0);
  });

  it('checks vector names and sparse vectors like the server', async () => {
    const q = await withCollection(hybrid);
    const unknownName = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 1, vector: { splade: { indices: [1], values: [1] } } }] });
    expect(unknownName.json.status.error).toBe('Wrong input: Not existing vector name error: splade');
    const unnamedInNamed = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 1, vector: [1, 2, 3] }] });
    expect(unnamedInNamed.json.status.error).toBe('Wrong input: Not existing vector name error: ');
    const dup = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 1, vector: { bm25: { indices: [3, 3], values: [1, 2] } } }] });
    expect(dup.status).toBe(422);
    expect(dup.json.status.error).toBe('Validation error in JSON body: [points[0].vector.?.indices: Validation error: must be unique [{}]]');
    const lengths = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 1, vector: { bm25: { indices: [3], values: [1, 2] } } }] });
    expect(lengths.status).toBe(422);
    expect(lengths.json.status.error).toMatch(/points\[0\]\.vector\.\?\.values: .*same length as indices/);
    const wrongDims = await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 1, vector: { dense: [1, 2] } }] });
    expect(wrongDims.json.status.error).toBe('Wrong input: Vector dimension error: expected dim: 3, got 2');
  });

  it('accepts unsigned integer and UUID ids only', async () => {
    const q = await withCollection(unnamed4);
    for (const id of ['abc', -1, 1.5, null]) {
      const res = await q.qdrant('PUT', '/collections/c/points', { points: [{ id, vector: [1, 0, 0, 0] }] });
      expect(res.status, String(id)).toBe(400);
      expect(res.json.status.error).toMatch(/^Format error in JSON body: /);
    }
    const upper = '550E8400-E29B-41D4-A716-446655440000';
    expect((await q.qdrant('PUT', '/collections/c/points', { points: [{ id: upper, vector: [1, 0, 0, 0] }] })).status).toBe(200);
    const scrolled = await q.qdrant('POST', '/collections/c/points/scroll', {});
    expect(scrolled.json.result.points.map((p: { id: unknown }) => p.id)).toEqual([upper.toLowerCase()]);
  });

  it('stores Cosine vectors normalized (as Qdrant returns them)', async () => {
    const q = await withCollection({ vectors: { size: 2, distance: 'Cosine' } });
    await q.qdrant('PUT', '/collections/c/points', { points: [{ id: 7, vector: [3, 4], payload: { a: 1 } }] });
    const res = await q.qdrant('POST', '/collections/c/points/scroll', { with_vector: true });
    const vector = res.json.result.points[0].vector as number[];
    expect(vector[0]).toBeCloseTo(0.6, 6);
    expect(vector[1]).toBeCloseTo(0.8, 6);
  });

  it('accepts the batch form', async () => {
    const q = await withCollection({ vectors: { size: 2, distance: 'Dot' } });
    await q.qdrant('PUT', '/collections/c/points', { batch: { ids: [1, 2], vectors: [[1, 0], [0, 1]], payloads: [{ a: 1 }, { a: 2 }] } });
    const res = await q.qdrant('POST', '/collections/c/points', { ids: [2, 9], with_vector: true });
    expect(res.json.result).toEqual([{ id: 2, payload: { a: 2 }, vector: [0, 1] }]);
  });
});

describe('scroll, count, delete', () => {
  async function seeded() {
    const q = await withCollection(unnamed4);
    const ids: (number | string)[] = [12, 3, 'b0000000-0000-0000-0000-000000000000', 25, 1, 'a0000000-0000-0000-0000-000000000000'];
    for (let i = 2; i <= 20; i++) if (!ids.includes(i) && ids.length < 25) ids.push(i);
    const points = ids.map((id, i) => ({ id, vector: [1, i, 0, 0], payload: { n: i, even: i % 2 === 0, tags: i % 3 === 0 ? ['x'] : [] } }));
    await q.qdrant('PUT', '/collections/c/points?wait=true', { points });
    return { q, ids };
  }

  it('pages in id order (integers, then UUIDs) with next_page_offset', async () => {
    const { q, ids } = await seeded();
    const expected = [...ids].sort((a, b) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : typeof a === 'number' ? -1 : typeof b === 'number' ? 1 : a < b ? -1 : 1,
    );
    const seen: unknown[] = [];
    let offset: unknown = undefined;
    for (let page = 0; page < 10; page++) {
      const res = await q.qdrant('POST', '/collections/c/points/scroll', { limit: 10, ...(offset === undefined ? {} : { offset }) });
      const result = res.json.result;
      const validate = qdrantSchemaValidator('ScrollResult');
      expect(validate(result), JSON.stringify(validate.errors)).toBe(true);
      seen.push(...result.points.map((p: { id: unknown }) => p.id));
      // Defaults: payload yes, vector no.
      expect(result.points[0]).toHaveProperty('payload');
      expect(result.points[0]).not.toHaveProperty('vector');
      offset = result.next_page_offset;
      if (offset === null) break;
    }
    expect(seen).toEqual(expected);
    expect(seen.slice(-2)).toEqual(['a0000000-0000-0000-0000-000000000000', 'b0000000-0000-0000-0000-000000000000']);
  });

  it('selects payload keys and filters', async () => {
    const { q } = await seeded();
    const res = await q.qdrant('POST', '/collections/c/points/scroll', {
      limit: 100,
      filter: { must: [{ key: 'even', match: { value: true } }] },
      with_payload: ['n'],
    });
    const points = res.json.result.points as { payload: { n: number } }[];
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => Object.keys(p.payload).join() === 'n' && p.payload.n % 2 === 0)).toBe(true);
    const count = await q.qdrant('POST', '/collections/c/points/count', { filter: { must: [{ key: 'even', match: { value: true } }] }, exact: true });
    expect(count.json.result.count).toBe(points.length);
  });

  it('deletes by ids and by filter', async () => {
    const { q, ids } = await seeded();
    const total = ids.length;
    const byIds = await q.qdrant('POST', '/collections/c/points/delete?wait=true', { points: [1, 3, 'A0000000-0000-0000-0000-000000000000', 999] });
    expect(byIds.json.result.status).toBe('completed');
    expect((await q.qdrant('POST', '/collections/c/points/count', {})).json.result.count).toBe(total - 3);
    const tagged = (await q.qdrant('POST', '/collections/c/points/count', { filter: { must: [{ key: 'tags', match: { value: 'x' } }] } })).json.result.count;
    expect(tagged).toBeGreaterThan(0);
    await q.qdrant('POST', '/collections/c/points/delete', { filter: { must: [{ key: 'tags', match: { value: 'x' } }] } });
    expect((await q.qdrant('POST', '/collections/c/points/count', {})).json.result.count).toBe(total - 3 - tagged);
    expect((await q.qdrant('POST', '/collections/c/points/count', { filter: { must: [{ key: 'tags', match: { value: 'x' } }] } })).json.result.count).toBe(0);
  });

  it('rejects malformed scroll bodies', async () => {
    const { q } = await seeded();
    expect((await q.qdrant('POST', '/collections/c/points/scroll', { limit: -1 })).status).toBe(400);
    expect((await q.qdrant('POST', '/collections/c/points/scroll', { limit: 0 })).status).toBe(422);
    expect((await q.qdrant('POST', '/collections/c/points/scroll', { offset: 'not-an-id' })).status).toBe(400);
    expect((await q.qdrant('POST', '/collections/c/points/delete', { ids: [1] })).status).toBe(400);
  });
});

describe('batch_update (overwrite_payload)', () => {
  it('replaces each listed point\'s whole payload and keeps its vector', async () => {
    const q = await withCollection(unnamed4);
    await q.qdrant('PUT', '/collections/c/points?wait=true', { points: [{ id: 1, vector: [1, 0, 0, 0], payload: { a: 1, b: 2 } }, { id: 2, vector: [0, 1, 0, 0], payload: { a: 9 } }] });
    const res = await q.qdrant('POST', '/collections/c/points/batch?wait=true', { operations: [{ overwrite_payload: { payload: { a: 3 }, points: [1] } }, { overwrite_payload: { payload: { c: 4 }, points: [2] } }] });
    expect(res.status).toBe(200);
    expect(res.json.result).toHaveLength(2);
    expect(res.json.result[0].status).toBe('completed');
    const one = await q.qdrant('GET', '/collections/c/points/1');
    expect(one.json.result.payload).toEqual({ a: 3 }); // overwritten, not merged: b is gone
    expect(one.json.result.vector).toEqual([1, 0, 0, 0]);
    expect((await q.qdrant('GET', '/collections/c/points/2')).json.result.payload).toEqual({ c: 4 });
  });

  it('answers 404 for an id it does not have, before changing anything, and refuses other operations', async () => {
    const q = await withCollection(unnamed4);
    await q.qdrant('PUT', '/collections/c/points?wait=true', { points: [{ id: 1, vector: [1, 0, 0, 0], payload: { a: 1 } }] });
    const missing = await q.qdrant('POST', '/collections/c/points/batch?wait=true', { operations: [{ overwrite_payload: { payload: { a: 2 }, points: [1] } }, { overwrite_payload: { payload: { a: 3 }, points: [7] } }] });
    expect(missing.status).toBe(404);
    expect((await q.qdrant('GET', '/collections/c/points/1')).json.result.payload).toEqual({ a: 1 });
    const other = await q.qdrant('POST', '/collections/c/points/batch', { operations: [{ delete: { points: [1] } }] });
    expect(other.status).toBe(400);
  });
});
