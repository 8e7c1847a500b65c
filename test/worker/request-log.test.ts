/**
 * Request ids and the structured log line (issue 11 §3), read from the Worker's real console
 * output (captured by the test setup).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';
import { clearLogs, logText, requestLogs } from './support/log-capture';

let t: Tenant;
beforeAll(async () => {
  // The result cache would answer repeated queries without reaching the (faulty) upstreams.
  t = tenant('logs', { RESULT_CACHE_TTL_SECONDS: '0' });
  await seedCollection(t, DOCS);
});
beforeEach(() => clearLogs());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('is taken from the request when sane', async () => {
    const res = await t.call('/search?q=topics', { headers: { 'x-request-id': 'trace-abc.123:4' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123:4');
    expect(requestLogs()[0]?.request_id).toBe('trace-abc.123:4');
  });

  it.each([
    ['absent', undefined],
    ['with spaces', 'a b'],
    ['too long', 'x'.repeat(200)],
    ['with a quote', 'id"injected'],
  ])('is generated when %s', async (_name, value) => {
    const res = await t.call('/search?q=topics', value === undefined ? {} : { headers: { 'x-request-id': value } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it.each([
    ['a search', '/search?q=topics', {}, 200],
    ['a 404', '/nope', {}, 404],
    ['a 405', '/health', { method: 'DELETE' }, 405],
    ['a 400', '/search?k=1', {}, 400],
    ['a preflight', '/search', { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' } }, 204],
  ] as const)('is on every response: %s', async (_name, path, init, status) => {
    const res = await t.call(path, init as RequestInit);
    expect(res.status).toBe(status);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    if (status >= 400) expect(res.json().error.request_id).toBe(id);
  });

  it('is readable by a browser on another origin', async () => {
    const res = await t.call('/search?q=topics', { headers: { origin: 'https://a.example' } });
    expect((res.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('x-request-id');
  });
});

describe('one structured log line per request', () => {
  it('says route, status, mode, format, cache, upstream calls and timings — and not the query', async () => {
    await t.call('/search?q=secret%20medical%20question%20topics&mode=semantic');
    const lines = requestLogs();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      route: '/search',
      method: 'GET',
      status: 200,
      mode: 'semantic',
      format: 'json',
      cache: { embedding: 'miss' },
      upstream_calls: 3,
      timing: { upstream_calls: 3 },
      caller: 'anonymous',
    });
    expect(typeof lines[0]!.duration_ms).toBe('number');
    expect(logText().join('\n')).not.toContain('medical');
  });

  it('logs the query only with LOG_QUERIES=true', async () => {
    await t.call('/search?q=topics%20and%20nodes', {}, { LOG_QUERIES: 'true' });
    expect(requestLogs()[0]?.query).toBe('topics and nodes');
  });

  it('an error line carries the code and, for upstream failures, the redacted upstream text', async () => {
    await t.faults([{ path: '/points/query$', status: 400, body: { status: { error: 'Format error in JSON body: oops' } }, times: 1 }]);
    await t.call('/search?q=topics');
    expect(requestLogs()[0]).toMatchObject({ status: 502, error_code: 'vector_store_error', route: '/search' });
    expect(requestLogs()[0]!.error_detail).toContain('Format error in JSON body: oops');
  });

  it('a cache write that fails after the response is still noted in the line', async () => {
    const kv = { get: async () => null, put: async () => { throw new Error('KV put exploded'); } };
    const res = await t.call('/search?q=topics', {}, { EMBED_CACHE: kv });
    expect(res.status).toBe(200);
    const lines = requestLogs();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.notes.join(' ')).toContain('embedding cache write failed: KV put exploded');
  });

  it('unmatched paths log as "unmatched", not the caller-controlled path', async () => {
    await t.call('/wp-admin/../etc/passwd');
    expect(requestLogs()[0]).toMatchObject({ route: 'unmatched', status: 404 });
  });
});
