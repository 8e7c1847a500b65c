import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { ids, queryCollection } from './query-collection';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const collection = (create: unknown, points: unknown[]) => queryCollection(fake.url, create, points);

describe('query body validation', () => {
  it.each([
    [{ query: [1, 0], limit: -1 }, 400, /^Format error in JSON body: invalid value: integer `-1`, expected usize/],
    [{ query: [1, 0], limit: 0 }, 422, /^Validation error in JSON body: \[limit: value 0 invalid, must be 1 or larger\]$/],
    [{ query: [1, 0], with_payload: 5 }, 400, /^Format error in JSON body: .*WithPayloadInterface/],
    [{ query: [1, 0], filter: { must: [{ foo: 'bar' }] } }, 400, /^Format error in JSON body: .*Condition/],
    [{ query: [1, 0], filter: { must: [{ key: 'a' }] } }, 422, /At least one field condition must be specified/],
    [{ query: [1, 0], filter: { mustt: [] } }, 400, /^Format error in JSON body: /],
    [{ query: 'not-a-vector' }, 400, /^Format error in JSON body: /],
  ])('rejects %j with %i', async (body, status, pattern) => {
    const { query } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, []);
    const res = await query(body);
    expect(res.status).toBe(status);
    expect(res.json.status.error).toMatch(pattern);
  });

  it('validates each search of a batch', async () => {
    const { q } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, []);
    const res = await q.qdrant('POST', '/collections/c/points/query/batch', { searches: [{ query: [1, 0] }, { limit: 0 }] });
    expect(res.status).toBe(422);
    expect(res.json.status.error).toContain('searches[1].limit');
  });
});

describe('strict mode (Qdrant Cloud default for new collections)', () => {
  const points = [
    { id: 1, vector: [1, 0], payload: { module: 'a', kind: 'overview', pos: 1 } },
    { id: 2, vector: [0, 1], payload: { module: 'b', kind: 'content', pos: 2 } },
  ];
  const strict = { vectors: { size: 2, distance: 'Cosine' }, strict_mode_config: { enabled: true, unindexed_filtering_retrieve: false } };

  it('refuses filters and formula conditions on unindexed keys with Qdrant\'s 400, at any level', async () => {
    const { q, query, hits } = await collection(strict, points);
    const described = await q.qdrant('GET', '/collections/c');
    expect(described.json.result.config.strict_mode_config).toEqual({ enabled: true, unindexed_filtering_retrieve: false });
    const refused = await query({ query: [1, 0], filter: { must: [{ key: 'module', match: { value: 'a' } }] } });
    expect(refused.status).toBe(400);
    expect(refused.json.status.error).toBe('Bad request: Index required but not found for "module" of one of the following types: [keyword]. Help: Create an index for this key or use a different filter.');
    const inPrefetch = await query({ prefetch: [{ query: [1, 0], filter: { must: [{ key: 'pos', range: { gte: 1 } }] } }], query: { fusion: 'rrf' } });
    expect(inPrefetch.json.status.error).toMatch(/"pos" of one of the following types: \[integer, float\]/);
    const formula = { prefetch: [{ query: [1, 0] }], query: { formula: { sum: ['$score', { mult: [2, { key: 'kind', match: { value: 'content' } }] }] } } };
    expect((await query(formula)).json.status.error).toMatch(/"kind"/);
    // With the indexes made, the same queries run.
    for (const field of ['module', 'pos', 'kind']) {
      expect((await q.qdrant('PUT', '/collections/c/index?wait=true', { field_name: field, field_schema: field === 'pos' ? 'integer' : 'keyword' })).status).toBe(200);
    }
    expect(ids(await hits({ query: [1, 0], filter: { must: [{ key: 'module', match: { value: 'a' } }] } }))).toEqual([1]);
    expect(ids(await hits(formula))).toEqual([2, 1]);
  });

  it('is off by default (open-source Qdrant), and a PATCH turns it on', async () => {
    const { q, hits, query } = await collection({ vectors: { size: 2, distance: 'Cosine' } }, points);
    expect(ids(await hits({ query: [1, 0], filter: { must: [{ key: 'module', match: { value: 'b' } }] } }))).toEqual([2]);
    expect((await q.qdrant('PATCH', '/collections/c', { strict_mode_config: { enabled: true, unindexed_filtering_retrieve: false } })).status).toBe(200);
    expect((await query({ query: [1, 0], filter: { must: [{ key: 'module', match: { value: 'b' } }] } })).status).toBe(400);
  });
});
