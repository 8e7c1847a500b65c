import { beforeEach, describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { clearLogs, requestLogs } from './support/log-capture';
import { COHERE_KEY, QDRANT_KEY, seedCollection, tenant, type Tenant } from './support/harness';

let t: Tenant;
beforeEach(async () => {
  t = tenant('fail');
  await seedCollection(t, DOCS);
});

const errorOf = (res: { status: number; json: () => any }) => ({ status: res.status, ...res.json().error });

describe('collection and vector problems', () => {
  it('404 collection_not_found on a local dev server lists the collections and the closest name', async () => {
    await t.qdrant('PUT', '/collections/other_docs', { vectors: { size: 8, distance: 'Cosine' } });
    const local = t.fetcher({ QDRANT_COLLECTION: 'textbook_chunk' });
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      const res = await local(`${origin}/search?q=topics`);
      const error = { status: res.status, ...((await res.json()) as any).error };
      expect(error).toMatchObject({ status: 404, code: 'collection_not_found', suggestion: 'textbook_chunks' });
      expect(error.available).toEqual(['other_docs', 'textbook_chunks']);
      expect(error.message).toContain('did you mean "textbook_chunks"');
    }
  });

  it('a deployment without API keys does not list the cluster\'s collections to its visitors: it says where to look', async () => {
    await t.qdrant('PUT', '/collections/someone_elses_docs', { vectors: { size: 8, distance: 'Cosine' } });
    clearLogs();
    const res = await t.call('/search?q=topics', {}, { QDRANT_COLLECTION: 'textbook_chunk' });
    const error = errorOf(res);
    expect(error).toMatchObject({ status: 404, code: 'collection_not_found', collection: 'textbook_chunk' });
    expect(error).not.toHaveProperty('available');
    expect(error).not.toHaveProperty('suggestion');
    expect(res.text).not.toContain('someone_elses_docs');
    expect(res.text).not.toContain('textbook_chunks');
    expect(error.message).toMatch(/^Collection "textbook_chunk" does not exist \(QDRANT_COLLECTION; npm run ingest creates it\); to see which collections exist, read this request's log line/);
    expect(error.message).not.toContain('[redacted]');
    expect(requestLogs()[0]!.error_detail).toContain('"someone_elses_docs"');
    // A key sent to a deployment without keys is ignored, so it does not unlock the list either.
    expect(errorOf(await t.call('/search?q=topics', { headers: { 'x-api-key': 'any-key-0123456789abcdef' } }, { QDRANT_COLLECTION: 'textbook_chunk' }))).not.toHaveProperty('available');
  });

  it('collection_not_found names the cluster\'s collections only to callers with full access, and always in the log', async () => {
    const key = 'collections-key-0123456789';
    const vars = { QDRANT_COLLECTION: 'textbook_chunk', API_KEYS: key, ALLOW_ANONYMOUS: 'true' };
    clearLogs();
    const anonymous = errorOf(await t.call('/search?q=topics', {}, vars));
    expect(anonymous).toMatchObject({ status: 404, code: 'collection_not_found', collection: 'textbook_chunk' });
    expect(anonymous).not.toHaveProperty('available');
    expect(anonymous).not.toHaveProperty('suggestion');
    expect(anonymous.message).not.toContain('textbook_chunks');
    // The operator still learns what is there, from the request's log line.
    expect(requestLogs()[0]!.error_detail).toContain('"textbook_chunks"');
    const batch = await t.call('/search/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"queries":["topics"]}' }, vars);
    expect(JSON.stringify(batch.json())).not.toContain('textbook_chunks');
    const keyed = errorOf(await t.call('/search?q=topics', { headers: { 'x-api-key': key } }, vars));
    expect(keyed).toMatchObject({ status: 404, suggestion: 'textbook_chunks', available: ['textbook_chunks'] });
    // The operator's message says which setting names it, and what creates a collection.
    expect(keyed.message).toBe('Collection "textbook_chunk" does not exist; did you mean "textbook_chunks"? (QDRANT_COLLECTION; npm run ingest -- <docs> --collection textbook_chunk creates it)');
  });

  it('/health of a deployment without API keys does not name the cluster\'s collections either (the suggestion is in the log)', async () => {
    await t.qdrant('PUT', '/collections/someone_elses_docs', { vectors: { size: 8, distance: 'Cosine' } });
    const vars = { QDRANT_COLLECTION: 'someone_elses_doc' };
    const health = await t.call('/health', {}, vars);
    expect(health.status).toBe(503);
    expect(health.json().store.error.code).toBe('collection_not_found');
    expect(health.text).not.toContain('someone_elses_docs');
    // On a local dev server the developer gets the suggestion, as /search gives it.
    const local = await t.fetcher(vars)('http://127.0.0.1:8787/health');
    expect(((await local.json()) as any).store.error.message).toContain('did you mean "someone_elses_docs"');
  });

  it('409 dimension_mismatch when the query vector size differs from the collection', async () => {
    const error = errorOf(await t.call('/search?q=topics', {}, { EMBED_MODEL: 'embed-v4.0', EMBED_DIMENSION: '512' }));
    expect(error).toMatchObject({ status: 409, code: 'dimension_mismatch', expected: 1024, got: 512 });
  });

  it('409 embedder_mismatch when the collection records another embedder', async () => {
    const other = tenant('meta');
    await other.qdrant('PUT', '/collections/textbook_chunks', {
      vectors: { size: 1024, distance: 'Cosine' },
      metadata: { embedder: { kind: 'cohere', model: 'embed-multilingual-v3.0' } },
    });
    const error = errorOf(await other.call('/search?q=topics'));
    expect(error).toMatchObject({ status: 409, code: 'embedder_mismatch' });
    expect(error.index_embedder.model).toBe('embed-multilingual-v3.0');
    expect(error.message).toContain('set EMBED_MODEL to "embed-multilingual-v3.0"');
    // /health does not call that deployment healthy: every default search is refused.
    const health = await other.call('/health');
    expect(health.status).toBe(503);
    expect(health.json().search.error.code).toBe('embedder_mismatch');
  });

  it('409 embedder_mismatch naming COHERE_API_KEY when the Cohere key is missing (the local model stands in)', async () => {
    // A deploy whose `wrangler secret put COHERE_API_KEY` was forgotten: only "lsa-…" named the cause.
    const recorded = tenant('no-key');
    await recorded.qdrant('PUT', '/collections/textbook_chunks', {
      vectors: { size: 1024, distance: 'Cosine' },
      metadata: { embedder: { kind: 'cohere', model: 'embed-english-v3.0' } },
    });
    const error = errorOf(await recorded.call('/search?q=topics', {}, { COHERE_API_KEY: '', SEARCH_MODE: 'semantic' }));
    expect(error).toMatchObject({ status: 409, code: 'embedder_mismatch', query_embedder: { kind: 'lsa' } });
    expect(error.message).toMatch(/COHERE_API_KEY must be set \(without it queries use the local model\)/);
    const health = await recorded.call('/health', {}, { COHERE_API_KEY: '' });
    expect(health.json().search.error.message).toContain('COHERE_API_KEY must be set');
    // A collection that records no embedder (another pipeline's) says it through the vector size.
    const size = errorOf(await t.call('/search?q=topics', {}, { COHERE_API_KEY: '', SEARCH_MODE: 'semantic' }));
    expect(size).toMatchObject({ status: 409, code: 'dimension_mismatch' });
    expect(size.message).toContain('COHERE_API_KEY is not set, so queries use the local model');
  });

  it.each([
    ['dimension_mismatch', { EMBED_MODEL: 'embed-v4.0', EMBED_DIMENSION: '512' }],
    ['config_error', { QDRANT_VECTOR_NAME: 'nosuchvec' }],
    ['mode_unavailable', { QDRANT_SPARSE_VECTOR_NAME: 'nosparse', SEARCH_MODE: 'hybrid' }],
  ])('/health is 503 with the %s every default search gets, though Cohere and Qdrant answer', async (code, env) => {
    const search = errorOf(await t.call('/search?q=topics', {}, env));
    expect(search.code).toBe(code);
    const health = await t.call('/health', {}, env);
    expect(health.status).toBe(503);
    const body = health.json();
    expect(body).toMatchObject({ status: 'degraded', store: { ok: true }, embedder: { ok: true } });
    expect(body.search).toMatchObject({ ok: false, error: { code, message: search.message } });
    // A configuration that works has no such entry.
    const healthy = await t.call('/health');
    expect(healthy.status).toBe(200);
    expect(healthy.json().search).toBeUndefined();
  });
});

