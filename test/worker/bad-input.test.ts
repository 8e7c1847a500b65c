import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { healthResponseSchema } from '../../src/core/query/search/response-schema';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';

let t: Tenant;
beforeAll(async () => {
  t = tenant('bad');
  await seedCollection(t, DOCS);
});

const expectError = (res: { status: number; json: () => any }, status: number, code: string) => {
  expect(res.status).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  return body.error;
};

describe('invalid requests get a 400 naming the parameter', () => {
  it.each([
    ['/search', 'q'],
    ['/search?q=', 'q'],
    ['/search?q=%20%20%20', 'q'],
    ['/search?q=%00%00%1B%7F', 'q'], // control characters only: nothing to search
    ['/search?q=topics&k=abc', 'k'],
    ['/search?q=topics&k=1.5', 'k'],
  ])('%s', async (path, param) => {
    const error = expectError(await t.call(path), 400, 'invalid_request');
    expect(error.params).toContain(param);
  });

  it('rejects q longer than 2,000 characters', async () => {
    const error = expectError(await t.call(`/search?q=${'a'.repeat(2001)}`), 400, 'invalid_request');
    expect(error.message).toContain('2000');
    expect((await t.call(`/search?q=${'a'.repeat(2000)}`)).status).toBe(200);
  });

  it('counts characters, not UTF-16 units: 1,500 emoji are 1,500 characters', async () => {
    const robots = encodeURIComponent('\u{1F916}'.repeat(1500));
    expect((await t.call(`/search?q=${robots}`)).status).toBe(200);
    const error = expectError(await t.call(`/search?q=${encodeURIComponent('\u{1F916}'.repeat(2001))}`), 400, 'invalid_request');
    expect(error.params).toEqual(['q']);
  });

  it('says what a parameter of several accepted forms must be', async () => {
    expect(expectError(await t.call('/search?q=topics&include_metadata=no'), 400, 'invalid_request').message).toBe(
      'Invalid search parameters: include_metadata: must be true or false (or 1 / 0)',
    );
    expect(expectError(await t.call('/search?q=topics&k=many'), 400, 'invalid_request').message).toBe('Invalid search parameters: k: must be a number');
    // An integer too large to be exact is not "not an integer": the message gives the range.
    expect(expectError(await t.call('/search?q=topics&k=99999999999999999999'), 400, 'invalid_request').message).toBe(
      'Parameter `k` must be an integer (one outside 1–50 is served at the nearest bound)',
    );
  });

  it('names unknown parameters, and the one a typo meant', async () => {
    const error = expectError(await t.call('/search?q=topics&top=3&limt=2'), 400, 'invalid_request');
    expect(error.unknown).toEqual(['top', 'limt']);
    expect(error.message).toContain('unknown parameter "top";');
    expect(error).not.toHaveProperty('did_you_mean');
    const typo = expectError(await t.call('/search?q=topics&kk=3&treshold=0.2&x=1'), 400, 'invalid_request');
    expect(typo.message).toBe('Invalid search parameters: unknown parameter "kk" (did you mean "k"?); unknown parameter "treshold" (did you mean "threshold"?); unknown parameter "x"');
    expect(typo.did_you_mean).toEqual({ kk: 'k', treshold: 'threshold' });
  });

  it('refuses a filter key named __proto__ alike in a GET and a POST (a body\'s record parse dropped it and searched unfiltered)', async () => {
    const filter = '{"__proto__":"a"}';
    const got = expectError(await t.call(`/search?q=topics&filter=${encodeURIComponent(filter)}`), 400, 'invalid_request');
    const posted = expectError(await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"q":"topics","filter":${filter}}` }), 400, 'invalid_request');
    expect(got.path).toBe('filter.__proto__');
    expect(posted).toMatchObject({ message: got.message, path: got.path });
  });

  it('rejects repeated parameters', async () => {
    const error = expectError(await t.call('/search?q=a&q=b'), 400, 'invalid_request');
    expect(error.params).toEqual(['q']);
    expect(error.message).toBe('Parameters given more than once: q'); // as a JSON body's repeat (below)
  });

  it('rejects a JSON body that repeats a key, as a query string that repeats a parameter', async () => {
    const post = (path: string, body: string) => t.call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const error = expectError(await post('/search', '{"q": "ros", "k": 3, "q": "nav"}'), 400, 'invalid_request');
    expect(error.params).toEqual(['q']);
    expect(error.message).toBe('Parameters given more than once: q');
    // In a batch, a key repeated inside one query is that query's error, as an unknown key is; the others run.
    const batch = await post('/search/batch', '{"queries": [{"q": "a"}, {"q": "b", "k": 2, "k": 3}]}');
    expect(batch.status).toBe(200);
    expect(batch.json().answers.map((a: { ok: boolean }) => a.ok)).toEqual([true, false]);
    expect(batch.json().answers[1]).toMatchObject({ index: 1, error: { code: 'invalid_request', params: ['k'], message: 'Parameters given more than once: k' } });
    // Repeated outside the queries, it is the request's.
    expect(expectError(await post('/search/batch', '{"queries": ["a"], "queries": ["b"]}'), 400, 'invalid_request').params).toEqual(['queries']);
    expect(expectError(await post('/search/batch', '{"queries": ["a"], "defaults": {"k": 2, "k": 3}}'), 400, 'invalid_request').params).toEqual(['defaults.k']);
    // The same key in two different objects is not a repeat.
    expect((await post('/search/batch', '{"queries": [{"q": "a"}, {"q": "b"}]}')).status).toBe(200);
  });

  it('rejects POST bodies that are not JSON objects', async () => {
    const post = (body: string, type = 'application/json') => t.call('/search', { method: 'POST', headers: { 'content-type': type }, body });
    expectError(await post('{"q": '), 400, 'invalid_request');
    expectError(await post('["q"]'), 400, 'invalid_request');
    // A parameter of the wrong type is said to be so, not to be missing.
    expect(expectError(await post('{"q": 5}'), 400, 'invalid_request').message).toBe('Invalid search parameters: q: must be a string');
    expect(expectError(await post('{"k": 3}'), 400, 'invalid_request').message).toBe('Invalid search parameters: q: is required');
    expectError(await post('q=topics', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    expectError(await post(JSON.stringify({ q: 'x'.repeat(70_000) })), 413, 'payload_too_large');
  });

  it('takes any JSON media type (application/json, or a +json suffix) and nothing that only looks like one', async () => {
    const post = (type: string) => t.call('/search', { method: 'POST', headers: { 'content-type': type }, body: '{"q": "topics", "k": 1}' });
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON']) {
      expect((await post(type)).status, type).toBe(200);
    }
    for (const type of ['application/jsonx', 'text/json', 'application/json-seq', 'text/plain']) {
      expectError(await post(type), 415, 'unsupported_media_type');
    }
  });

  it('answers a compressed body with 415 naming Content-Encoding (not "not valid JSON"); identity is accepted', async () => {
    const json = JSON.stringify({ q: 'topics', k: 1 });
    const gzip = new Uint8Array(await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    for (const [path, body] of [['/search', gzip], ['/search/batch', JSON.stringify({ queries: ['topics'] })]] as const) {
      for (const encoding of ['gzip', 'br', 'deflate', 'identity, gzip']) {
        const res = await t.call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body });
        const error = expectError(res, 415, 'unsupported_media_type');
        expect(error.message).toContain('Content-Encoding');
        expect(res.headers.get('accept-encoding')).toBe('identity'); // RFC 9110 §15.5.16: what the server would take
      }
    }
    for (const encoding of ['identity', 'Identity']) {
      const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: json });
      expect(res.status).toBe(200);
    }
  });

  it('answers unknown routes and methods with JSON', async () => {
    expectError(await t.call('/nope'), 404, 'not_found');
    // Whatever the configuration: an unknown route is a 404, not the config_error or 401 of a real route.
    expectError(await t.call('/nope', {}, { TOP_K_MIN: 'abc' }), 404, 'not_found');
    expectError(await t.call('/search?q=topics', {}, { TOP_K_MIN: 'abc' }), 500, 'config_error');
    expectError(await t.call('/nope', {}, { API_KEYS: 'a-key-of-at-least-16-chars' }), 404, 'not_found');
    expectError(await t.call('/search?q=topics', {}, { API_KEYS: 'a-key-of-at-least-16-chars' }), 401, 'unauthorized');
    expectError(await t.call('/search', { method: 'DELETE' }), 405, 'method_not_allowed');
  });

  it('takes /search/ and /health/ as /search and /health (a trailing slash a client or proxy adds)', async () => {
    const res = await t.call('/search/?q=topics&k=1');
    expect(res.status).toBe(200);
    expect(res.json().results).toHaveLength(1);
    expect((await t.call('/health/')).status).toBe(200);
    expectError(await t.call('/nope/'), 404, 'not_found');
  });
});

describe('configuration errors', () => {
  it('names the variables at fault, not their values', async () => {
    const error = expectError(await t.call('/search?q=topics', {}, { QDRANT_URL: 'not a url', QDRANT_API_KEY: 'secret-qdrant-value' }), 500, 'config_error');
    expect(error.variables).toEqual(['QDRANT_URL']);
    expect(JSON.stringify(error)).not.toContain('secret-qdrant-value');
    expect(JSON.stringify(error)).not.toContain('not a url');
  });

  it('says what an invalid variable expects, quoting the value when it cannot be a secret', async () => {
    const error = expectError(await t.call('/search?q=topics', {}, { TOP_K_MIN: 'abc', ADMIN_API_KEY: 5 }), 500, 'config_error');
    expect(error.message).toBe('Invalid configuration: TOP_K_MIN: expected an integer in [1, 1000], got "abc"; ADMIN_API_KEY: expected a string');
    expect(error.variables).toEqual(['TOP_K_MIN', 'ADMIN_API_KEY']);
  });

  it('/health answers 503 "misconfigured" with the same error, not a 500, and names no secret', async () => {
    const res = await t.call('/health', {}, { TOP_K_MIN: 'abc', QDRANT_URL: 'not a url', QDRANT_API_KEY: 'secret-qdrant-value' });
    expect(res.status).toBe(503);
    const body = res.json();
    expect(body.status).toBe('misconfigured');
    expect(body.error.code).toBe('config_error');
    expect(body.error.variables).toEqual(['QDRANT_URL', 'TOP_K_MIN']);
    expect(body.error.request_id).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain('secret-qdrant-value');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The shape /openapi.json documents for /health.
    expect(z.safeParse(healthResponseSchema, body).success).toBe(true);
  });

  it('reports inconsistent settings', async () => {
    const error = expectError(await t.call('/search?q=topics', {}, { TOP_K_MIN: '10', TOP_K_MAX: '5' }), 500, 'config_error');
    // Every problem at once: the default 5 lies outside [10, 5] as well.
    expect(error.variables).toEqual(['TOP_K_MIN', 'TOP_K_MAX', 'TOP_K_DEFAULT']);
    const ttl = expectError(await t.call('/search?q=topics', {}, { EMBED_CACHE_TTL_SECONDS: '30' }), 500, 'config_error');
    expect(ttl.variables).toEqual(['EMBED_CACHE_TTL_SECONDS']);
    const key = expectError(await t.call('/search?q=topics', {}, { QDRANT_URL: '', QDRANT_API_KEY: 'k' }), 500, 'config_error');
    expect(key.variables).toEqual(['QDRANT_URL']);
  });
});
