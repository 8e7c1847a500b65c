/**
 * Search modes end to end in the Workers runtime: every mode × store (fake Qdrant with a `bm25`
 * sparse vector, and the embedded default over the bundled sample book) × method × response
 * format, the upstream round trips each mode costs, and `mode_unavailable`.
 */
import { HEADING_MATCH_WEIGHT } from '../../src/core/query/search/heading-match';
import { HOME_PRIOR } from '../../src/core/query/stores/score-formula';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/common/bm25/index';
import { tenant, type Tenant } from './support/harness';
import { expectedBm25, expectedCosine, seedBm25Collection } from './support/seed-bm25';
import { callsDuring, contextBlocks, FORMATS, ids, METHODS, OFFLINE, search, type Answer } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';

const MODES = ['semantic', 'keyword', 'hybrid'] as const;
const STORES = ['qdrant', 'embedded'] as const;
const QUERY = { qdrant: 'sensor data topics', embedded: 'QoS reliability for sensor data topics' };

let t: Tenant;
beforeAll(async () => {
  t = tenant('modes');
  await seedBm25Collection(t, STRATEGY_DOCS);
});

const envFor = (store: (typeof STORES)[number]) => (store === 'embedded' ? OFFLINE : {});

describe('every mode × store × method × format', () => {
  const references = new Map<string, Answer>();
  const reference = async (store: (typeof STORES)[number], mode: string) => {
    const key = `${store}/${mode}`;
    if (!references.has(key)) references.set(key, await search(t, { q: QUERY[store], k: 3, mode }, { env: envFor(store) }));
    return references.get(key)!;
  };

  for (const store of STORES) {
    for (const mode of MODES) {
      for (const method of METHODS) {
        it.each(FORMATS)(`${store} ${mode} ${method} %s`, async (format) => {
          const ref = await reference(store, mode);
          expect(ref.status).toBe(200);
          expect(ref.results).toHaveLength(3);
          const answer = await search(t, { q: QUERY[store], k: 3, mode }, { method, format, env: envFor(store) });
          expect(answer.status).toBe(200);
          if (format === 'context') {
            const blocks = contextBlocks(answer.text);
            expect(blocks.map((b) => b.n)).toEqual([1, 2, 3]);
            blocks.forEach((block, i) => {
              const r = ref.results[i];
              expect(block).toEqual({ n: i + 1, score: Number(r.score.toFixed(4)), source: r.section_url, chapter: r.chapter, section: r.section, body: r.content.trim() });
            });
            return;
          }
          expect(answer.meta).toMatchObject({ mode, store: { kind: store }, top_k: 3 });
          expect(answer.meta.embedder === null).toBe(mode === 'keyword');
          expect(answer.summary).toMatchObject({ mode, rerank: 'none', returned: 3 });
          expect(answer.summary.fusion).toBe(mode === 'hybrid' ? 'weighted' : undefined);
          expect(ids(answer.results)).toEqual(ids(ref.results));
          expect(answer.results.map((r) => r.score)).toEqual(ref.results.map((r) => r.score));
          for (const r of answer.results) {
            if (mode === 'hybrid') {
              // The local model also reports its heading match, and the score includes it (heading-match.ts).
              if (store === 'embedded') {
                expect(r.scores).toEqual({ semantic: expect.any(Number), keyword: expect.anything(), fused: expect.any(Number), heading: expect.any(Number) });
                expect(r.score).toBeCloseTo((r.scores.fused + HEADING_MATCH_WEIGHT * Math.max(0, r.scores.heading)) / (1 + HEADING_MATCH_WEIGHT), 12);
              } else {
                expect(r.scores).toEqual({ semantic: expect.any(Number), keyword: expect.anything(), fused: r.score });
              }
              expect(r.ranks).toEqual({ semantic: expect.anything(), keyword: expect.anything() });
            } else {
              expect(r).not.toHaveProperty('scores');
            }
          }
        });
      }
    }
  }
});

