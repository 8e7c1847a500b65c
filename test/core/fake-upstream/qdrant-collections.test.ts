import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qdrantSchemaValidator } from '../../support/fake-upstream/qdrant-schema';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { freshTenant, tenantClient } from './fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const client = () => tenantClient(fake.url, freshTenant('coll'));

/** The official schema for `CollectionInfo` checks the fake's answers independently. */
function expectCollectionInfo(info: unknown): void {
  const validate = qdrantSchemaValidator('CollectionInfo');
  expect(validate(info), JSON.stringify(validate.errors)).toBe(true);
}

describe('Qdrant auth', () => {
  it('answers 401 in plain text without the key or with a wrong one, and accepts Bearer', async () => {
    const q = client();
    const missing = await q.qdrant('GET', '/collections', undefined, {});
    expect(missing.status).toBe(401);
    expect(missing.text).toBe('Must provide an API key or an Authorization bearer token');
    const wrong = await q.qdrant('GET', '/collections', undefined, { 'api-key': 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe('Invalid API key or JWT');
    expect((await q.qdrant('GET', '/collections', undefined, { authorization: 'Bearer test-qdrant-key' })).status).toBe(200);
  });

  it('can run without auth when qdrantKey is empty', async () => {
    const open = await startFakeUpstream({ qdrantKey: '', cohereKey: 'other' });
    try {
      const q = tenantClient(open.url, 'x');
      expect((await q.qdrant('GET', '/collections', undefined, {})).status).toBe(200);
      expect((await q.cohere('/v2/embed', { model: 'embed-v4.0', input_type: 'search_query', texts: ['a'] }, { authorization: 'Bearer other' })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('collections', () => {
  it('creates an unnamed-vector collection and describes it per the OpenAPI schema', async () => {
    const q = client();
    const created = await q.qdrant('PUT', '/collections/docs', { vectors: { size: 4, distance: 'Cosine' } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ result: true, status: 'ok' });
    expect(typeof created.json.time).toBe('number');
    const info = await q.qdrant('GET', '/collections/docs');
    expectCollectionInfo(info.json.result);
    expect(info.json.result.config.params.vectors).toEqual({ size: 4, distance: 'Cosine' });
    expect(info.json.result.points_count).toBe(0);
    expect(info.json.result.config.params.sparse_vectors).toBeUndefined();
    expect((await q.qdrant('GET', '/collections')).json.result).toEqual({ collections: [{ name: 'docs' }] });
    expect((await q.qdrant('GET', '/collections/docs/exists')).json.result).toEqual({ exists: true });
  });

  it('keeps named dense and sparse vectors and metadata', async () => {
    const q = client();
    const body = {
      vectors: { dense: { size: 8, distance: 'Dot' } },
      sparse_vectors: { bm25: { modifier: 'idf' } },
      metadata: { embedder: 'cohere/embed-english-v3.0' },
    };
    expect((await q.qdrant('PUT', '/collections/hybrid', body)).status).toBe(200);
    const info = (await q.qdrant('GET', '/collections/hybrid')).json.result;
    expectCollectionInfo(info);
    expect(info.config.params.vectors).toEqual({ dense: { size: 8, distance: 'Dot' } });
    expect(info.config.params.sparse_vectors).toEqual({ bm25: { modifier: 'idf' } });
    expect(info.config.metadata).toEqual({ embedder: 'cohere/embed-english-v3.0' });
    await q.qdrant('PATCH', '/collections/hybrid', { metadata: { chunks: 3 } });
    expect((await q.qdrant('GET', '/collections/hybrid')).json.result.config.metadata).toEqual({
      embedder: 'cohere/embed-english-v3.0',
      chunks: 3,
    });
  });

  it('answers Qdrant’s errors for a duplicate and a missing collection', async () => {
    const q = client();
    await q.qdrant('PUT', '/collections/docs', { vectors: { size: 4, distance: 'Cosine' } });
    const again = await q.qdrant('PUT', '/collections/docs', { vectors: { size: 4, distance: 'Cosine' } });
    expect(again.status).toBe(409);
    expect(again.json.status.error).toBe('Wrong input: Collection `docs` already exists!');
    const missing = await q.qdrant('GET', '/collections/nope');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: { error: "Not found: Collection `nope` doesn't exist!" } });
    expect((await q.qdrant('POST', '/collections/nope/points/query', { query: [1, 2, 3, 4] })).json.status.error).toBe(
      "Not found: Collection `nope` doesn't exist!",
    );
    expect((await q.qdrant('GET', '/collections/nope/exists')).json.result).toEqual({ exists: false });
  });

  it('deletes collections (result false when absent)', async () => {
    const q = client();
    await q.qdrant('PUT', '/collections/docs', { vectors: { size: 4, distance: 'Cosine' } });
    expect((await q.qdrant('DELETE', '/collections/docs')).json.result).toBe(true);
    expect((await q.qdrant('DELETE', '/collections/docs')).json.result).toBe(false);
    expect((await q.qdrant('GET', '/collections/docs')).status).toBe(404);
  });

  it('records payload indexes in payload_schema with the count of points having the field', async () => {
    const q = client();
    await q.qdrant('PUT', '/collections/docs', { vectors: { size: 2, distance: 'Cosine' } });
    await q.qdrant('PUT', '/collections/docs/points?wait=true', {
      points: [
        { id: 1, vector: [1, 0], payload: { chapter: 'ros2' } },
        { id: 2, vector: [0, 1], payload: { chapter: 'sim' } },
        { id: 3, vector: [1, 1], payload: {} },
      ],
    });
    const index = await q.qdrant('PUT', '/collections/docs/index?wait=true', { field_name: 'chapter', field_schema: 'keyword' });
    expect(index.json.result).toMatchObject({ status: 'completed' });
    expect(typeof index.json.result.operation_id).toBe('number');
    await q.qdrant('PUT', '/collections/docs/index', { field_name: 'tenant', field_schema: { type: 'keyword', is_tenant: true } });
    const info = (await q.qdrant('GET', '/collections/docs')).json.result;
    expectCollectionInfo(info);
    expect(info.payload_schema).toEqual({
      chapter: { data_type: 'keyword', points: 2 },
      tenant: { data_type: 'keyword', params: { type: 'keyword', is_tenant: true }, points: 0 },
    });
    expect(info.points_count).toBe(3);
  });

  it('checks the create body against the schema (422 for ranges, 400 for shapes)', async () => {
    const q = client();
    const zero = await q.qdrant('PUT', '/collections/a', { vectors: { size: 0, distance: 'Cosine' } });
    expect(zero.status).toBe(422);
    expect(zero.json.status.error).toBe('Validation error in JSON body: [vectors.size: value 0 invalid, must be 1 or larger]');
    const typo = await q.qdrant('PUT', '/collections/a', { vectors: { size: 4, distance: 'Cosin' } });
    expect(typo.status).toBe(400);
    expect(typo.json.status.error).toMatch(/^Format error in JSON body: unknown variant `Cosin`/);
    const bad = await q.qdrant('PUT', '/collections/a', '{"vectors": ');
    expect(bad.status).toBe(400);
    expect(bad.json.status.error).toMatch(/^Format error in JSON body: /);
    const empty = await q.qdrant('PUT', '/collections/a');
    expect(empty.status).toBe(400);
    expect((await q.qdrant('GET', '/collections')).json.result.collections).toEqual([]);
  });

  it('answers 404 for unknown routes and 405 for wrong methods', async () => {
    const q = client();
    expect((await q.qdrant('GET', '/nothing/here')).status).toBe(404);
    expect((await q.qdrant('POST', '/collections')).status).toBe(405);
    expect((await q.qdrant('GET', '/collections/a/points/scroll')).status).toBe(404);
    expect((await q.qdrant('DELETE', '/collections/a/points/query')).status).toBe(405);
  });

  it('answers GET / like the server root', async () => {
    const root = await client().qdrant('GET', '/');
    expect(root.json).toMatchObject({ title: 'qdrant - vector search engine' });
  });
});
