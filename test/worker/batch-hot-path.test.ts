/**
 * Batch search on the hot path (issues 10 + 12): like a single search, a batch never asks for the
 * collection before searching — its facts come from memory/KV and all its searches go out in one
 * checked `query/batch`; a refusal is diagnosed with fresh facts, per search. Batch answers
 * bypass the result cache.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetIsolateCaches } from '../../src/worker/services';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';
import { callsDuring } from './support/strategy-calls';

const json = { 'content-type': 'application/json' };
const unique = (label: string) => `${label} topics ${Math.random().toString(36).slice(2)}`;
const summarize = (calls: { method: string; path: string; body: any }[]) =>
  calls.map((c) => (c.path === '/v2/embed' ? `embed:${c.body?.input_type}` : `${c.method} ${c.path}`));

function batch(t: Tenant, body: unknown) {
  return t.call('/search/batch', { method: 'POST', headers: json, body: JSON.stringify(body) });
}

let t: Tenant;
beforeEach(async () => {
  t = tenant('batch-hot');
  await seedCollection(t, DOCS);
});

describe('batch: one Cohere call and one Qdrant call, no describe', () => {
  it('on a fresh isolate (facts from KV): one search the collection cannot serve fails alone, the others share one query/batch', async () => {
    await t.call(`/search?q=${encodeURIComponent(unique('learn'))}`); // the deployment learns the facts once
    resetIsolateCaches();
    const queries = [unique('a'), unique('b'), { q: unique('c'), mode: 'hybrid' }];
    const { value, calls } = await callsDuring(t, () => batch(t, { queries }));
    expect(value.status).toBe(200);
    // The refusal from remembered facts is confirmed with fresh ones (error path only, as for a single search).
    expect(summarize(calls)).toEqual(['embed:search_query', 'GET /collections/textbook_chunks', 'POST /collections/textbook_chunks/points/query/batch']);
    const body = value.json();
    expect(body.summary).toEqual({ queries: 3, succeeded: 2, failed: 1 }); // hybrid: the collection has no BM25
    expect(body.answers[2]).toMatchObject({ ok: false, error: { code: 'mode_unavailable' } });
    expect(body.timing.upstream_calls).toBe(3); // embed + query/batch + the GET that confirmed the refusal
  });

  it('all searches servable on a fresh isolate: exactly 2 upstream calls, answers bypass the result cache', async () => {
    await t.call(`/search?q=${encodeURIComponent(unique('learn'))}`);
    resetIsolateCaches();
    const queries = [unique('a'), unique('b'), unique('c')];
    const first = await callsDuring(t, () => batch(t, { queries }));
    expect(summarize(first.calls)).toEqual(['embed:search_query', 'POST /collections/textbook_chunks/points/query/batch']);
    expect(first.value.json().timing.upstream_calls).toBe(2);
    expect(first.value.headers.get('cache-control')).toBe('no-store');
    // Repeated: embeddings are cached, the search itself runs again (one Qdrant call).
    const again = await callsDuring(t, () => batch(t, { queries }));
    expect(summarize(again.calls)).toEqual(['POST /collections/textbook_chunks/points/query/batch']);
    expect(again.value.json().answers.map((a: any) => [a.summary.cache, a.summary.result_cache])).toEqual(queries.map(() => ['hit', 'bypass']));
  });
});

describe('batch: refusals diagnosed with fresh facts, per search', () => {
  it('dimension mismatch: Qdrant refuses the batch, the facts explain it for each dense search', async () => {
    const small = tenant('batch-dims');
    await small.qdrant('PUT', '/collections/textbook_chunks', { vectors: { size: 384, distance: 'Cosine' } });
    const res = await batch(small, { queries: ['what is a topic', 'gazebo physics'] });
    expect(res.status).toBe(200);
    for (const answer of res.json().answers) expect(answer).toMatchObject({ ok: false, error: { code: 'dimension_mismatch', expected: 384, got: 1024 } });
    resetIsolateCaches(); // facts from KV now: checked before sending, nothing reaches the search
    const again = await batch(small, { queries: ['what is a topic'] });
    expect(again.json().answers[0]).toMatchObject({ ok: false, error: { code: 'dimension_mismatch' } });
  });

  it('stale facts never refuse a batch: a recreated collection is re-read and the corrected batch retried', async () => {
    await batch(t, { queries: [unique('learn')] }); // facts: unnamed 1024-d vector
    await t.qdrant('DELETE', '/collections/textbook_chunks');
    await seedCollection(t, DOCS, { vectorName: 'dense' });
    const res = await batch(t, { queries: [unique('x'), unique('y')] });
    expect(res.json().answers.map((a: any) => a.ok)).toEqual([true, true]);
    const { calls } = await callsDuring(t, () => batch(t, { queries: [unique('z'), unique('w')] }));
    const searches = calls.filter((c) => c.service === 'qdrant');
    expect(searches).toHaveLength(1);
    // (Each search is a prefetch rescored by the overview prior, so the vector name sits in the prefetch.)
    expect(searches[0]!.body.searches.map((s: any) => s.prefetch?.[0]?.using)).toEqual(['dense', 'dense']);
  });
});
