/**
 * Cohere rerank end to end (over-fetch, one `/v2/rerank`, scores and timing) and its fallback when
 * Cohere fails or no key is configured. MMR is in strategies-mmr.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeRelevance } from '../support/fake-upstream/fake-embedding';
import { tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';
import { callsDuring, ids, OFFLINE, search } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';

let t: Tenant;
beforeAll(async () => {
  t = tenant('rerank');
  await seedBm25Collection(t, STRATEGY_DOCS);
});

describe('rerank=cohere', () => {
  const q = 'sensor data topics';

  it('over-fetches k × 2, makes exactly one /v2/rerank call and reorders by relevance_score', async () => {
    const plain = await search(t, { q, k: 6 });
    const { value, calls } = await callsDuring(t, () => search(t, { q, k: 3, rerank: 'cohere' }));
    const rerankCalls = calls.filter((c) => c.path === '/v2/rerank');
    expect(rerankCalls).toHaveLength(1);
    expect(rerankCalls[0]!.body).toMatchObject({ model: 'rerank-v3.5', query: q, documents: plain.results.map((r) => r.content) });
    expect(calls.find((c) => c.path.endsWith('/points/query'))!.body.limit).toBe(6);
    const expected = plain.results
      .map((r, index) => ({ id: r.id, index, relevance: fakeRelevance(q, r.content), original: r.score }))
      .sort((a, b) => b.relevance - a.relevance || a.index - b.index)
      .slice(0, 3);
    expect(ids(value.results)).toEqual(ids(expected));
    value.results.forEach((r, i) => {
      expect(r.score).toBeCloseTo(expected[i]!.relevance, 12);
      expect(r.relevance_score).toBe(r.score);
      expect(r.original_score).toBe(expected[i]!.original);
      expect(r.original_rank).toBe(expected[i]!.index + 1);
    });
    expect(value.summary.rerank).toBe('cohere');
    expect(value.timing.rerank_ms).toEqual(expect.any(Number));
    expect(value.timing.upstream_calls).toBe(calls.length);
    expect(value.summary.warnings.map((w: any) => w.code)).not.toContain('rerank_failed');
  });

  it('RERANK_MODEL and RERANK_OVERFETCH are honoured', async () => {
    const { calls } = await callsDuring(t, () => search(t, { q, k: 2, rerank: 'cohere' }, { env: { RERANK_MODEL: 'rerank-english-v3.0', RERANK_OVERFETCH: '3' } }));
    expect(calls.find((c) => c.path === '/v2/rerank')!.body.model).toBe('rerank-english-v3.0');
    expect(calls.find((c) => c.path.endsWith('/points/query'))!.body.limit).toBe(6);
  });

  it('keyword + cohere: the rerank call is the only Cohere call', async () => {
    const { value, calls } = await callsDuring(t, () => search(t, { q, k: 2, mode: 'keyword', rerank: 'cohere' }));
    expect(value.status).toBe(200);
    expect(calls.filter((c) => c.service === 'cohere').map((c) => c.path)).toEqual(['/v2/rerank']);
  });

  it.each(['semantic', 'hybrid'])('falls back to the original order with a warning when /v2/rerank fails (%s)', async (mode) => {
    // A tenant of its own: faults left unused must not leak into other tests.
    const f = tenant('rerank-500');
    await seedBm25Collection(f, STRATEGY_DOCS);
    const plain = await search(f, { q, k: 3, mode });
    await f.faults([{ path: '^/v2/rerank$', status: 500, body: { message: 'boom' }, times: 5 }]);
    const { value, calls } = await callsDuring(f, () => search(f, { q, k: 3, mode, rerank: 'cohere' }));
    expect(value.status).toBe(200);
    expect(ids(value.results)).toEqual(ids(plain.results));
    expect(value.results.map((r) => r.score)).toEqual(plain.results.map((r) => r.score));
    for (const r of value.results) expect(r).not.toHaveProperty('relevance_score');
    const warning = value.summary.warnings.find((w: any) => w.code === 'rerank_failed');
    expect(warning.message).toMatch(/original order/);
    expect(value.summary.rerank).toBe('none'); // what was applied, not what was asked
    expect(calls.filter((c) => c.path === '/v2/rerank').length).toBeGreaterThanOrEqual(1);
    expect(value.timing.upstream_calls).toBe(calls.length);
    // The scores are still what the un-reranked search produced, and are rated as such.
    expect(value.summary.confidence.scale).toBe(plain.summary.confidence.scale);
    expect(value.summary.confidence.rating).toBe(plain.summary.confidence.rating);
  });

  it.each([
    ['a timeout', { delayMs: 1500, times: 2 }],
    ['a malformed answer', { status: 200, body: { results: [{ index: 99, relevance_score: 0.5 }] } }],
    ['a dropped connection', { drop: true, times: 2 }],
  ])('never fails the search: %s falls back too', async (_name, fault) => {
    const f = tenant('rerank-fault');
    await seedBm25Collection(f, STRATEGY_DOCS);
    const plain = await search(f, { q, k: 3 });
    await f.faults([{ path: '^/v2/rerank$', ...fault }]);
    const answer = await search(f, { q, k: 3, rerank: 'cohere' }, { env: { UPSTREAM_TIMEOUT_MS: '300' } });
    expect(answer.status).toBe(200);
    expect(ids(answer.results)).toEqual(ids(plain.results));
    expect(answer.summary.warnings.map((w: any) => w.code)).toContain('rerank_failed');
  });

  it('on the embedded default without a key: 200, original order, rerank_failed, no network', async () => {
    const eq = 'QoS reliability for sensor data topics';
    const plain = await search(t, { q: eq, k: 4 }, { env: OFFLINE });
    const { value, calls } = await callsDuring(t, () => search(t, { q: eq, k: 4, rerank: 'cohere' }, { env: OFFLINE }));
    expect(value.status).toBe(200);
    expect(ids(value.results)).toEqual(ids(plain.results));
    expect(value.summary.warnings.find((w: any) => w.code === 'rerank_failed').message).toContain('COHERE_API_KEY');
    expect(value.summary.rerank).toBe('none');
    expect(calls).toEqual([]);
  });
});
