import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream/server';
import { COHERE_KEY, freshTenant, QDRANT_KEY, send, tenantClient } from './fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const embedBody = { model: 'embed-english-v3.0', input_type: 'search_query', texts: ['hello'] };
const create = { vectors: { size: 2, distance: 'Cosine' } };

describe('tenants', () => {
  it('keep collections and call logs apart, the bare prefix being "default"', async () => {
    const a = tenantClient(fake.url, freshTenant('a'));
    const b = tenantClient(fake.url, freshTenant('b'));
    await a.qdrant('PUT', '/collections/shared-name', create);
    expect((await b.qdrant('GET', '/collections/shared-name')).status).toBe(404);
    expect((await b.qdrant('PUT', '/collections/shared-name', { vectors: { size: 3, distance: 'Dot' } })).status).toBe(200);
    expect((await a.qdrant('GET', '/collections/shared-name')).json.result.config.params.vectors.size).toBe(2);
    const bare = await send(`${fake.url}/collections`, 'GET', undefined, { 'api-key': QDRANT_KEY });
    expect(bare.json.result.collections.map((c: { name: string }) => c.name)).not.toContain('shared-name');
    expect((await a.calls()).length).toBe(2);
    expect((await b.calls()).length).toBe(2);
  });
});

describe('call log', () => {
  it('records method, path without tenant or query, query, parsed body and service', async () => {
    const t = tenantClient(fake.url, freshTenant('log'));
    await t.qdrant('PUT', '/collections/c?timeout=5', create);
    await t.cohere('/v2/embed', embedBody);
    await t.qdrant('POST', '/collections/c/points/scroll', '{not json');
    await t.calls(); // control endpoints are not logged
    expect(await t.calls()).toEqual([
      { method: 'PUT', path: '/collections/c', query: { timeout: '5' }, body: create, service: 'qdrant' },
      { method: 'POST', path: '/v2/embed', query: {}, body: embedBody, service: 'cohere' },
      { method: 'POST', path: '/collections/c/points/scroll', query: {}, body: null, service: 'qdrant' },
    ]);
  });

  it('is cleared with everything else by reset', async () => {
    const t = tenantClient(fake.url, freshTenant('reset'));
    await t.qdrant('PUT', '/collections/c', create);
    await t.faults([{ path: '.*', status: 500, times: 5 }]);
    expect((await t.reset()).status).toBe(200);
    expect(await t.calls()).toEqual([]);
    const list = await t.qdrant('GET', '/collections');
    expect(list.status).toBe(200); // the fault is gone too
    expect(list.json.result.collections).toEqual([]);
  });
});

describe('faults', () => {
  it('answer the given status for the next `times` matching requests, then pass through', async () => {
    const t = tenantClient(fake.url, freshTenant('status'));
    await t.faults([{ method: 'POST', path: '^/v2/embed$', status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '2' }, times: 2 }]);
    const first = await t.cohere('/v2/embed', embedBody);
    expect(first.status).toBe(429);
    expect(first.json).toEqual({ message: 'slow down' });
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await t.cohere('/v2/embed', embedBody)).status).toBe(429);
    expect((await t.cohere('/v2/embed', embedBody)).status).toBe(200);
    expect((await t.calls()).length).toBe(3);
  });

  it('match by method and path regex, first queued first', async () => {
    const t = tenantClient(fake.url, freshTenant('match'));
    await t.faults([
      { method: 'GET', path: '/collections/c$', status: 503 },
      { path: '^/collections', status: 502 },
    ]);
    const put = await t.qdrant('PUT', '/collections/c', create);
    expect(put.status).toBe(502);
    // Default body in the service's own error shape.
    expect(put.json.status.error).toMatch(/fake fault/);
    expect((await t.qdrant('GET', '/collections/c')).status).toBe(503);
    expect((await t.qdrant('GET', '/collections/c')).status).toBe(404);
    await t.faults([{ path: 'embed', status: 500 }]);
    expect((await t.cohere('/v2/embed', embedBody)).json).toEqual({ message: 'fake fault (status 500)' });
  });

  it('delay and then answer normally when only delayMs is given', async () => {
    const t = tenantClient(fake.url, freshTenant('delay'));
    await t.faults([{ path: 'embed', delayMs: 150 }]);
    const started = performance.now();
    const res = await t.cohere('/v2/embed', embedBody);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });

  it('drop the connection without an answer', async () => {
    const t = tenantClient(fake.url, freshTenant('drop'));
    await t.faults([{ path: '/points/query', drop: true }]);
    await expect(t.qdrant('POST', '/collections/c/points/query', { query: [1, 0] })).rejects.toThrow();
    expect((await t.qdrant('POST', '/collections/c/points/query', { query: [1, 0] })).status).toBe(404);
    expect((await t.calls()).length).toBe(2);
  });

  it('refuse malformed fault lists', async () => {
    const t = tenantClient(fake.url, freshTenant('bad'));
    expect((await t.faults({ path: 'x' })).status).toBe(400);
    expect((await t.faults([{ path: '(' }])).status).toBe(400);
    expect((await t.faults([{ path: 'x', times: 0 }])).status).toBe(400);
    expect((await t.faults([{ path: 'x', statuss: 500 }])).json.error).toMatch(/statuss/);
  });
});

describe('server', () => {
  it('answers 404 on unknown control endpoints and 400 for a broken Cohere body', async () => {
    const t = tenantClient(fake.url, freshTenant('misc'));
    expect((await send(`${t.root}/__fake/nope`, 'GET')).status).toBe(404);
    const bad = await t.cohere('/v2/embed', '{', { authorization: `Bearer ${COHERE_KEY}` });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^invalid request/);
  });

  it('closes even with keep-alive connections open', async () => {
    const other = await startFakeUpstream();
    await send(`${other.url}/collections`, 'GET', undefined, { 'api-key': QDRANT_KEY });
    await other.close();
    await expect(fetch(`${other.url}/collections`)).rejects.toThrow();
  });

  it('listens on a requested port', async () => {
    const probe = await startFakeUpstream();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const fixed = await startFakeUpstream({ port });
    try {
      expect(fixed.url).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await fixed.close();
    }
  });
});
