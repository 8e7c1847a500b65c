/**
 * MMR end to end: on a constructed set whose diverse answer is known (two near-duplicates and one
 * different but relevant page), checked against a brute-force MMR, on a collection with several
 * dense vectors, and in every mode.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../support/fake-upstream/fake-embedding';
import { tenant, type Tenant } from './support/harness';
import { analyzeText, bm25DocumentVectorFromTokens } from '../../src/core/common/bm25/index';
import { averageLength, expectedCosine, seedBm25Collection } from './support/seed-bm25';
import { callsDuring, ids, OFFLINE, search } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';

const MMR_QUERY = 'gripper control torque';
const MMR_DOCS = [
  { id: 1, text: 'Gripper control uses torque feedback from the finger motors.', payload: { file_path: 'a.md' } },
  { id: 2, text: 'Gripper control uses torque feedback from the finger motors today.', payload: { file_path: 'b.md' } },
  { id: 3, text: 'Torque limits keep the gripper safe when grasping fragile objects.', payload: { file_path: 'c.md' } },
];

/** The best semantic score (cosine) of the constructed set: MMR's relevance is a score over the best one. */
const BEST_COSINE = Math.max(...MMR_DOCS.map((d) => expectedCosine(MMR_QUERY, d.text)));

/**
 * Greedy MMR by brute force over the fake's embeddings: argmax λ·rel(d) − (1−λ)·max sim(d, picked),
 * rel(d) = the search's score (here the cosine with the query) over the best one.
 */
function bruteMmr(lambda: number, k: number): number[] {
  const vec = (text: string) => fakeEmbedding(text, 1024);
  const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  const q = vec(MMR_QUERY);
  const docs = MMR_DOCS.map((d) => ({ id: d.id, v: vec(d.text) }));
  const rel = (d: (typeof docs)[number]) => dot(q, d.v) / BEST_COSINE;
  const picked: typeof docs = [];
  while (picked.length < k) {
    const rest = docs.filter((d) => !picked.includes(d));
    const score = (d: (typeof docs)[number]) =>
      picked.length === 0 ? rel(d) : lambda * rel(d) - (1 - lambda) * Math.max(...picked.map((p) => dot(p.v, d.v)));
    picked.push(rest.reduce((best, d) => (score(d) > score(best) ? d : best)));
  }
  return picked.map((d) => d.id);
}

let mmr: Tenant;
let t: Tenant;
beforeAll(async () => {
  mmr = tenant('mmr');
  await seedBm25Collection(mmr, MMR_DOCS);
  t = tenant('rerank');
  await seedBm25Collection(t, STRATEGY_DOCS);
});

describe('MMR on a constructed set (near-duplicates 1 and 2, different but relevant 3)', () => {
  it('λ = 1 is pure relevance: the duplicates first', async () => {
    const answer = await search(mmr, { q: MMR_QUERY, k: 3, rerank: 'mmr', lambda: 1 });
    expect(ids(answer.results)).toEqual([1, 2, 3]);
    expect(ids(answer.results)).toEqual(bruteMmr(1, 3));
    expect(answer.results[0].mmr).toMatchObject({ diversity: 1, lambda: 1 });
    // The second pick is a near-copy of the first: diversity = 1 − cos(doc1, doc2), about 0.05.
    expect(answer.results[1].mmr.diversity).toBeCloseTo(1 - expectedCosine(MMR_DOCS[0]!.text, MMR_DOCS[1]!.text), 5);
    expect(answer.results[1].mmr.diversity).toBeLessThan(0.1);
  });

  // At 0.7 relevance still wins here: doc 2 scores 93 % of doc 1's, doc 3 only 62 % (bruteMmr agrees).
  it('λ = 0.7 keeps the near-duplicate second', async () => {
    const answer = await search(mmr, { q: MMR_QUERY, k: 3, rerank: 'mmr', lambda: 0.7 });
    expect(ids(answer.results)).toEqual([1, 2, 3]);
    expect(ids(answer.results)).toEqual(bruteMmr(0.7, 3));
  });

  it.each([0.5, 0.3, 0])('λ = %s brings the different page up second', async (lambda) => {
    const answer = await search(mmr, { q: MMR_QUERY, k: 3, rerank: 'mmr', lambda }, { method: 'POST' });
    expect(ids(answer.results)).toEqual([1, 3, 2]);
    expect(ids(answer.results)).toEqual(bruteMmr(lambda, 3));
    expect(answer.results[1].mmr.diversity).toBeCloseTo(1 - expectedCosine(MMR_DOCS[0]!.text, MMR_DOCS[2]!.text), 5);
    expect(answer.results[1].mmr.diversity).toBeGreaterThan(0.6);
    answer.results.forEach((r) => {
      expect(r.mmr.lambda).toBe(lambda);
      // The semantic score (the cosine) is kept as the score; relevance is it over the best one.
      expect(r.score).toBeCloseTo(expectedCosine(MMR_QUERY, MMR_DOCS.find((d) => d.id === r.id)!.text), 5);
      expect(r.mmr.relevance).toBeCloseTo(r.score / BEST_COSINE, 5);
    });
  });

  it('defaults λ to 0.7 and over-fetches the candidates with their vectors', async () => {
    const { value, calls } = await callsDuring(mmr, () => search(mmr, { q: MMR_QUERY, k: 2, rerank: 'mmr' }));
    expect(value.results.map((r) => r.mmr.lambda)).toEqual([0.7, 0.7]);
    const query = calls.find((c) => c.path.endsWith('/points/query'))!;
    expect(query.body).toMatchObject({ limit: 4, with_vector: true });
    expect(value.results[0]).not.toHaveProperty('vector');
  });

  it('rejects λ outside [0, 1]', async () => {
    for (const lambda of ['1.5', '-0.1', 'abc']) {
      const answer = await search(mmr, { q: MMR_QUERY, rerank: 'mmr', lambda });
      expect(answer.status).toBe(400);
      expect(answer.error.params).toContain('lambda');
    }
  });
});

