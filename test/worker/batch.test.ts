/**
 * `POST /search/batch`: one Cohere embed call for every cache miss and one Qdrant round trip for
 * every search (counted on the fake), answers in input order, one bad query as its own entry,
 * shared defaults with per-query overrides, JSON / NDJSON / SSE.
 */
import { describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { ndjson, QDRANT_KEY, seedCollection, sseEvents, tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';

const QUESTIONS = ['what do ROS 2 topics carry', 'gazebo physics simulation', 'isaac sim synthetic data', 'quality of service for sensor data'];
const json = { 'content-type': 'application/json' };
const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };

async function seeded(name = 'batch'): Promise<Tenant> {
  const t = tenant(name);
  await seedCollection(t, DOCS);
  return t;
}

function batch(t: Tenant, body: unknown, headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) {
  return t.call('/search/batch', { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) }, overrides);
}

const queryCalls = async (t: Tenant) => (await t.calls('qdrant')).filter((c) => c.method === 'POST' && /\/points\/query(\/batch)?$/.test(c.path));

describe('POST /search/batch', () => {
  it('n uncached queries: exactly 1 Cohere embed call and 1 Qdrant call; answers in input order, as single searches', async () => {
    const t = await seeded();
    const res = await batch(t, { queries: QUESTIONS, defaults: { k: 2 } });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.answers.map((a: any) => [a.index, a.ok, a.query])).toEqual(QUESTIONS.map((q, i) => [i, true, q]));
    const embeds = await t.queryEmbeds();
    expect(embeds).toHaveLength(1);
    expect(embeds[0]!.body.texts).toEqual(QUESTIONS);
    const queries = await queryCalls(t);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.path).toMatch(/\/points\/query\/batch$/);
    expect(queries[0]!.body.searches).toHaveLength(4);
    expect(body.summary).toEqual({ queries: 4, succeeded: 4, failed: 0 });
    expect(body.timing.upstream_calls).toBe(3); // GET collection + embed + query/batch
    // Each answer is what the single search returns.
    for (const [i, q] of QUESTIONS.entries()) {
      const single = (await t.call(`/search?q=${encodeURIComponent(q)}&k=2`)).json();
      expect(body.answers[i].results.map((r: any) => [r.id, r.score])).toEqual(single.results.map((r: any) => [r.id, r.score]));
      expect(body.answers[i].summary.cache).toBe('miss');
    }
  });

  it('embeds only the cache misses, each distinct text once', async () => {
    const t = await seeded();
    await batch(t, { queries: QUESTIONS.slice(0, 2) });
    const again = (await batch(t, { queries: [QUESTIONS[0], QUESTIONS[2], QUESTIONS[2], QUESTIONS[1]] })).json();
    expect(again.answers.map((a: any) => a.summary.cache)).toEqual(['hit', 'miss', 'miss', 'hit']);
    const embeds = await t.queryEmbeds();
    expect(embeds.map((e) => e.body.texts)).toEqual([QUESTIONS.slice(0, 2), [QUESTIONS[2]]]);
    expect(await queryCalls(t)).toHaveLength(2);
    const cached = (await batch(t, { queries: QUESTIONS.slice(0, 3) })).json();
    expect(cached.answers.every((a: any) => a.summary.cache === 'hit')).toBe(true);
    expect(await t.queryEmbeds()).toHaveLength(2); // nothing new
  });

  it('a repeated search runs once: one Cohere rerank call per distinct rerank=cohere search, the same answer at each index', async () => {
    const t = await seeded();
    const rerank = { q: QUESTIONS[0], rerank: 'cohere', k: 2 };
    const body = (await batch(t, { queries: [rerank, rerank, { ...rerank, k: 3 }, rerank] })).json();
    expect(body.answers.map((a: any) => [a.index, a.ok])).toEqual([[0, true], [1, true], [2, true], [3, true]]);
    const rerankCalls = (await t.calls('cohere')).filter((c) => c.path === '/v2/rerank');
    expect(rerankCalls).toHaveLength(2);
    for (const i of [1, 3]) expect(body.answers[i]).toEqual({ ...body.answers[0], index: i });
    expect(body.answers[2].results).toHaveLength(3);
  });

  it('a bad query is its own error entry; the others run', async () => {
    const t = await seeded();
    const body = (await batch(t, { queries: [QUESTIONS[0], { k: 3 }, { q: 'gazebo', k: 'many' }, 42, { q: 'isaac', format: 'context' }, { q: 'isaac', colour: 1 }] })).json();
    expect(body.answers.map((a: any) => a.ok)).toEqual([true, false, false, false, false, false]);
    expect(body.answers[1]).toMatchObject({ index: 1, ok: false, error: { code: 'invalid_request', params: ['q'] } });
    expect(body.answers[2].error.params).toEqual(['k']);
    expect(body.answers[3].error.code).toBe('invalid_request');
    expect(body.answers[4].error.params).toEqual(['format']);
    expect(body.answers[5].error).toMatchObject({ unknown: ['colour'] });
    expect(body.summary).toEqual({ queries: 6, succeeded: 1, failed: 5 });
    expect((await t.queryEmbeds())[0]!.body.texts).toEqual([QUESTIONS[0]]);
  });

  it('Cohere down: the searches that need an embedding fail alone, a keyword search is answered', async () => {
    const t = tenant('batch-embed-down');
    await seedBm25Collection(t, DOCS);
    await t.faults([{ path: '^/v2/embed$', status: 401, body: { message: 'invalid api token' }, times: 10 }]);
    const res = await batch(t, { queries: ['gazebo physics simulation', { q: 'isaac sim synthetic data', mode: 'keyword' }] });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.answers[0]).toMatchObject({ index: 0, ok: false, error: { code: 'embedding_failed' } });
    expect(JSON.stringify(body.answers[0].error)).not.toContain('invalid api token'); // no raw upstream text
    expect(body.answers[1]).toMatchObject({ index: 1, ok: true, mode: 'keyword' });
    expect(body.answers[1].results.length).toBeGreaterThan(0);
    expect(body.summary).toEqual({ queries: 2, succeeded: 1, failed: 1 });
    // With nothing to answer without the embedding, the request fails as a single search does.
    const all = await batch(t, { queries: ['gazebo physics simulation', 'isaac sim synthetic data'] });
    expect(all.status).toBe(502);
    expect(all.json().error.code).toBe('embedding_failed');
  });

  it('embedder_mismatch (COHERE_API_KEY on the LSA-built embedded index) fails the searches that need a vector alone; keyword is answered', async () => {
    const t = tenant('batch-embedder-mismatch');
    const keyOnly = { ...offline, COHERE_API_KEY: 'test-cohere-key' };
    const res = await batch(t, { queries: ['URDF', { q: 'URDF', mode: 'keyword', k: 1 }] }, {}, keyOnly);
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.answers[0]).toMatchObject({ index: 0, ok: false, error: { code: 'embedder_mismatch', query_embedder: { kind: 'cohere' } } });
    expect(body.answers[1]).toMatchObject({ index: 1, ok: true, mode: 'keyword' });
    expect(body.answers[1].results).toHaveLength(1);
    expect(body.summary).toEqual({ queries: 2, succeeded: 1, failed: 1 });
    expect(await t.calls()).toEqual([]); // refused before any Cohere call
    // With nothing to answer without a vector, the request fails as a single search does.
    const all = await batch(t, { queries: ['URDF', 'gazebo'] }, {}, keyOnly);
    expect(all.status).toBe(409);
    expect(all.json().error.code).toBe('embedder_mismatch');
  });

  it('a search the collection cannot serve (hybrid without BM25) fails alone', async () => {
    const t = await seeded();
    const body = (await batch(t, { queries: [{ q: 'topics', mode: 'hybrid' }, { q: 'topics' }] })).json();
    expect(body.answers[0]).toMatchObject({ ok: false, error: { code: 'mode_unavailable' } });
    expect(body.answers[1]).toMatchObject({ ok: true, mode: 'semantic' });
  });

  it('shared defaults with per-query overrides; modes mixed in the same single Qdrant call', async () => {
    const t = tenant('batch-hybrid');
    await seedBm25Collection(t, DOCS);
    const body = (
      await batch(t, {
        defaults: { k: 2, mode: 'hybrid', include_metadata: false },
        queries: ['ROS 2 topics', { q: 'gazebo physics', mode: 'keyword', k: 3 }, { q: 'isaac sim', mode: 'semantic', rerank: 'mmr' }, { q: 'sensor data', threshold: 0.99 }],
      })
    ).json();
    expect(body.answers.map((a: any) => [a.mode, a.top_k])).toEqual([['hybrid', 2], ['keyword', 3], ['semantic', 2], ['hybrid', 2]]);
    expect(body.answers.every((a: any) => a.results.every((r: any) => !('metadata' in r)))).toBe(true);
    expect(body.answers[3].summary.threshold).toBe(0.99);
    const queries = await queryCalls(t);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.body.searches).toHaveLength(2 + 1 + 1 + 2); // hybrid = dense + sparse
    const embeds = await t.queryEmbeds();
    expect(embeds).toHaveLength(1);
    expect(embeds[0]!.body.texts).toEqual(['ROS 2 topics', 'isaac sim', 'sensor data']); // keyword needs no embedding
  });

  it('rejects the whole request for a bad envelope, bad defaults or too many queries', async () => {
    const t = await seeded();
    const cases: [unknown, Record<string, unknown>, string][] = [
      [{ queries: 'tf2' }, {}, 'queries'],
      [{ queries: [] }, {}, 'queries'],
      [{ queries: ['a'], extra: 1 }, {}, 'extra'],
      [{ queries: Array.from({ length: 17 }, (_, i) => `q${i}`) }, {}, 'queries'],
      [{ queries: ['a', 'b', 'c'] }, { BATCH_MAX_QUERIES: '2' }, 'queries'],
      [{ queries: ['a'], defaults: { k: 'x' } }, {}, 'defaults.k'],
      [{ queries: ['a'], defaults: { colour: 1 } }, {}, 'defaults.colour'],
      [{ queries: ['a'], defaults: { q: 'x' } }, {}, 'defaults.q'],
    ];
    for (const [body, overrides, param] of cases) {
      const res = await batch(t, body, {}, overrides);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.params).toContain(param);
    }
    expect((await batch(t, { queries: Array.from({ length: 17 }, (_, i) => `q${i}`) })).json().error.max_queries).toBe(16);
    // An unknown top-level key is named, as an unknown parameter of a single search is.
    const extra = (await batch(t, { queries: ['a'], extra: 1 })).json().error;
    expect(extra).toMatchObject({ params: ['extra'], unknown: ['extra'] });
    expect(extra.message).toContain('unknown key "extra"');
    expect(await t.queryEmbeds()).toHaveLength(0);
    const text = await t.call('/search/batch', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    const get = await t.call('/search/batch');
    expect(get.status).toBe(405);
    expect(get.json().error.allowed).toEqual(['POST', 'OPTIONS']);
  });

  it('streams NDJSON and SSE answers tagged with their index, then the summary', async () => {
    const t = await seeded();
    const lines = ndjson((await batch(t, { queries: [QUESTIONS[0], { k: 1 }, QUESTIONS[1]] }, { accept: 'application/x-ndjson' })).text);
    expect(lines.map((l) => [l.type, l.index, l.ok])).toEqual([['answer', 0, true], ['answer', 1, false], ['answer', 2, true], ['summary', undefined, undefined]]);
    expect(lines[3]!.summary).toEqual({ queries: 3, succeeded: 2, failed: 1 });
    const events = sseEvents((await batch(t, { queries: [QUESTIONS[0], QUESTIONS[1]] }, { accept: 'text/event-stream' })).text);
    expect(events.map((e) => [e.event, e.data.index])).toEqual([['answer', 0], ['answer', 1], ['summary', undefined]]);
    expect(events[1]!.data.results.length).toBeGreaterThan(0);
  });

  it('expand in a batch fetches every query\'s neighbours in one call', async () => {
    const t = tenant('batch-expand');
    const { pointIdFor } = await import('../../src/core/common/point-id');
    const docs = await Promise.all(
      ['Topics carry messages.', 'Publishers send on topics.', 'Subscribers receive topics.', 'Gazebo simulates physics.', 'Gazebo worlds hold models.'].map(async (text, i) => {
        const file = i < 3 ? 'ros.md' : 'gazebo.md';
        const index = i < 3 ? i : i - 3;
        return { id: await pointIdFor(file, index), text, payload: { file_path: file, chunk_index: index, start_line: index * 5 + 1, end_line: index * 5 + 5 } };
      }),
    );
    await seedCollection(t, docs);
    const body = (await batch(t, { defaults: { k: 1, expand: 1 }, queries: ['publishers send', 'gazebo simulates physics'] })).json();
    expect(body.answers.map((a: any) => a.results[0].passage.chunk_indexes)).toEqual([[0, 1, 2], [0, 1]]);
    const retrieves = (await t.calls('qdrant')).filter((c) => c.method === 'POST' && c.path.endsWith('/points'));
    expect(retrieves).toHaveLength(1);
  });

  it('on the embedded default: no upstream call at all', async () => {
    const t = tenant('batch-offline');
    const body = (await batch(t, { queries: ['ROS 2 topics', 'URDF joints', { q: 'Isaac Sim', mode: 'keyword' }] }, {}, offline)).json();
    expect(body.answers.every((a: any) => a.ok && a.results.length > 0)).toBe(true);
    expect(body.timing.upstream_calls).toBe(0);
    expect(await t.calls()).toEqual([]);
  });
});

describe('batch errors and secrets', () => {
  it('a query error that would quote a secret is redacted, as a single search error is', async () => {
    const t = tenant('batch-redact');
    await seedCollection(t, DOCS);
    const res = await batch(t, { queries: [{ q: 'isaac', [QDRANT_KEY]: 1 }, 'isaac'] });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.answers[0]).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(body.answers[0].error.message).toContain('[redacted]');
    expect(res.text).not.toContain(QDRANT_KEY);
    const single = await t.call(`/search?q=isaac&${QDRANT_KEY}=1`);
    expect(single.status).toBe(400);
    expect(single.text).not.toContain(QDRANT_KEY);
  });
});
