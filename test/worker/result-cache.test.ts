/**
 * The edge result cache: a repeated question makes zero upstream calls (in the isolate and, via
 * the Cache API, in a fresh one), every answer-changing parameter is in the key, clients can
 * bypass, TTL 0 turns it off, degraded answers are not kept, and a purge after a re-ingest makes
 * the new index visible at once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetIsolateCaches } from '../../src/worker/services';
import { DOCS } from './support/docs';
import { ndjson, seedCollection, tenant, type Tenant } from './support/harness';
import { callsDuring } from './support/strategy-calls';

let t: Tenant;
beforeEach(async () => {
  t = tenant('rcache');
  await seedCollection(t, DOCS);
});

const unique = (label: string) => `${label} topics ${Math.random().toString(36).slice(2)}`;
const path = (q: string, extra = '') => `/search?q=${encodeURIComponent(q)}${extra}`;
const ADMIN = { ADMIN_API_KEY: 'admin-secret-0123456789' };

describe('result cache', () => {
  it('miss, then a hit with zero upstream calls and truthful headers', async () => {
    const q = unique('repeat');
    const miss = await t.call(path(q));
    expect(miss.json().summary.result_cache).toBe('miss');
    expect(miss.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(miss.headers.get('cache-status')).toBe('edge-retriever; fwd=uri-miss; stored');
    const { value: hit, calls } = await callsDuring(t, () => t.call(path(q)));
    expect(calls).toEqual([]);
    const body = hit.json();
    expect(body.summary.result_cache).toBe('hit');
    expect(body.summary.cache).toBe('none'); // nothing was embedded for this request
    expect(body.timing.upstream_calls).toBe(0);
    expect(body.results).toEqual(miss.json().results);
    expect(hit.headers.get('age')).toMatch(/^\d+$/);
    expect(hit.headers.get('cache-status')).toMatch(/^edge-retriever; hit; ttl=\d+$/);
  });

  it('a fresh isolate is served from the Cache API: zero upstream calls', async () => {
    const q = unique('shared');
    await t.call(path(q));
    resetIsolateCaches();
    const { value, calls } = await callsDuring(t, () => t.call(path(q)));
    expect(calls).toEqual([]);
    expect(value.json().summary.result_cache).toBe('hit');
  });

  it('a new deployment never serves what the previous one cached (the version id is in the key)', async () => {
    const q = unique('deploy');
    const version = (id: string) => ({ CF_VERSION_METADATA: { id, tag: '', timestamp: '2026-11-25T00:00:00Z' } });
    expect((await t.call(path(q), {}, version('v1'))).json().summary.result_cache).toBe('miss');
    resetIsolateCaches(); // a new deployment starts in new isolates; the zone's Cache API stays
    expect((await t.call(path(q), {}, version('v1'))).json().summary.result_cache).toBe('hit');
    resetIsolateCaches();
    const { value, calls } = await callsDuring(t, () => t.call(path(q), {}, version('v2')));
    expect(value.json().summary.result_cache).toBe('miss');
    expect(calls.some((c) => /points\/query/.test(c.path))).toBe(true);
  });

  it('keys on every parameter that changes the answer, not on spacing or format', async () => {
    const q = unique('keyed');
    await t.call(path(q));
    for (const extra of ['&k=2', '&rerank=mmr&lambda=0.3', '&chapter=ros2-topics', '&threshold=0.1', '&include_metadata=false', '&rerank=mmr']) {
      const res = await t.call(path(q, extra));
      expect(res.json().summary?.result_cache, `${extra}: ${res.text.slice(0, 300)}`).toBe('miss');
    }
    expect((await t.call(path(`  ${q.replace(/ /g, '   ')} `))).json().summary.result_cache).toBe('hit');
    const nd = await t.call(path(q), { headers: { accept: 'application/x-ndjson' } });
    expect(ndjson(nd.text).at(-1).summary.result_cache).toBe('hit');
    const post = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q }) });
    expect(post.json().summary.result_cache).toBe('hit');
  });

  it('searches the spelling it keys on: a full-width or line-broken variant is the same question, cached or not', async () => {
    const q = unique('width');
    const wide = `${q.replace('topics', 'ｔｏｐｉｃｓ')}\n`;
    const first = await t.call(path(wide));
    expect(first.json().query).toBe(q);
    expect(first.json().summary.result_cache).toBe('miss');
    // The cached answer is the one the plain spelling gets searched fresh.
    const plain = await t.call(path(q), { headers: { 'cache-control': 'no-cache' } });
    expect(plain.json().results).toEqual(first.json().results);
  });

  it('keeps the cached answer across settings that never change one: access, limits, logging', async () => {
    const q = unique('access');
    await t.call(path(q));
    const keyed = { API_KEYS: 'rotated-key-0123456789abcdef', ALLOW_ANONYMOUS: 'true' };
    for (const env of [{ RATE_LIMITS: 'off' }, { LOG_QUERIES: 'true' }, { BATCH_MAX_QUERIES: '4' }, keyed]) {
      expect((await t.call(path(q), {}, env)).json().summary?.result_cache, JSON.stringify(env)).toBe('hit');
    }
  });

  it('behind API keys an answer is private: no shared cache may hand a key holder\'s answer to a caller without one', async () => {
    const q = unique('private');
    const env = { API_KEYS: 'holder-key-0123456789abcdef' };
    const presented: Record<string, string>[] = [{ authorization: 'Bearer holder-key-0123456789abcdef' }, { 'x-api-key': 'holder-key-0123456789abcdef' }];
    for (const headers of presented) {
      const res = await t.call(path(q), { headers }, env);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=0');
    }
    // Still served from the Worker's own cache, which keys on the question, not the caller.
    const again = await t.call(path(q), { headers: { 'x-api-key': 'holder-key-0123456789abcdef' } }, env);
    expect(again.json().summary.result_cache).toBe('hit');
  });

  it('keys on the configuration: another collection, model or payload mapping misses', async () => {
    const q = unique('config');
    await t.call(path(q));
    expect((await t.call(path(q), {}, { TOP_K_DEFAULT: '3' })).json().summary.result_cache).toBe('miss');
    expect((await t.call(path(q), {}, { LOW_CONFIDENCE_SCORE: '0.9' })).json().summary.result_cache).toBe('miss');
  });

  it('cache=bypass and Cache-Control: no-cache compute afresh and say so', async () => {
    const q = unique('bypass');
    await t.call(path(q));
    const byParam = await callsDuring(t, () => t.call(path(q, '&cache=bypass')));
    expect(byParam.value.json().summary.result_cache).toBe('bypass');
    expect(byParam.calls.filter((c) => c.service === 'qdrant')).toHaveLength(1);
    // The fresh answer replaces the stored one, so it is as reusable as any other.
    expect(byParam.value.headers.get('cache-status')).toBe('edge-retriever; fwd=bypass; stored');
    const byHeader = await t.call(path(q), { headers: { 'cache-control': 'no-cache' } });
    expect(byHeader.json().summary.result_cache).toBe('bypass');
    expect((await t.call(path(q, '&cache=maybe'))).json().error).toMatchObject({ code: 'invalid_request', params: ['cache'] });
  });

  it('RESULT_CACHE_TTL_SECONDS=0 turns it off: every repeat reaches Qdrant, no-store', async () => {
    const q = unique('off');
    const off = { RESULT_CACHE_TTL_SECONDS: '0' };
    await t.call(path(q), {}, off);
    const { value, calls } = await callsDuring(t, () => t.call(path(q), {}, off));
    expect(value.json().summary.result_cache).toBe('bypass');
    expect(value.headers.get('cache-control')).toBe('no-store');
    expect(calls.filter((c) => c.service === 'qdrant')).toHaveLength(1);
  });

  it('entries expire after the TTL', async () => {
    const q = unique('expire');
    const short = { RESULT_CACHE_TTL_SECONDS: '1' };
    await t.call(path(q), {}, short);
    expect((await t.call(path(q), {}, short)).json().summary.result_cache).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.call(path(q), {}, short)).json().summary.result_cache).toBe('miss');
  });

  it('does not keep a degraded answer (reranker failed)', async () => {
    const q = unique('degraded');
    await t.faults([{ path: '^/v2/rerank$', status: 500, times: 3 }]);
    const first = await t.call(path(q, '&rerank=cohere'));
    expect(first.json().summary.warnings.map((w: any) => w.code)).toContain('rerank_failed');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await t.call(path(q, '&rerank=cohere'))).json().summary.result_cache).toBe('miss');
  });

  it('a re-ingest is served stale until purged; POST /admin/cache/purge makes it visible at once', async () => {
    const q = 'quality of service for sensor data';
    const before = (await t.call(path(q), {}, ADMIN)).json();
    await t.qdrant('PUT', '/collections/textbook_chunks/points?wait=true', {
      points: [{ id: 2, vector: (await t.embedDocuments(['an unrelated sentence about cooking pasta']))[0], payload: { content: 'an unrelated sentence about cooking pasta' } }],
    });
    const stale = (await t.call(path(q), {}, ADMIN)).json();
    expect(stale.summary.result_cache).toBe('hit');
    expect(stale.results).toEqual(before.results);

    const purge = await t.call('/admin/cache/purge', { method: 'POST', headers: { authorization: 'Bearer admin-secret-0123456789' } }, ADMIN);
    expect(purge.status).toBe(200);
    expect(purge.json()).toMatchObject({ purged: true, facts: 'refreshed' });
    const fresh = (await t.call(path(q), {}, ADMIN)).json();
    expect(fresh.summary.result_cache).toBe('miss');
    expect(fresh.results.map((r: any) => r.content)).toContain('an unrelated sentence about cooking pasta');

    resetIsolateCaches(); // another isolate reads the new version from KV
    expect((await t.call(path(q), {}, ADMIN)).json().summary.result_cache).toBe('hit');
  });

  it('the purge route wants the admin key, and is off without one', async () => {
    const wrong = await t.call('/admin/cache/purge', { method: 'POST', headers: { authorization: 'Bearer nope' } }, ADMIN);
    expect(wrong.status).toBe(401);
    expect(wrong.json().error.code).toBe('unauthorized');
    const off = await t.call('/admin/cache/purge', { method: 'POST', headers: { authorization: 'Bearer admin-secret-0123456789' } });
    expect(off.status).toBe(404);
  });
});