describe('MMR over keyword hits on a collection with several dense vectors', () => {
  it('asks for the configured dense vector only and compares the hits by it', async () => {
    const m = tenant('mmr-named');
    const avgLen = averageLength(MMR_DOCS.map((d) => d.text));
    // `title` comes first in every point and is the same for all of them: compared by it, nothing differs.
    await m.qdrant('PUT', '/collections/textbook_chunks', {
      vectors: { title: { size: 1024, distance: 'Cosine' }, dense: { size: 1024, distance: 'Cosine' } },
      sparse_vectors: { bm25: { modifier: 'idf' } },
      metadata: { bm25: { avg_len: avgLen } },
    });
    const embeddings = await m.embedDocuments(MMR_DOCS.map((d) => d.text));
    const title = Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0));
    await m.qdrant('PUT', '/collections/textbook_chunks/points?wait=true', {
      points: MMR_DOCS.map((doc, i) => ({
        id: doc.id,
        vector: { title, dense: embeddings[i], bm25: bm25DocumentVectorFromTokens(analyzeText(doc.text), avgLen) },
        payload: { content: doc.text, ...doc.payload },
      })),
    });
    const env = { QDRANT_VECTOR_NAME: 'dense' };
    const { value, calls } = await callsDuring(m, () => search(m, { q: MMR_QUERY, k: 2, mode: 'keyword', rerank: 'mmr', lambda: 1 }, { env }));
    expect(value.status).toBe(200);
    const query = calls.find((c) => c.path.endsWith('/points/query'))!;
    expect(query.body.with_vector).toEqual(['dense']);
    const [first, second] = value.results;
    const text = (id: number) => MMR_DOCS.find((d) => d.id === id)!.text;
    expect(second.mmr.diversity).toBeCloseTo(1 - expectedCosine(text(first.id), text(second.id)), 5);
  });
});

describe.each([
  { store: 'qdrant', env: {}, q: 'sensor data topics' },
  { store: 'embedded', env: OFFLINE, q: 'QoS reliability for sensor data topics' },
] as const)('MMR in every mode ($store)', ({ env, q }) => {
  const tt = () => t;

  it('λ = 1 keeps the semantic order; a low λ keeps the top hit and picks a less similar second', async () => {
    const semantic = await search(tt(), { q, k: 4 }, { env });
    const pure = await search(tt(), { q, k: 4, rerank: 'mmr', lambda: 1 }, { env });
    expect(ids(pure.results)).toEqual(ids(semantic.results));
    const diverse = await search(tt(), { q, k: 4, rerank: 'mmr', lambda: 0.2 }, { env });
    expect(diverse.results[0].id).toBe(semantic.results[0].id);
    expect(diverse.results[1].mmr.diversity).toBeGreaterThanOrEqual(pure.results[1].mmr.diversity);
    const pool = ids((await search(tt(), { q, k: 8 }, { env })).results);
    for (const id of ids(diverse.results)) expect(pool).toContain(id);
  });

  it.each(['keyword', 'hybrid'])('mode=%s with rerank=mmr', async (mode) => {
    const answer = await search(tt(), { q, k: 3, mode, rerank: 'mmr' }, { env });
    expect(answer.status).toBe(200);
    expect(answer.results).toHaveLength(3);
    for (const r of answer.results) expect(r.mmr).toEqual({ score: expect.any(Number), relevance: expect.any(Number), diversity: expect.any(Number), lambda: 0.7 });
    expect(answer.summary).toMatchObject({ mode, rerank: 'mmr' });
    // The pool MMR chose from (k × RERANK_OVERFETCH per list; fused lists draw on the default k = 5's
    // pool when k is smaller), not just the k it picked.
    const perList = mode === 'hybrid' ? 10 : 6;
    const keywordPool = ids((await search(tt(), { q, k: perList, mode: 'keyword' }, { env })).results);
    const densePool = mode === 'hybrid' ? ids((await search(tt(), { q, k: perList }, { env })).results) : [];
    expect(answer.summary.total_candidates).toBe(new Set([...keywordPool, ...densePool]).size);
    expect(answer.summary.total_candidates).toBeGreaterThan(3);
    // No second list is fetched for keyword + MMR, so nothing is fused and BM25 scores are rated as BM25.
    if (mode === 'keyword') {
      expect(answer.summary.fusion).toBeUndefined();
      expect(answer.summary.confidence.scale).toBe('bm25');
    } else {
      // The fused hybrid list keeps each hit's per-list scores (README: `scores`), MMR or not.
      expect(answer.results[0].scores).toMatchObject({ fused: expect.any(Number) });
      expect(Object.keys(answer.results[0].scores).some((list) => list === 'semantic' || list === 'keyword')).toBe(true);
    }
  });
});