describe('Cohere failures', () => {
  it('retries 429 honouring Retry-After, then succeeds', async () => {
    await t.faults([{ path: '/v2/embed', status: 429, body: { message: 'rate limited' }, headers: { 'retry-after': '0' }, times: 1 }]);
    const res = await t.call('/search?q=topics');
    expect(res.status).toBe(200);
    expect(await t.queryEmbeds()).toHaveLength(2);
    expect(res.json().timing.upstream_calls).toBeGreaterThanOrEqual(3);
  });

  it('retries 5xx with backoff and gives up with 502 embedding_failed', async () => {
    await t.faults([{ path: '/v2/embed', status: 503, body: { message: 'unavailable' }, times: 5 }]);
    const error = errorOf(await t.call('/search?q=topics'));
    expect(error).toMatchObject({ status: 502, code: 'embedding_failed', upstream_status: 503, attempts: 3 });
    expect(await t.queryEmbeds()).toHaveLength(3);
  });

  it('fails fast when Retry-After would overrun the request budget', async () => {
    await t.faults([{ path: '/v2/embed', status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '60' }, times: 1 }]);
    const res = await t.call('/search?q=topics', {}, { REQUEST_BUDGET_MS: '2000' });
    // Waiting would have retried (the fault answers once) and run into the budget (a 504): one
    // attempt and Cohere's own 429 show that it gave up at once, no clock needed.
    expect(errorOf(res)).toMatchObject({ status: 502, code: 'embedding_failed', upstream_status: 429 });
    expect(await t.queryEmbeds()).toHaveLength(1);
    expect(res.headers.get('retry-after')).toBe('60');
  });

  it('does not leak the API key when Cohere rejects it', async () => {
    const res = await t.call('/search?q=topics', {}, { COHERE_API_KEY: 'sk-live-very-secret' });
    expect(errorOf(res)).toMatchObject({ status: 502, code: 'embedding_failed', upstream_status: 401 });
    expect(res.text).not.toContain('sk-live-very-secret');
    expect(res.text).toContain('COHERE_API_KEY');
  });

  it('504 upstream_timeout when Cohere does not answer within the timeout', async () => {
    await t.faults([{ path: '/v2/embed', delayMs: 3000, times: 3 }]);
    const res = await t.call('/search?q=topics', {}, { UPSTREAM_TIMEOUT_MS: '200', REQUEST_BUDGET_MS: '1500' });
    expect(errorOf(res)).toMatchObject({ status: 504, code: 'upstream_timeout', upstream: 'cohere' });
  });

  it('retries a dropped connection', async () => {
    await t.faults([{ path: '/v2/embed', drop: true, times: 1 }]);
    const res = await t.call('/search?q=topics');
    expect(res.status).toBe(200);
    expect(await t.queryEmbeds()).toHaveLength(2);
  });
});

