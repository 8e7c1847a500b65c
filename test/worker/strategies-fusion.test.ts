/**
 * Hybrid fusion end to end on both stores, checked against arithmetic done here: weighted
 * (min-max per list, then wS·s + wK·k) and RRF (Σ 1/(k + rank), 1-based ranks), over the same
 * candidate lists the Worker fetched (seen through mode=semantic / mode=keyword with k = the
 * hybrid over-fetch), and on the fake over scores computed independently from the fake's
 * embedding and BM25 with IDF.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tenant, type Tenant } from './support/harness';
import { expectedBm25, expectedCosine, seedBm25Collection } from './support/seed-bm25';
import { ids, search, STORES } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';
import { HEADING_MATCH_WEIGHT } from '../../src/core/query/search/heading-match';

type Id = string | number;
interface Hit { id: Id; score: number }
interface Fused { id: Id; fused: number; semantic: number | null; keyword: number | null; rs: number | null; rk: number | null }

const byId = (a: Id, b: Id) => (typeof a === 'number' && typeof b === 'number' ? a - b : typeof a === 'number' ? -1 : typeof b === 'number' ? 1 : a < b ? -1 : a > b ? 1 : 0);
const ranked = (list: Hit[]) => [...list].sort((a, b) => b.score - a.score || byId(a.id, b.id));

/** Fuses two lists with `score(semanticEntry, keywordEntry)`; best first, ties by id. */
function fuse(dense: Hit[], sparse: Hit[], score: (s: { score: number; rank: number } | undefined, k: { score: number; rank: number } | undefined) => number): Fused[] {
  const s = new Map(ranked(dense).map((h, i) => [h.id, { score: h.score, rank: i + 1 }]));
  const k = new Map(ranked(sparse).map((h, i) => [h.id, { score: h.score, rank: i + 1 }]));
  const all = [...new Set([...s.keys(), ...k.keys()])];
  return all
    .map((id) => ({ id, fused: score(s.get(id), k.get(id)), semantic: s.get(id)?.score ?? null, keyword: k.get(id)?.score ?? null, rs: s.get(id)?.rank ?? null, rk: k.get(id)?.rank ?? null }))
    .sort((a, b) => b.fused - a.fused || byId(a.id, b.id));
}

function weighted(dense: Hit[], sparse: Hit[], ws = 0.7, wk = 0.3): Fused[] {
  const norm = (list: Hit[]) => {
    const min = Math.min(...list.map((h) => h.score));
    const max = Math.max(...list.map((h) => h.score));
    return (x: number) => (max > min ? (x - min) / (max - min) : 1);
  };
  const ns = norm(dense);
  const nk = norm(sparse);
  return fuse(dense, sparse, (s, k) => ws * (s ? ns(s.score) : 0) + wk * (k ? nk(k.score) : 0));
}

// Σ 1/(k + rank), over its best value 2/(k + 1): 1 = first in both lists.
/** RRF with the keyword list weighted `wk` (the semantic list weighs 1), over its best value. */
const rrf = (dense: Hit[], sparse: Hit[], k = 60, wk = 1) =>
  fuse(dense, sparse, (s, kw) => ((s ? 1 / (k + s.rank) : 0) + (kw ? wk / (k + kw.rank) : 0)) / ((1 + wk) / (k + 1)));

/**
 * The answer's results are the expected fusion, best first. With the local model (`scores.heading`
 * present) each fused score also carries its heading match, (fused + w · max(0, heading)) / (1 + w),
 * and the order follows that score: checked here with the heading cosines the answer reports (their
 * arithmetic is tested in test/core/query/search/heading-match.test.ts).
 */
function expectMatches(results: any[], expected: Fused[]): void {
  const heading = new Map(results.map((r) => [r.id, r.scores.heading as number | undefined]));
  const local = results.some((r) => r.scores.heading !== undefined);
  const scored = expected
    .map((e) => ({ ...e, score: local && heading.has(e.id) ? (e.fused + HEADING_MATCH_WEIGHT * Math.max(0, heading.get(e.id)!)) / (1 + HEADING_MATCH_WEIGHT) : e.fused }))
    // Candidates the answer did not return have no reported match: they must rank below every returned one.
    .filter((e) => !local || heading.has(e.id))
    .sort((a, b) => b.score - a.score || byId(a.id, b.id));
  expect(ids(results)).toEqual(scored.slice(0, results.length).map((e) => e.id));
  results.forEach((r, i) => {
    const e = scored[i]!;
    expect(r.scores.semantic).toBe(e.semantic);
    expect(r.scores.keyword).toBe(e.keyword);
    expect(r.scores.fused).toBeCloseTo(e.fused, 12);
    expect(r.score).toBeCloseTo(e.score, 12);
    if (!local) expect(r.score).toBe(r.scores.fused);
    expect(r.ranks).toEqual({ semantic: e.rs, keyword: e.rk });
  });
}