describe('what each mode computes', () => {
  it('semantic on Qdrant: cosine of the query and document embeddings, best first', async () => {
    const answer = await search(t, { q: QUERY.qdrant, k: 8, mode: 'semantic' });
    const expected = STRATEGY_DOCS.map((d) => ({ id: d.id, score: expectedCosine(QUERY.qdrant, d.text) })).sort((a, b) => b.score - a.score);
    expect(ids(answer.results)).toEqual(ids(expected));
    answer.results.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!.score, 5));
  });

  it('keyword on Qdrant: BM25 with server-side IDF, only documents sharing a term', async () => {
    const answer = await search(t, { q: QUERY.qdrant, k: 8, mode: 'keyword' });
    const bm25 = expectedBm25(QUERY.qdrant, STRATEGY_DOCS);
    const expected = STRATEGY_DOCS.flatMap((d, i) => (bm25[i] === null ? [] : [{ id: d.id, score: bm25[i]! }])).sort((a, b) => b.score - a.score);
    expect(expected.length).toBeLessThan(STRATEGY_DOCS.length); // the launch-file page shares no term
    expect(ids(answer.results)).toEqual(ids(expected));
    answer.results.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!.score, 4));
    expect(answer.summary.confidence.scale).toBe('bm25');
  });

  it('keyword on the embedded default: every hit contains a query term, scores descending', async () => {
    // Plain rank order: the default diversity lets a page's chunk yield to another page's right behind it.
    const answer = await search(t, { q: QUERY.embedded, k: 10, mode: 'keyword', diversity: 'none' }, { env: OFFLINE });
    const terms = new Set(analyzeText(QUERY.embedded));
    expect(answer.results).toHaveLength(10);
    for (const r of answer.results) expect(analyzeText(r.content).some((stem) => terms.has(stem))).toBe(true);
    const scores = answer.results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(answer.results[0].module).toBe('01-ros2');
  });

  it('SEARCH_MODE sets the default mode; the mode parameter overrides it', async () => {
    expect((await search(t, { q: 'topics' })).summary.mode).toBe('semantic');
    expect((await search(t, { q: 'topics' }, { env: { SEARCH_MODE: 'hybrid' } })).summary.mode).toBe('hybrid');
    expect((await search(t, { q: 'topics', mode: 'keyword' }, { env: { SEARCH_MODE: 'hybrid' } })).summary.mode).toBe('keyword');
    const bad = await search(t, { q: 'topics', mode: 'fuzzy' });
    expect(bad.status).toBe(400);
    expect(bad.error.params).toContain('mode');
  });
});

describe('round trips', () => {
  const searches = <C extends { path: string }>(calls: C[]) => calls.filter((c) => c.path.includes('/points/query'));

  it('semantic: one embed, one single Qdrant query', async () => {
    const { value, calls } = await callsDuring(t, () => search(t, { q: 'nodes and topics', mode: 'semantic' }));
    expect(calls.filter((c) => c.path === '/v2/embed')).toHaveLength(1);
    expect(searches(calls).map((c) => c.path)).toEqual(['/collections/textbook_chunks/points/query']);
    expect(value.timing.upstream_calls).toBe(calls.length);
  });

  it('keyword: no Cohere call at all, one sparse Qdrant query on "bm25"', async () => {
    const { value, calls } = await callsDuring(t, () => search(t, { q: 'nodes and topics', mode: 'keyword' }));
    expect(calls.filter((c) => c.service === 'cohere')).toEqual([]);
    const [query, ...rest] = searches(calls);
    expect(rest).toEqual([]);
    expect(query!.path).toBe('/collections/textbook_chunks/points/query');
    // One request: the sparse search as a prefetch, rescored by the overview and home priors' formula.
    expect(query!.body.prefetch[0]).toMatchObject({ using: 'bm25', query: { indices: expect.any(Array), values: expect.any(Array) } });
    expect(query!.body.query.formula).toMatchObject({ mult: ['$score[0]', expect.anything(), expect.anything()] });
    // This collection was made without the titles-and-headings vector: no second prefetch (degrade, not break).
    expect(query!.body.prefetch).toHaveLength(1);
    expect(value.timing.upstream_calls).toBe(calls.length);
    expect(value.timing.embed_ms).toBe(0);
  });

  it('a definition question: still ONE Qdrant request, its priors (defines, heading_terms) inside the formula', async () => {
    const { value, calls } = await callsDuring(t, () => search(t, { q: 'What is a ROS 2 topic?', mode: 'keyword' }));
    const [query, ...rest] = searches(calls);
    expect(rest).toEqual([]);
    expect(value.status).toBe(200);
    const formula = JSON.stringify(query!.body.query.formula);
    expect(formula).toContain(JSON.stringify({ key: 'defines', match: { any: ['topic', 'ros topic'] } }));
    expect(formula).toContain(JSON.stringify({ key: 'heading_terms', match: { any: ['topic'] } }));
    expect(formula).toContain(JSON.stringify({ key: 'kind', match: { value: 'overview' } }));
    // The home page's prose (kind: home) is demoted in the same formula, not by another request.
    expect(formula).toContain(JSON.stringify({ sum: [1, { mult: [HOME_PRIOR.factor - 1, { key: 'kind', match: { value: 'home' } }] }] }));
    // This collection was ingested without those fields: the answer is the same as without the priors.
    const plain = await search(t, { q: 'ROS 2 topic', mode: 'keyword' });
    expect(ids(value.results)).toEqual(ids(plain.results));
    expect(value.results.length).toBeGreaterThan(0);
  });

  it('hybrid: ONE Qdrant request, a batch of a dense and a sparse search', async () => {
    const { value, calls } = await callsDuring(t, () => search(t, { q: 'nodes and topics', mode: 'hybrid', k: 3 }));
    const [batch, ...rest] = searches(calls);
    expect(rest).toEqual([]);
    expect(batch!.path).toBe('/collections/textbook_chunks/points/query/batch');
    expect(batch!.body.searches).toHaveLength(2);
    const [dense, sparse] = batch!.body.searches;
    expect(dense.prefetch[0].query).toHaveLength(1024);
    expect(sparse.prefetch[0]).toMatchObject({ using: 'bm25', query: { indices: expect.any(Array) } });
    // Fusion needs a deeper pool than k: both lists are over-fetched (k × RERANK_OVERFETCH, and a k
    // below TOP_K_DEFAULT = 5 fuses the default's pool: 10), and each prefetch goes deeper still so
    // the overview prior can reorder them.
    expect([dense.limit, sparse.limit]).toEqual([10, 10]);
    expect(dense.prefetch[0].limit).toBeGreaterThan(10);
    expect(calls.filter((c) => c.path === '/v2/embed')).toHaveLength(1);
    expect(value.timing.upstream_calls).toBe(calls.length);
    // Warm (collection facts and query vector cached, result cache bypassed): the search is the only upstream call.
    const warm = await callsDuring(t, () => search(t, { q: 'nodes and topics', mode: 'hybrid', k: 3, cache: 'bypass' }));
    expect(warm.calls.map((c) => c.path)).toEqual(['/collections/textbook_chunks/points/query/batch']);
    expect(warm.value.timing.upstream_calls).toBe(1);
  });

  it('the embedded default makes no upstream request in any mode', async () => {
    for (const mode of MODES) {
      const { value, calls } = await callsDuring(t, () => search(t, { q: QUERY.embedded, mode }, { env: OFFLINE }));
      expect(value.status).toBe(200);
      expect(calls).toEqual([]);
      expect(value.timing.upstream_calls).toBe(0);
    }
  });
});

