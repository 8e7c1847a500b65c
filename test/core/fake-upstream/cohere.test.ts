import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding, fakeRelevance } from '../../support/fake-upstream/fake-embedding';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { freshTenant, tenantClient } from './fake-client';

let fake: FakeUpstream;
let co: ReturnType<typeof tenantClient>;

beforeAll(async () => {
  fake = await startFakeUpstream();
  co = tenantClient(fake.url, freshTenant('cohere'));
});
afterAll(() => fake.close());

const embed = (body: unknown) => co.cohere('/v2/embed', body);
const base = { model: 'embed-english-v3.0', input_type: 'search_query', texts: ['ROS 2 nodes'] };

describe('POST /v2/embed', () => {
  it('answers Cohere v2 shape with fakeEmbedding vectors', async () => {
    const texts = ['How do ROS 2 nodes talk?', 'Gazebo physics'];
    const res = await embed({ ...base, texts, input_type: 'search_document', embedding_types: ['float'], truncate: 'END' });
    expect(res.status).toBe(200);
    expect(typeof res.json.id).toBe('string');
    expect(res.json.texts).toEqual(texts);
    expect(res.json.response_type).toBe('embeddings_by_type');
    expect(res.json.meta.api_version.version).toBe('2');
    // Words: how/do/ros/2/nodes/talk = 6, gazebo/physics = 2.
    expect(res.json.meta.billed_units.input_tokens).toBe(8);
    expect(res.json.embeddings.float).toEqual(texts.map((t) => fakeEmbedding(t, 1024)));
  });

  it('returns float when embedding_types is omitted, and only what was asked otherwise', async () => {
    expect(Object.keys((await embed(base)).json.embeddings)).toEqual(['float']);
    const res = await embed({ ...base, embedding_types: ['int8', 'float'] });
    expect(Object.keys(res.json.embeddings).sort()).toEqual(['float', 'int8']);
    const int8 = res.json.embeddings.int8[0] as number[];
    expect(int8).toHaveLength(1024);
    expect(int8.every((x) => Number.isInteger(x) && x >= -128 && x <= 127)).toBe(true);
    expect(Object.keys((await embed({ ...base, embedding_types: ['uint8'] })).json.embeddings)).toEqual(['uint8']);
  });

  it.each([
    ['embed-english-light-v3.0', 384],
    ['embed-multilingual-light-v3.0', 384],
    ['embed-multilingual-v3.0', 1024],
    ['embed-v4.0', 1536],
  ])('gives %s vectors of %i dimensions', async (model, dims) => {
    const res = await embed({ ...base, model });
    expect(res.json.embeddings.float[0]).toHaveLength(dims);
  });

  it('accepts output_dimension 256/512/1024/1536 for embed-v4.0 only', async () => {
    for (const d of [256, 512, 1024, 1536]) {
      const res = await embed({ ...base, model: 'embed-v4.0', output_dimension: d });
      expect(res.json.embeddings.float[0]).toEqual(fakeEmbedding('ROS 2 nodes', d));
    }
    const odd = await embed({ ...base, model: 'embed-v4.0', output_dimension: 300 });
    expect(odd.status).toBe(400);
    expect(odd.json.message).toMatch(/^invalid request: output_dimension must be one of 256, 512, 1024, 1536/);
    const v3 = await embed({ ...base, output_dimension: 1024 });
    expect(v3.status).toBe(400);
    expect(v3.json.message).toMatch(/output_dimension/);
  });

  it('takes up to 96 texts and refuses 97 with Cohere’s message', async () => {
    const texts = Array.from({ length: 97 }, (_, i) => `text ${i}`);
    expect((await embed({ ...base, texts: texts.slice(0, 96) })).json.embeddings.float).toHaveLength(96);
    const res = await embed({ ...base, texts });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'invalid request: total number of texts must be at most 96 - received 97' });
  });

  it.each([
    ['no input_type', { model: 'embed-english-v3.0', texts: ['x'] }, /valid input_type must be provided/],
    ['an unknown input_type', { ...base, input_type: 'query' }, /valid input_type must be provided/],
    ['no texts', { model: 'embed-english-v3.0', input_type: 'search_query' }, /texts/],
    ['empty texts', { ...base, texts: [] }, /texts/],
    ['an empty text', { ...base, texts: ['ok', ''] }, /texts\[1\]/],
    ['a non-string text', { ...base, texts: [42] }, /texts\[0\]/],
    ['an unknown key', { ...base, foo: 1 }, /unknown field `foo`/],
    ['an unknown embedding type', { ...base, embedding_types: ['float32'] }, /embedding_types/],
    ['an unknown truncate', { ...base, truncate: 'MIDDLE' }, /truncate/],
    ['no model', { input_type: 'search_query', texts: ['x'] }, /model/],
    ['a rerank model', { ...base, model: 'rerank-v3.5' }, /embed/],
  ])('answers 400 {message} for %s', async (_label, body, pattern) => {
    const res = await embed(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['message']);
    expect(res.json.message).toMatch(/^invalid request: /);
    expect(res.json.message).toMatch(pattern);
  });

  it('answers 404 for an unknown model', async () => {
    const res = await embed({ ...base, model: 'embed-english-v9.0' });
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/model 'embed-english-v9.0' not found/);
  });

  it('refuses a text longer than the context only with truncate NONE', async () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ');
    expect((await embed({ ...base, texts: [long], truncate: 'NONE' })).status).toBe(400);
    expect((await embed({ ...base, texts: [long], truncate: 'END' })).status).toBe(200);
  });

  it('answers 400 for a body that is not JSON or missing', async () => {
    expect((await embed('{"model": ')).status).toBe(400);
    expect((await embed(undefined)).status).toBe(400);
  });
});