let t: Tenant;
beforeAll(async () => {
  t = tenant('fusion');
  await seedBm25Collection(t, STRATEGY_DOCS);
});


describe.each(STORES)('fusion over the fetched lists ($store)', ({ env, q }) => {
  // Hybrid with k = 5 fetches k × RERANK_OVERFETCH = 10 per list; the single-mode searches show those
  // lists (in plain rank order: diversity=none).
  let dense: Hit[];
  let sparse: Hit[];
  beforeAll(async () => {
    dense = (await search(t, { q, k: 10, mode: 'semantic', diversity: 'none' }, { env })).results;
    sparse = (await search(t, { q, k: 10, mode: 'keyword', diversity: 'none' }, { env })).results;
    expect(dense.length).toBeGreaterThan(5);
    expect(sparse.length).toBeGreaterThan(2);
  });

  it('weighted (default): min-max each list, 0.7·semantic + 0.3·keyword', async () => {
    const answer = await search(t, { q, k: 5, mode: 'hybrid' }, { env });
    expect(answer.summary).toMatchObject({ fusion: 'weighted', total_candidates: new Set([...ids(dense), ...ids(sparse)]).size });
    expectMatches(answer.results, weighted(dense, sparse));
  });

  it('weights per request (POST) and from config', async () => {
    const request = await search(t, { q, k: 5, mode: 'hybrid', semantic_weight: 0.2, keyword_weight: 0.8 }, { method: 'POST', env });
    expectMatches(request.results, weighted(dense, sparse, 0.2, 0.8));
    const config = await search(t, { q, k: 5, mode: 'hybrid' }, { env: { ...env, HYBRID_SEMANTIC_WEIGHT: '0.5', HYBRID_KEYWORD_WEIGHT: '1.5' } });
    expectMatches(config.results, weighted(dense, sparse, 0.5, 1.5));
  });

  it('fusion=rrf: 1/(60 + rank) summed over the lists, over its best value; rrf_k and RRF_K change k', async () => {
    const answer = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf' }, { env });
    expect(answer.summary.fusion).toBe('rrf');
    expectMatches(answer.results, rrf(dense, sparse));
    // First in both lists: 2/61 (the paper's k = 60) over the best value 2/61 — a score of 1.
    if (answer.results[0].ranks.semantic === 1 && answer.results[0].ranks.keyword === 1) expect(answer.results[0].scores.fused).toBeCloseTo(1, 12);
    for (const r of answer.results) expect(r.score).toBeLessThanOrEqual(1);
    expectMatches((await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf', rrf_k: 1 }, { env })).results, rrf(dense, sparse, 1));
    expectMatches((await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf' }, { env: { ...env, RRF_K: '10' } })).results, rrf(dense, sparse, 10));
  });

  it('fusion=rrf weighs the keyword list by rrf_keyword_weight (RRF_KEYWORD_WEIGHT by default), the semantic list by 1', async () => {
    const half = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf', rrf_keyword_weight: 0.5 }, { env });
    expectMatches(half.results, rrf(dense, sparse, 60, 0.5));
    const configured = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf' }, { env: { ...env, RRF_KEYWORD_WEIGHT: '0.5' } });
    expectMatches(configured.results, rrf(dense, sparse, 60, 0.5));
    // Weight 0: the semantic list's order (with the local model's heading match on top), scores on the same 0–1 scale.
    expectMatches((await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf', rrf_keyword_weight: 0 }, { env })).results, rrf(dense, sparse, 60, 0));
  });

  it('a weight or lambda the search does not read changes nothing and is named in an ignored_parameter warning', async () => {
    const plain = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf' }, { env });
    const tuned = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf', semantic_weight: 0.9, lambda: 0.2 }, { env });
    expect(ids(tuned.results)).toEqual(ids(plain.results));
    expect(plain.summary.warnings.map((w: { code: string }) => w.code)).not.toContain('ignored_parameter');
    expect(tuned.summary.warnings).toContainEqual(
      expect.objectContaining({ code: 'ignored_parameter', details: { params: ['semantic_weight', 'lambda'], needs: { semantic_weight: 'mode=hybrid&fusion=weighted', lambda: 'rerank=mmr' } } }),
    );
  });

  it('rerank=rrf, the old name, is an alias of mode=hybrid&fusion=rrf: same lists, same fusion, and a warning naming the canonical form', async () => {
    // Over the configured defaults (semantic mode, weighted fusion): the alias names both.
    const answer = await search(t, { q, k: 5, rerank: 'rrf' }, { env });
    // One concept, one name: the answer reports what ran (hybrid + RRF), not the alias.
    expect(answer.summary).toMatchObject({ mode: 'hybrid', rerank: 'none', fusion: 'rrf' });
    expectMatches(answer.results, rrf(dense, sparse));
    expect(answer.summary.warnings).toContainEqual(expect.objectContaining({ code: 'deprecated_alias', details: { alias: 'rerank=rrf', canonical: { mode: 'hybrid', fusion: 'rrf' } } }));
    const canonical = await search(t, { q, k: 5, mode: 'hybrid', fusion: 'rrf' }, { env });
    expect(ids(answer.results)).toEqual(ids(canonical.results));
    // An explicit mode or fusion the alias would override is refused, naming both parameters.
    const conflict = await search(t, { q, k: 5, mode: 'keyword', rerank: 'rrf' }, { env });
    expect(conflict.status).toBe(400);
    expect(conflict.error).toMatchObject({ code: 'invalid_request', params: ['rerank', 'mode'] });
  });

  it('a weight of 0 reduces hybrid to the other list’s order', async () => {
    // The other list's order — with the local model's heading match on top, as every fused score has it
    // (a near tie in one list can swap on it: the sample book's labels decide which).
    const semanticOnly = await search(t, { q, k: 5, mode: 'hybrid', keyword_weight: 0, semantic_weight: 1, diversity: 'none' }, { env });
    expectMatches(semanticOnly.results, weighted(dense, sparse, 1, 0));
    const keywordOnly = await search(t, { q, k: 2, mode: 'hybrid', keyword_weight: 1, semantic_weight: 0, diversity: 'none' }, { env });
    expectMatches(keywordOnly.results, weighted(dense, sparse, 0, 1));
  });
});

describe('fusion on the fake, from independently computed component scores', () => {
  const q = 'sensor data topics';
  const cosines = STRATEGY_DOCS.map((d) => ({ id: d.id, score: expectedCosine(q, d.text) }));
  const bm25 = expectedBm25(q, STRATEGY_DOCS);
  const keywordHits = STRATEGY_DOCS.flatMap((d, i) => (bm25[i] === null ? [] : [{ id: d.id, score: bm25[i]! }]));

  it('the whole collection in one hybrid answer: weighted fused scores and order as computed by hand', async () => {
    const answer = await search(t, { q, k: 8, mode: 'hybrid' });
    const expected = weighted(cosines, keywordHits);
    expect(ids(answer.results)).toEqual(ids(expected));
    answer.results.forEach((r, i) => {
      expect(r.scores.semantic).toBeCloseTo(expected[i]!.semantic!, 5);
      if (expected[i]!.keyword === null) expect(r.scores.keyword).toBeNull();
      else expect(r.scores.keyword).toBeCloseTo(expected[i]!.keyword!, 4);
      expect(r.scores.fused).toBeCloseTo(expected[i]!.fused, 4);
    });
    // The page sharing no word with the query is found by the dense search only.
    expect(answer.results.find((r) => r.id === 6)).toMatchObject({ scores: { keyword: null }, ranks: { keyword: null } });
  });

  it('and by RRF', async () => {
    const answer = await search(t, { q, k: 8, mode: 'hybrid', fusion: 'rrf' });
    const expected = rrf(cosines, keywordHits);
    expect(ids(answer.results)).toEqual(ids(expected));
    answer.results.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!.fused, 12));
  });
});

describe('fusion parameters are validated', () => {
  it.each([
    [{ fusion: 'linear' }, 'fusion'],
    [{ semantic_weight: -1 }, 'semantic_weight'],
    [{ keyword_weight: 'x' }, 'keyword_weight'],
    [{ semantic_weight: 0, keyword_weight: 0 }, 'semantic_weight'],
    [{ rrf_k: -5 }, 'rrf_k'],
    [{ rrf_keyword_weight: -1 }, 'rrf_keyword_weight'],
    [{ rrf_keyword_weight: 'x' }, 'rrf_keyword_weight'],
  ])('%j → 400', async (extra, param) => {
    const answer = await search(t, { q: 'topics', mode: 'hybrid', ...extra });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'invalid_request' });
    expect(answer.error.params).toContain(param);
  });
});