describe('Qdrant failures', () => {
  it('503 vector_store_unavailable after retries', async () => {
    await t.faults([{ path: '/points/query$', status: 503, body: { status: { error: 'overloaded' } }, times: 5 }]);
    const error = errorOf(await t.call('/search?q=topics'));
    expect(error).toMatchObject({ status: 503, code: 'vector_store_unavailable', upstream_status: 503 });
  });

  it('never reports the Qdrant API key and says which variable to check', async () => {
    const res = await t.call('/search?q=topics', {}, { QDRANT_API_KEY: 'qdrant-secret-123' });
    expect(errorOf(res)).toMatchObject({ status: 502, code: 'vector_store_error', upstream_status: 401 });
    expect(res.text).not.toContain('qdrant-secret-123');
    expect(res.text).toContain('QDRANT_API_KEY');
  });

  it('503 when Qdrant cannot be reached at all', async () => {
    const res = await t.call('/search?q=topics', {}, { QDRANT_URL: 'http://127.0.0.1:9', REQUEST_BUDGET_MS: '3000' });
    expect(errorOf(res)).toMatchObject({ status: 503, code: 'vector_store_unavailable' });
  });

  it('an answer cut short says the connection was closed, in Qdrant\'s and Cohere\'s case, never "could not be reached"', async () => {
    // workerd says "Network connection lost." for a refused and a dropped connection alike: a body
    // that broke off after the headers is what tells them apart.
    await t.faults([{ path: '/points/query$', status: 200, cutBody: true, times: 5 }]);
    const qdrant = errorOf(await t.call('/search?q=topics'));
    expect(qdrant).toMatchObject({ status: 503, code: 'vector_store_unavailable', network: true, connection: 'dropped' });
    expect(qdrant.message).toMatch(/^Qdrant closed the connection before it finished answering: /);
    await t.faults([{ path: '/v2/embed', status: 200, cutBody: true, times: 5 }]);
    const cohere = errorOf(await t.call('/search?q=topics+again'));
    expect(cohere).toMatchObject({ status: 502, code: 'embedding_failed', network: true, connection: 'dropped' });
    expect(cohere.message).toMatch(/^Cohere closed the connection before it finished answering: /);
  });

  it('keeps every request within REQUEST_BUDGET_MS', async () => {
    await t.faults([{ path: '/points/query$', delayMs: 5000, times: 3 }]);
    const res = await t.call('/search?q=topics', {}, { REQUEST_BUDGET_MS: '800' });
    // Without the budget each attempt would wait out UPSTREAM_TIMEOUT_MS (5 s) and retry; one attempt
    // cut to what was left of the 800 ms shows the budget bounds the request, with no clock in the test.
    const error = errorOf(res);
    expect(error).toMatchObject({ status: 504, code: 'upstream_timeout', upstream: 'qdrant', attempts: 1 });
    const waited = Number(/no answer within (\d+) ms/.exec(error.message)?.[1]);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(800);
  });
});

it('uses the keys only in headers', async () => {
  await t.call('/search?q=topics');
  const calls = await t.calls();
  expect(JSON.stringify(calls)).not.toContain(COHERE_KEY);
  expect(JSON.stringify(calls)).not.toContain(QDRANT_KEY);
});