describe('Cohere auth and routing', () => {
  it('needs the bearer token', async () => {
    const missing = await co.cohere('/v2/embed', base, {});
    expect(missing.status).toBe(401);
    const wrong = await co.cohere('/v2/embed', base, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'invalid api token' });
    const raw = await co.cohere('/v2/embed', base, { authorization: 'test-cohere-key' });
    expect(raw.status).toBe(401);
    expect((await co.cohere('/v2/embed', base, { authorization: 'bearer test-cohere-key' })).status).toBe(200);
  });

  it('answers 404 for unknown paths and 405 for wrong methods', async () => {
    expect((await co.cohere('/v2/chat', {})).status).toBe(404);
    expect((await co.cohere('/v2/embed', undefined, undefined, 'GET')).status).toBe(405);
  });
});

describe('POST /v2/rerank', () => {
  const documents = ['Gazebo physics engines', 'ROS 2 nodes and topics', 'Nodes in ROS 1'];

  it('sorts by the fake relevance, highest first', async () => {
    const res = await co.cohere('/v2/rerank', { model: 'rerank-v3.5', query: 'ros2 topics nodes', documents });
    expect(res.status).toBe(200);
    const results = res.json.results as { index: number; relevance_score: number }[];
    expect(results.map((r) => r.index)).toEqual([1, 2, 0]);
    for (const r of results) {
      expect(r.relevance_score).toBe(fakeRelevance('ros2 topics nodes', documents[r.index] ?? ''));
      expect(r.relevance_score).toBeGreaterThan(0);
      expect(r.relevance_score).toBeLessThanOrEqual(1);
    }
    expect(res.json.meta.api_version.version).toBe('2');
  });

  it('honours top_n and accepts {text} documents', async () => {
    const res = await co.cohere('/v2/rerank', {
      model: 'rerank-v3.5',
      query: 'gazebo',
      documents: documents.map((text) => ({ text })),
      top_n: 1,
      max_tokens_per_doc: 512,
    });
    expect(res.json.results).toEqual([{ index: 0, relevance_score: 1 }]);
  });

  it('rejects bad bodies', async () => {
    expect((await co.cohere('/v2/rerank', { model: 'rerank-v3.5', documents })).status).toBe(400);
    expect((await co.cohere('/v2/rerank', { model: 'rerank-v3.5', query: 'q', documents: [] })).status).toBe(400);
    expect((await co.cohere('/v2/rerank', { model: 'rerank-v3.5', query: 'q', documents, top_n: 0 })).status).toBe(400);
    expect((await co.cohere('/v2/rerank', { model: 'embed-english-v3.0', query: 'q', documents })).status).toBe(400);
    expect((await co.cohere('/v2/rerank', { model: 'rerank-v0', query: 'q', documents })).status).toBe(404);
  });
});

describe('GET /v1/models/{model}', () => {
  it('describes embed and rerank models and 404s unknown ones', async () => {
    const embedModel = await co.cohere('/v1/models/embed-english-v3.0', undefined, undefined, 'GET');
    expect(embedModel.json).toMatchObject({ name: 'embed-english-v3.0', endpoints: ['embed'], context_length: 512 });
    const rerank = await co.cohere('/v1/models/rerank-v3.5', undefined, undefined, 'GET');
    expect(rerank.json).toMatchObject({ name: 'rerank-v3.5', endpoints: ['rerank'] });
    const missing = await co.cohere('/v1/models/nope', undefined, undefined, 'GET');
    expect(missing.status).toBe(404);
    expect(typeof missing.json.message).toBe('string');
  });
});