describe('a collection without the bm25 sparse vector', () => {
  let old: Tenant;
  beforeAll(async () => {
    old = tenant('no-bm25');
    await seedBm25Collection(old, STRATEGY_DOCS, { withoutSparse: true });
  });

  it.each(['keyword', 'hybrid'])('mode=%s → 400 mode_unavailable saying how to fix it; once the facts are known, no search made', async (mode) => {
    // First search: facts unknown, so the query goes out optimistically and Qdrant's refusal is explained.
    const first = await search(old, { q: 'topics', mode }, { method: 'POST' });
    expect(first.status).toBe(400);
    expect(first.error).toMatchObject({ code: 'mode_unavailable', mode, sparse_vector: 'bm25' });
    const { value, calls } = await callsDuring(old, () => search(old, { q: 'topics', mode }, { method: 'POST' }));
    expect(value.status).toBe(400);
    expect(value.error).toMatchObject({ code: 'mode_unavailable', mode, sparse_vector: 'bm25' });
    expect(value.error.message).toMatch(/ingest/);
    expect(value.error.message).toMatch(/mode=semantic/);
    expect(calls.filter((c) => c.path.includes('/points/query'))).toEqual([]);
  });

  it('semantic still works', async () => {
    expect((await search(old, { q: 'topics', mode: 'semantic' })).status).toBe(200);
  });

  it('names the sparse vectors it does have', async () => {
    const other = tenant('other-sparse');
    await seedBm25Collection(other, STRATEGY_DOCS.slice(0, 3), { sparseName: 'text-sparse' });
    const answer = await search(other, { q: 'topics', mode: 'keyword' });
    expect(answer.error).toMatchObject({ code: 'mode_unavailable', available_sparse_vectors: ['text-sparse'] });
    expect(answer.error.message).toContain('QDRANT_SPARSE_VECTOR_NAME');
    expect((await search(other, { q: 'topics', mode: 'keyword' }, { env: { QDRANT_SPARSE_VECTOR_NAME: 'text-sparse' } })).status).toBe(200);
  });
});
