/**
 * Defects found by fault injection and fuzzing (issue 11 §2), each reproduced here and kept as a
 * regression test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pointIdFor } from '../../src/core/common/point-id';
import { DOCS } from './support/docs';
import { COHERE_KEY, QDRANT_KEY, seedCollection, tenant, type Tenant } from './support/harness';
import { clearLogs, logText } from './support/log-capture';

let t: Tenant;
beforeAll(async () => {
  // The result cache would answer repeated queries without reaching the (faulty) upstreams.
  t = tenant('defects', { RESULT_CACHE_TTL_SECONDS: '0' });
  await seedCollection(t, DOCS);
});

const errorOf = (res: { status: number; json: () => any }) => ({ status: res.status, ...res.json().error });

describe('Qdrant answering 200 with a body we cannot use → 502 vector_store_error, not 500', () => {
  it.each([
    ['truncated JSON', '{"result":{"points":[{"id":1,"score":0.9,"payl'],
    ['an HTML page', '<html><body>502 Bad Gateway</body></html>'],
    ['an empty body', ''],
  ])('query: %s', async (_name, body) => {
    await t.faults([{ path: '/points/query$', status: 200, body, times: 1 }]);
    expect(errorOf(await t.call('/search?q=topics'))).toMatchObject({ status: 502, code: 'vector_store_error', upstream: 'qdrant' });
  });

  it.each([
    ['no result', { status: 'ok' }],
    ['result without points', { result: {} }],
    ['points not an array', { result: { points: 'none' } }],
    ['a point without a score', { result: { points: [{ id: 1, payload: {} }] } }],
    ['a point with a string score', { result: { points: [{ id: 1, score: '0.9' }] } }],
    ['a payload that is an array', { result: { points: [{ id: 1, score: 0.9, payload: [] }] } }],
    ['null', null],
  ])('query: wrong shape (%s)', async (_name, body) => {
    await t.faults([{ path: '/points/query$', status: 200, body, times: 1 }]);
    expect(errorOf(await t.call('/search?q=topics'))).toMatchObject({ status: 502, code: 'vector_store_error' });
  });

  it('batch query: fewer result lists than searches', async () => {
    await t.faults([{ path: '/points/query/batch$', status: 200, body: { result: [{ points: [] }] }, times: 1 }]);
    await t.qdrant('PUT', '/collections/textbook_chunks', { vectors: { size: 1024, distance: 'Cosine' } }).catch(() => undefined);
    const res = await t.call('/search?q=topics&mode=hybrid');
    // Hybrid needs the BM25 vector; whichever check trips first, it is a documented answer.
    expect([400, 502]).toContain(res.status);
    expect(res.json().error.code).not.toBe('internal_error');
  });

  it.each([
    ['a null result', { result: null }],
    ['no result', { status: 'ok' }],
    ['a record without an id', { result: [{ payload: {} }] }],
    ['a payload that is an array', { result: [{ id: 1, payload: [] }] }],
  ])('retrieve by id (expand=1 fetching neighbours): wrong shape (%s) degrades to the hit alone', async (_name, body) => {
    const e = tenant('defects-retrieve', { RESULT_CACHE_TTL_SECONDS: '0' });
    const file = 'balance.md';
    const texts = ['Balance starts with the centre of mass.', 'Ankle torque corrects small disturbances.', 'Preview control plans footsteps.'];
    await seedCollection(e, await Promise.all(texts.map(async (text, i) => ({ id: await pointIdFor(file, i), text, payload: { file_path: file, chunk_index: i } }))));
    await e.faults([{ method: 'POST', path: '/points$', status: 200, body, times: 1 }]);
    // The hit was found: a neighbour fetch Qdrant answers with an unusable body is a warning, not a 5xx.
    const res = await e.call('/search?q=ankle%20torque&k=1&expand=1');
    expect(res.status).toBe(200);
    const answer = res.json();
    expect(answer.results[0]).toMatchObject({ chunk_index: 1, passage: { chunk_indexes: [1] } });
    expect(answer.summary.warnings).toContainEqual(expect.objectContaining({ code: 'expand_failed', message: expect.stringContaining('vector_store_error') }));
  });

  it('a batch whose neighbour fetch fails warns only the searches that needed it, each with its own count', async () => {
    const e = tenant('defects-retrieve-batch', { RESULT_CACHE_TTL_SECONDS: '0' });
    const texts = ['Balance starts with the centre of mass.', 'Ankle torque corrects small disturbances.', 'Preview control plans footsteps.'];
    await seedCollection(e, [
      ...(await Promise.all(texts.map(async (text, i) => ({ id: await pointIdFor('balance.md', i), text, payload: { file_path: 'balance.md', chunk_index: i } })))),
      // Another pipeline's point (its id is not the deterministic one): never expanded, nothing to fetch.
      { id: 99, text: 'Soldering irons need a clean tinned tip.', payload: { file_path: 'solder.md', chunk_index: 0 } },
    ]);
    await e.faults([{ method: 'POST', path: '/points$', status: 503, body: 'down', times: 9 }]);
    const res = await e.call('/search/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queries: [{ q: 'ankle torque' }, { q: 'soldering tinned tip' }], defaults: { k: 1, expand: 1 } }) });
    expect(res.status).toBe(200);
    const [balance, solder] = res.json().answers;
    expect(balance.summary.warnings).toContainEqual(expect.objectContaining({ code: 'expand_failed', details: { missing: 2 } }));
    expect(solder.results[0]).toMatchObject({ chunk_index: 0 });
    expect(solder.results[0]).not.toHaveProperty('passage');
    expect(solder.summary.warnings.map((w: { code: string }) => w.code)).not.toContain('expand_failed');
  });

  it.each([
    ['truncated JSON', '{"result":{"config":{"params":'],
    ['no config', { result: { status: 'green' } }],
    ['vectors not an object', { result: { config: { params: { vectors: 7 } } } }],
  ])('collection info: %s (read by /health; searches learn it off the hot path)', async (_name, body) => {
    await t.faults([{ method: 'GET', path: '/collections/textbook_chunks$', status: 200, body, times: 1 }]);
    const res = await t.call('/health');
    expect(res.status).toBe(503);
    expect(res.json().store).toMatchObject({ ok: false, error: { code: 'vector_store_error' } });
  });
});

describe('upstream error text is never relayed raw', () => {
  it('Qdrant 400 echoing the key: reason redacted and capped, full text only in the log (redacted)', async () => {
    clearLogs();
    const echo = `Wrong input: bad request from api-key ${QDRANT_KEY} ${'x'.repeat(3000)}`;
    await t.faults([{ path: '/points/query$', status: 400, body: { status: { error: echo } }, times: 1 }]);
    const res = await t.call('/search?q=topics');
    const error = errorOf(res);
    expect(error).toMatchObject({ status: 502, code: 'vector_store_error', upstream_status: 400 });
    expect(res.text).not.toContain(QDRANT_KEY);
    expect(error.message.length).toBeLessThan(200);
    expect(error.message).toContain('Wrong input');
    const logs = logText().join('\n');
    expect(logs).not.toContain(QDRANT_KEY);
    expect(logs).toContain('Wrong input: bad request');
  });

  it('Cohere 400 echoing the key in its message and as a bearer token', async () => {
    clearLogs();
    await t.faults([{ path: '/v2/embed', status: 400, body: { message: `invalid token ${COHERE_KEY}; header was Authorization: Bearer ${COHERE_KEY}` }, times: 1 }]);
    const res = await t.call('/search?q=topics');
    expect(errorOf(res)).toMatchObject({ status: 502, code: 'embedding_failed', upstream_status: 400 });
    expect(res.text).not.toContain(COHERE_KEY);
    expect(res.json().error.message).toContain('[redacted]');
    expect(logText().join('\n')).not.toContain(COHERE_KEY);
  });

  it('a proxy echoing our own API keys in plain text', async () => {
    const apiKey = 'client-key-0123456789';
    await t.faults([{ path: '/v2/embed', status: 418, body: `teapot saw x-api-key=${apiKey} and ${apiKey}`, times: 1 }]);
    const res = await t.call('/search?q=topics', { headers: { 'x-api-key': apiKey } }, { API_KEYS: apiKey });
    expect(res.status).toBe(502);
    expect(res.text).not.toContain(apiKey);
  });
});

describe('request parsing', () => {
  it('?constructor= and ?__proto__= are unknown parameters, not "repeated" ones', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const error = errorOf(await t.call(`/search?q=topics&${name}=1`));
      expect(error.status).toBe(400);
      expect(error.message).not.toContain('more than once');
      expect(error.unknown).toEqual([name]);
    }
  });

  it('a JSON body with "__proto__" or "constructor" keys names them as unknown', async () => {
    const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":"topics","__proto__":{"k":2},"constructor":1}' });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(res.json().error.unknown).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
  });

  it('POST /search with query-string parameters is a 400 naming them', async () => {
    const res = await t.call('/search?k=2&mode=keyword', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":"topics"}' });
    expect(errorOf(res)).toMatchObject({ status: 400, code: 'invalid_request', params: ['k', 'mode'] });
  });

  it('honours Accept quality values', async () => {
    const format = async (accept: string) => (await t.call('/search?q=topics', { headers: { accept } })).headers.get('content-type') ?? '';
    expect(await format('text/event-stream;q=0, application/json')).toContain('application/json');
    expect(await format('application/x-ndjson;q=0.5, text/event-stream;q=0.9')).toContain('text/event-stream');
    expect(await format('application/json;q=0.1, application/x-ndjson')).toContain('application/x-ndjson');
    expect(await format('text/html, */*;q=0.8')).toContain('application/json');
  });

  it('405 answers carry Allow; POST /health is 405, not 404', async () => {
    const health = await t.call('/health', { method: 'POST' });
    expect(errorOf(health)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(health.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const search = await t.call('/search', { method: 'PUT' });
    expect(search.status).toBe(405);
    expect(search.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });
});

describe('request bodies over 64 KiB', () => {
  it('a body beyond the drain cap is cancelled instead of read forever', async () => {
    const body = chunkedBody(64 * 1024 * 1024);
    const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body.stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.cancelled()).toBe(true);
    expect(body.sent()).toBeLessThan(10 * 1024 * 1024);
  });

  function chunkedBody(totalBytes: number) {
    let sent = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        const chunk = new TextEncoder().encode(sent === 0 ? '{"q":"' : 'a'.repeat(Math.min(8192, totalBytes - sent)));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    return { stream, sent: () => sent, cancelled: () => cancelled };
  }

  it('a chunked body over the limit is read to its end (not left half-read) and answered 413', async () => {
    const body = chunkedBody(1024 * 1024);
    const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body.stream, duplex: 'half' } as RequestInit);
    expect(errorOf(res)).toMatchObject({ status: 413, code: 'payload_too_large' });
    // Drained, not cancelled: a cancelled body still stalls the connection under wrangler dev
    // (test/http/oversized-body.test.ts shows it over real HTTP).
    expect(body.sent()).toBe(1024 * 1024);
    expect(body.cancelled()).toBe(false);
    // And the Worker goes on answering.
    expect((await t.call('/search?q=topics')).status).toBe(200);
  });

  it('a chunked body under the limit still reaches the route intact', async () => {
    const text = JSON.stringify({ q: 'topics', k: 2 });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of [text.slice(0, 5), text.slice(5)]) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.json().results).toHaveLength(2);
  });
});
