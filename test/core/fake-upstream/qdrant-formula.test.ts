/**
 * The fake Qdrant's formula queries: prefetch scores, conditions, defaults and the errors Qdrant
 * gives, with hand-computed scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { freshTenant, tenantClient } from './fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

async function collection() {
  const q = tenantClient(fake.url, freshTenant('formula'));
  await q.qdrant('PUT', '/collections/c', { vectors: { size: 2, distance: 'Cosine' }, sparse_vectors: { body: {}, head: {} } });
  const up = await q.qdrant('PUT', '/collections/c/points?wait=true', {
    points: [
      { id: 1, vector: { '': [1, 0], body: { indices: [7], values: [2] }, head: { indices: [7], values: [1] } }, payload: { kind: 'overview', boost: 3 } },
      { id: 2, vector: { '': [0.6, 0.8], body: { indices: [7], values: [1] } }, payload: { kind: 'content' } },
      { id: 3, vector: { '': [0, 1], head: { indices: [7], values: [5] } }, payload: {} },
    ],
  });
  expect(up.status, up.text).toBe(200);
  return (body: unknown) => q.qdrant('POST', '/collections/c/points/query', body);
}

const scores = (json: any) => json.result.points.map((p: { id: number; score: number }) => [p.id, Number(p.score.toFixed(4))]);

describe('formula queries', () => {
  it('multiplies the prefetch score by a condition-driven prior', async () => {
    const query = await collection();
    const res = await query({
      prefetch: { query: [1, 0], limit: 10 },
      query: { formula: { mult: ['$score', { sum: [1, { mult: [-0.5, { key: 'kind', match: { value: 'overview' } }] }] }] } },
      limit: 3,
    });
    expect(res.status, res.text).toBe(200);
    // Point 1: cosine 1 × 0.5 (overview); point 2: 0.6; point 3: 0.
    expect(scores(res.json)).toEqual([[2, 0.6], [1, 0.5], [3, 0]]);
  });

  it('adds a weighted second prefetch, missing scores taken from defaults, payload numbers as variables', async () => {
    const query = await collection();
    const prefetch = [{ query: { indices: [7], values: [1] }, using: 'body', limit: 10 }, { query: { indices: [7], values: [1] }, using: 'head', limit: 10 }];
    const res = await query({ prefetch, query: { formula: { sum: ['$score[0]', { mult: [0.5, '$score[1]'] }] }, defaults: { '$score[0]': 0, '$score[1]': 0 } }, limit: 3 });
    expect(res.status, res.text).toBe(200);
    // No modifier: body 2 + 0.5×1 = 2.5; point 3: 0 + 0.5×5 = 2.5 (tie → lower id first); point 2: 1.
    expect(scores(res.json)).toEqual([[1, 2.5], [3, 2.5], [2, 1]]);
    const byPayload = await query({ prefetch: prefetch[0], query: { formula: { mult: ['$score', 'boost'] }, defaults: { boost: 1 } }, limit: 3 });
    expect(scores(byPayload.json)).toEqual([[1, 6], [2, 1]]);
  });

  it('fails like Qdrant without a prefetch or when a variable has no value and no default', async () => {
    const query = await collection();
    const none = await query({ query: { formula: { mult: ['$score', 2] } }, limit: 3 });
    expect(none.status).toBe(400);
    const prefetch = [{ query: { indices: [7], values: [1] }, using: 'body', limit: 10 }, { query: { indices: [7], values: [1] }, using: 'head', limit: 10 }];
    const missing = await query({ prefetch, query: { formula: { sum: ['$score[0]', '$score[1]'] } }, limit: 3 });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/no default/);
  });
});
