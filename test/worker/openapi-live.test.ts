/**
 * Live responses against the Worker's own `GET /openapi.json`: every format (JSON, each NDJSON
 * line, each SSE event's data), search strategies, batch, health and errors must validate against
 * the schema the document gives for that route, status and content type. Validated in workerd
 * with @cfworker/json-schema (no eval), draft 2020-12 as OpenAPI 3.1 specifies.
 */
import { Validator } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/core/build-time/openapi-document';
import { DOCS } from './support/docs';
import { ndjson, seedCollection, sseEvents, tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';

let doc: any;
const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };

beforeAll(async () => {
  const res = await tenant('openapi').call('/openapi.json', {}, offline);
  expect(res.status).toBe(200);
  doc = res.json();
});

/** Errors of `value` against a schema object of the document (its `$ref`s resolved in the document). */
function check(schema: object, value: unknown): string[] {
  const result = new Validator({ ...schema, components: doc.components } as never, '2020-12', false).validate(value);
  return result.valid ? [] : result.errors.slice(-3).map((e) => `${e.instanceLocation} ${e.error}`);
}

type Answer = { status: number; headers: Headers; text: string };

/** Checks an answer against the document for `method path`, by status and content type. */
function conforms(method: string, path: string, answer: Answer): void {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path}`).toBeDefined();
  const response = operation.responses[String(answer.status)];
  expect(response, `${method} ${path} ${answer.status} is documented`).toBeDefined();
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = response.content[type];
  expect(media, `${method} ${path} ${answer.status} ${type} is documented`).toBeDefined();
  if (type === 'application/json') expect(check(media.schema, JSON.parse(answer.text))).toEqual([]);
  else if (type === 'application/x-ndjson') for (const line of ndjson(answer.text)) expect(check(media.schema, line), line.type).toEqual([]);
  else if (type === 'text/event-stream') {
    for (const { event, data } of sseEvents(answer.text)) {
      const eventSchema = media['x-sse-events'][event];
      expect(eventSchema, `SSE event ${event} is documented`).toBeDefined();
      expect(check(eventSchema, data), event).toEqual([]);
    }
  } else expect(type).toBe('text/plain');
}

const NDJSON = { accept: 'application/x-ndjson' };
const SSE = { accept: 'text/event-stream' };
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('live responses match GET /openapi.json', () => {
  it('serves a 3.1 document naming this origin', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://worker.test' }]);
  });

  it('serves the document the schemas give today (built with the Worker, not a stale copy)', () => {
    // Its own order too: `servers` last, as the Worker appends it to the built text's object.
    expect(JSON.stringify(doc)).toBe(JSON.stringify({ ...buildOpenApiDocument(), servers: [{ url: 'https://worker.test' }] }));
  });

  it('the check itself fails on answers that drift from the document', async () => {
    const body = (await tenant('openapi-neg').call('/search?q=QoS&k=2', {}, offline)).json();
    const json = doc.paths['/search'].get.responses['200'].content['application/json'].schema;
    expect(check(json, body)).toEqual([]);
    expect(check(json, { ...body, results: [{ ...body.results[0], score: 'high' }] })).not.toEqual([]);
    expect(check(json, { ...body, summary: { ...body.summary, confidence: { ...body.summary.confidence, surprise: 1 } } })).not.toEqual([]);
    const { query: _query, ...headless } = body;
    expect(check(json, headless)).not.toEqual([]);
  });

  it('searches on Qdrant in every strategy and format', async () => {
    const t: Tenant = tenant('openapi-qdrant');
    await seedBm25Collection(t, DOCS);
    const queries = [
      'q=ROS%202%20topics&k=3',
      'q=ROS%202%20topics&mode=hybrid&k=3',
      'q=ROS%202%20topics&mode=hybrid&fusion=rrf',
      'q=gazebo&mode=keyword',
      'q=gazebo&rerank=mmr&lambda=0.5',
      'q=gazebo&rerank=cohere&k=2',
      'q=sensors&rerank=rrf',
      'q=sensors&threshold=0.99',
      'q=topics&include_metadata=false&group_by=page&expand=1',
      'q=topics&filter=%7B%22module%22%3A%2201-ros2%22%7D',
    ];
    for (const query of queries) {
      for (const headers of [{}, NDJSON, SSE]) conforms('GET', '/search', await t.call(`/search?${query}`, { headers }));
    }
    conforms('POST', '/search', await t.call('/search', post({ q: 'topics', k: 2, mode: 'hybrid', tags: ['ros2'] })));
    conforms('GET', '/search', await t.call('/search?q=topics&format=context'));
    conforms('GET', '/health', await t.call('/health'));
  });

  it('the embedded default, batch and health', async () => {
    const t = tenant('openapi-offline');
    conforms('GET', '/search', await t.call('/search?q=QoS%20reliability&k=3&expand=1', {}, offline));
    conforms('GET', '/search', await t.call('/search?q=zzzz%20qqqq', {}, offline)); // empty answer with a message
    const batch = { defaults: { k: 2 }, queries: ['ROS 2 topics', { q: 'URDF', mode: 'keyword', expand: 1 }, { k: 3 }] };
    for (const headers of [{}, NDJSON, SSE]) conforms('POST', '/search/batch', await t.call('/search/batch', post(batch, headers), offline));
    conforms('GET', '/health', await t.call('/health', {}, offline));
  });

  it('the Worker takes every documented value of `cache`, in the query string and in the body', async () => {
    const t = tenant('openapi-cache');
    const values = doc.paths['/search'].get.parameters.find((p: { name: string }) => p.name === 'cache').schema.enum as string[];
    const bodySchema = doc.paths['/search'].post.requestBody.content['application/json'].schema;
    for (const value of values) {
      const get = await t.call(`/search?q=QoS&k=2&cache=${value}`, {}, offline);
      conforms('GET', '/search', get);
      expect(get.json().summary.result_cache).toBe(value === 'bypass' ? 'bypass' : 'miss');
      const body = { q: 'QoS', k: 2, cache: value };
      expect(check(bodySchema, body)).toEqual([]);
      const posted = await t.call('/search', post(body), offline);
      conforms('POST', '/search', posted);
      // The same search again: `default` is served from the cache, `bypass` is computed afresh.
      expect(posted.json().summary.result_cache).toBe(value === 'bypass' ? 'bypass' : 'hit');
    }
    expect(check(bodySchema, { q: 'QoS', cache: 'never' })).not.toEqual([]);
    expect((await t.call('/search?q=QoS&cache=never', {}, offline)).status).toBe(400);
  });

  it('errors: bad input, unknown collection, unavailable mode, body problems, upstream failures, degraded health', async () => {
    const t = tenant('openapi-errors');
    await seedCollection(t, DOCS);
    conforms('GET', '/search', await t.call('/search?q=&k=x'));
    conforms('GET', '/search', await t.call('/search?q=topics&mode=hybrid'));
    conforms('GET', '/search', await t.call('/search?q=topics', {}, { QDRANT_COLLECTION: 'nope' }));
    conforms('POST', '/search', await t.call('/search', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'q' }));
    conforms('POST', '/search', await t.call('/search', post({ q: 'x'.repeat(70 * 1024) })));
    conforms('POST', '/search/batch', await t.call('/search/batch', post({ queries: [] })));
    await t.faults([{ path: '/points/query$', status: 503, body: { status: { error: 'overloaded' } }, times: 5 }]);
    conforms('GET', '/search', await t.call('/search?q=topics%20again'));
    await t.faults([{ path: '/collections/textbook_chunks$', status: 503, body: { status: { error: 'down' } }, times: 10 }]);
    const health = await t.call('/health');
    expect(health.status).toBe(503);
    conforms('GET', '/health', health);
  });
});
